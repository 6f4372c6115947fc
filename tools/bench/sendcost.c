// SPDX-License-Identifier: MIT
/*
 * What one byte costs QEMU's serial backend on this host: QEMU sends each
 * byte the guest transmits with its own send(). Times N one-byte send()s
 * into a connected stream socket, a reader thread draining the other end,
 * over TCP loopback (TCP_NODELAY, as nodelay=on) and over a Unix socket
 * pair. Prints "tcp <us per byte>" and "unix <us per byte>".
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BYTES	200000

static void *drain(void *arg)
{
	int fd = *(int *)arg;
	char buf[65536];
	long got = 0, n;

	while (got < BYTES && (n = read(fd, buf, sizeof(buf))) > 0)
		got += n;
	return NULL;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int tcp_pair(int sv[2])
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int one = 1, l = socket(AF_INET, SOCK_STREAM, 0);

	if (l < 0 || bind(l, (struct sockaddr *)&a, len) || listen(l, 1) ||
	    getsockname(l, (struct sockaddr *)&a, &len))
		return -1;
	sv[0] = socket(AF_INET, SOCK_STREAM, 0);
	if (sv[0] < 0 || connect(sv[0], (struct sockaddr *)&a, len))
		return -1;
	sv[1] = accept(l, NULL, NULL);
	close(l);
	return sv[1] < 0 ? -1 : setsockopt(sv[0], IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

static int measure(const char *name, int sv[2])
{
	pthread_t reader;
	double t0;
	int i;

	if (pthread_create(&reader, NULL, drain, &sv[1]))
		return -1;
	t0 = now();
	for (i = 0; i < BYTES; i++) {
		char c = (char)i;

		if (send(sv[0], &c, 1, 0) != 1)
			return -1;
	}
	printf("%s %.2f\n", name, (now() - t0) / BYTES * 1e6);
	pthread_join(reader, NULL);
	close(sv[0]);
	close(sv[1]);
	return 0;
}

int main(void)
{
	int sv[2];

	if (tcp_pair(sv) || measure("tcp", sv) ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || measure("unix", sv)) {
		perror("sendcost");
		return 1;
	}
	return 0;
}
