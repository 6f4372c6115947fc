// SPDX-License-Identifier: MIT
/*
 * The netconsole-style configuration string of a struct netpoll,
 *   [src-port]@[local-ip]/[dev],[dst-port]@<peer-ip>[/[peer-mac]]
 * parsed strictly (it comes from the command line, where a typo should
 * be an error, not a debugger listening somewhere unexpected) and
 * printed back in the same form.
 */
#include <kernel/errno.h>
#include <kernel/string.h>
#include "netpoll_internal.h"

#define DEFAULT_PORT	6443
#define DEFAULT_IP	0x0a00020f	/* 10.0.2.15: QEMU's user network */

/* The parsed fields, written to the struct netpoll only when all are good. */
struct np_config {
	u16 local_port, remote_port;
	u32 local_ip, remote_ip;
	char dev[NETDEV_NAME_LEN];
	u8 mac[ETH_ALEN];
	bool mac_known;
};

/*
 * Decimal digits only (no sign, no spaces, no leading zero that some
 * would read as octal), at least one, at most @max.
 */
static const char *parse_dec(const char *s, u32 max, u32 *res)
{
	u32 v = 0;
	const char *p;

	if (s[0] == '0' && s[1] >= '0' && s[1] <= '9')
		return NULL;
	for (p = s; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (u32)(*p - '0');
		if (v > max)
			return NULL;
	}
	if (p == s)
		return NULL;
	*res = v;
	return p;
}

/* A port, 1..65535, ending at @stop; empty means @def. */
static const char *parse_port(const char *s, char stop, u16 def, u16 *port)
{
	u32 v = def;

	if (*s != stop) {
		s = parse_dec(s, 65535, &v);
		if (!s || !v)
			return NULL;
	}
	*port = (u16)v;
	return *s == stop ? s + 1 : NULL;
}

/* A dotted quad, not 0.0.0.0. */
static const char *parse_ip(const char *s, u32 *ip)
{
	u32 v = 0, byte;
	int i;

	for (i = 0; i < 4; i++) {
		if (i && *s++ != '.')
			return NULL;
		s = parse_dec(s, 255, &byte);
		if (!s)
			return NULL;
		v = v << 8 | byte;
	}
	if (!v)
		return NULL;
	*ip = v;
	return s;
}

/* aa:bb:cc:dd:ee:ff, two hex digits per byte. */
static const char *parse_mac(const char *s, u8 *mac)
{
	int i;

	for (i = 0; i < ETH_ALEN; i++) {
		int hi, lo;

		if (i && *s++ != ':')
			return NULL;
		hi = hex_to_bin(s[0]);
		if (hi < 0)
			return NULL;
		lo = hex_to_bin(s[1]);
		if (lo < 0)
			return NULL;
		mac[i] = (u8)(hi << 4 | lo);
		s += 2;
	}
	return s;
}

/* What an interface name is made of ("eth0"): anything else is a typo. */
static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

/* "[src-port]@[local-ip]/[dev]", up to the ',' or the end. */
static const char *parse_local(const char *s, struct np_config *c)
{
	size_t n;

	s = parse_port(s, '@', DEFAULT_PORT, &c->local_port);
	if (!s)
		return NULL;
	if (*s != '/') {
		s = parse_ip(s, &c->local_ip);
		if (!s || *s != '/')
			return NULL;
	}
	s++;
	for (n = 0; s[n] && s[n] != ','; n++)
		if (n == sizeof(c->dev) - 1 || !name_char(s[n]))
			return NULL;
	memcpy(c->dev, s, n);
	c->dev[n] = '\0';
	return s + n;
}

/* "[dst-port]@<peer-ip>[/[peer-mac]]", to the end. */
static const char *parse_remote(const char *s, struct np_config *c)
{
	s = parse_port(s, '@', DEFAULT_PORT, &c->remote_port);
	if (!s)
		return NULL;
	s = parse_ip(s, &c->remote_ip);
	if (!s || !*s)
		return s;
	if (*s++ != '/')
		return NULL;
	if (!*s)
		return s;
	c->mac_known = true;
	return parse_mac(s, c->mac);
}

int netpoll_parse_config(struct netpoll *np, const char *config)
{
	struct np_config c = {
		.local_port = DEFAULT_PORT,
		.local_ip = DEFAULT_IP,
	};
	struct net_device *dev;
	const char *s = config;

	if (!s)
		return -EINVAL;
	if (*s && *s != ',') {
		s = parse_local(s, &c);
		if (!s)
			return -EINVAL;
	}
	if (*s == ',') {
		s = parse_remote(s + 1, &c);
		if (!s)
			return -EINVAL;
	}
	if (*s)
		return -EINVAL;
	/* A group address cannot be the peer's own. */
	if (c.mac_known && (c.mac[0] & 1))
		return -EINVAL;
	dev = netdev_find(c.dev);
	if (!dev)
		return -ENODEV;

	np->dev = dev;
	np->local_ip = c.local_ip;
	np->local_port = c.local_port;
	np->remote_ip = c.remote_ip;
	np->remote_port = c.remote_port;
	memcpy(np->remote_mac, c.mac, ETH_ALEN);
	np->remote_mac_known = c.mac_known;
	return 0;
}

#define IP_ARGS(ip)	(ip) >> 24, ((ip) >> 16) & 0xff, ((ip) >> 8) & 0xff, (ip) & 0xff

void netpoll_format_config(const struct netpoll *np, char *buf, size_t len)
{
	char peer[sizeof(",65535@255.255.255.255/aa:bb:cc:dd:ee:ff")] = "";
	const u8 *m = np->remote_mac;

	if (np->remote_ip) {
		int n = snprintf(peer, sizeof(peer), ",%u@%u.%u.%u.%u",
				 np->remote_port, IP_ARGS(np->remote_ip));

		if (np->remote_mac_known)
			snprintf(peer + n, sizeof(peer) - (size_t)n,
				 "/%02x:%02x:%02x:%02x:%02x:%02x",
				 m[0], m[1], m[2], m[3], m[4], m[5]);
	}
	snprintf(buf, len, "%u@%u.%u.%u.%u/%s%s", np->local_port,
		 IP_ARGS(np->local_ip), np->dev ? np->dev->name : "", peer);
}
