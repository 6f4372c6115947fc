// SPDX-License-Identifier: MIT
/* net/netpoll_config.c: the netconsole-style configuration string. */
#include "host_test.h"
#include "fake_netdev.h"
#include <kernel/compiler.h>
#include <net/netpoll.h>

#define IP(a, b, c, d)	((u32)(a) << 24 | (b) << 16 | (c) << 8 | (d))

static struct netpoll np;

static int setup(void **state)
{
	fake_netdev_reset();
	memset(&np, 0, sizeof(np));
	return 0;
}

static void parse_ok(const char *s)
{
	memset(&np, 0xa5, sizeof(np));
	assert_int_equal(netpoll_parse_config(&np, s), 0);
}

static void check_no_peer(void)
{
	assert_int_equal(np.remote_ip, 0);
	assert_int_equal(np.remote_port, 0);
	assert_false(np.remote_mac_known);
}

static void test_defaults(void **state)
{
	static const char *const empty[] = { "", "@/", "6443@/", "@10.0.2.15/", "@/eth0" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(empty); i++) {
		parse_ok(empty[i]);
		assert_ptr_equal(np.dev, &fake_eth0);
		assert_int_equal(np.local_port, 6443);
		assert_int_equal(np.local_ip, IP(10, 0, 2, 15));
		check_no_peer();
	}
}

static void test_full(void **state)
{
	static const u8 mac[ETH_ALEN] = { 0x00, 0x11, 0x22, 0xaa, 0xbb, 0xcc };

	parse_ok("6666@192.168.1.2/eth1,7777@192.168.1.1/00:11:22:AA:bb:cc");
	assert_ptr_equal(np.dev, &fake_eth1);
	assert_int_equal(np.local_port, 6666);
	assert_int_equal(np.local_ip, IP(192, 168, 1, 2));
	assert_int_equal(np.remote_port, 7777);
	assert_int_equal(np.remote_ip, IP(192, 168, 1, 1));
	assert_true(np.remote_mac_known);
	assert_memory_equal(np.remote_mac, mac, ETH_ALEN);
}

static void test_peer_defaults(void **state)
{
	static const char *const peer[] = {
		"@/,@10.0.2.2/", "@/,@10.0.2.2", ",@10.0.2.2", "@/eth0,6443@10.0.2.2/",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(peer); i++) {
		parse_ok(peer[i]);
		assert_ptr_equal(np.dev, &fake_eth0);
		assert_int_equal(np.local_port, 6443);
		assert_int_equal(np.remote_port, 6443);
		assert_int_equal(np.remote_ip, IP(10, 0, 2, 2));
		assert_false(np.remote_mac_known);
	}
	parse_ok("1@/,65535@255.255.255.255/");
	assert_int_equal(np.local_port, 1);
	assert_int_equal(np.remote_port, 65535);
	assert_int_equal(np.remote_ip, 0xffffffff);
}

static void test_bad(void **state)
{
	static const char *const bad[] = {
		"x", "6443", "@", "/", "@10.0.2.15", "0@/", "65536@/", "99999999999@/",
		"-1@/", "+1@/", " 1@/", "1 @/", "@/ ", "0x10@/", "01@/",
		"@1.2.3/", "@1.2.3.4.5/", "@256.1.1.1/", "@0.0.0.0/", "@01.2.3.4/",
		"@1..2.3/", "@1.2.3.4 /", "@1.2.3./", "@.1.2.3/", "@a.b.c.d/",
		"@/eth0,", "@/,", ",", "@/,@/", "@/,@", "@/,10.0.2.2", "@/,0@10.0.2.2/",
		"@/,@0.0.0.0/", "@/,@10.0.2.2,", "@/,@10.0.2.2/x",
		"@/,@10.0.2.2/00:11:22:33:44", "@/,@10.0.2.2/00:11:22:33:44:55:66",
		"@/,@10.0.2.2/00:11:22:33:44:5", "@/,@10.0.2.2/0g:11:22:33:44:55",
		"@/,@10.0.2.2/00-11-22-33-44-55", "@/,@10.0.2.2/001:1:22:33:44:55",
		"@/,@10.0.2.2/01:00:5e:00:00:01", "@/,@10.0.2.2/ff:ff:ff:ff:ff:ff",
		"@/,@10.0.2.2/00:11:22:33:44:55\n", "@/toolongname", "@/eth0,,", "@/eth 0", "@/eth0@", "@/eth0/",
	};
	struct netpoll before;
	size_t i;

	memset(&np, 0x5a, sizeof(np));
	memcpy(&before, &np, sizeof(np));
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int ret = netpoll_parse_config(&np, bad[i]);

		if (ret != -EINVAL)
			fail_msg("\"%s\" gave %d", bad[i], ret);
		assert_memory_equal(&np, &before, sizeof(np));
	}
	assert_int_equal(netpoll_parse_config(&np, NULL), -EINVAL);
}

static void test_nodev(void **state)
{
	struct netpoll before;

	memset(&np, 0x5a, sizeof(np));
	memcpy(&before, &np, sizeof(np));
	assert_int_equal(netpoll_parse_config(&np, "@/eth9"), -ENODEV);
	assert_int_equal(netpoll_parse_config(&np, "@/eth"), -ENODEV);
	fake_netdev_count = 0;
	assert_int_equal(netpoll_parse_config(&np, ""), -ENODEV);
	assert_int_equal(netpoll_parse_config(&np, "@/,@10.0.2.2/"), -ENODEV);
	assert_memory_equal(&np, &before, sizeof(np));
}

/* Parse, print, parse what was printed: the same configuration. */
static void round_trip(const char *in, const char *out)
{
	struct netpoll again;
	char buf[128];

	parse_ok(in);
	np.rx = NULL;
	np.priv = NULL;
	memset(&np.count, 0, sizeof(np.count));
	netpoll_format_config(&np, buf, sizeof(buf));
	assert_string_equal(buf, out);
	memcpy(&again, &np, sizeof(np));
	assert_int_equal(netpoll_parse_config(&again, buf), 0);
	assert_memory_equal(&again, &np, sizeof(np));
}

static void test_format(void **state)
{
	char small[12];

	round_trip("", "6443@10.0.2.15/eth0");
	round_trip("@/,@10.0.2.2", "6443@10.0.2.15/eth0,6443@10.0.2.2");
	round_trip("1@1.2.3.4/eth1,65535@255.255.255.254/02:ab:cd:ef:00:09",
		   "1@1.2.3.4/eth1,65535@255.255.255.254/02:ab:cd:ef:00:09");

	/* Cut short, still terminated (ASan watches the bounds). */
	memset(small, 'x', sizeof(small));
	netpoll_format_config(&np, small, sizeof(small));
	assert_string_equal(small, "1@1.2.3.4/e");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_defaults, setup),
		cmocka_unit_test_setup(test_full, setup),
		cmocka_unit_test_setup(test_peer_defaults, setup),
		cmocka_unit_test_setup(test_bad, setup),
		cmocka_unit_test_setup(test_nodev, setup),
		cmocka_unit_test_setup(test_format, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
