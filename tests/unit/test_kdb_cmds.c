// SPDX-License-Identifier: MIT
/*
 * kdb's argument parsing and its memory and register commands
 * (kernel/debug/kdb/kdb_args.c, kdb_mem.c, kdb_regs.c) on the fake
 * machine, run from the command table as kdb's prompt finds them, with
 * the rest of kdb made up by fake_kdb.c. The host is little-endian: so
 * are the words expected.
 */

#include "harness.h"
#include <asm-generic/sections.h>
#include <kernel/kallsyms.h>
#include "../../kernel/debug/kdb/kdb.h"

/* fake_kdb.c */
extern char fake_kdb_out[];
extern unsigned int fake_kdb_quit_after;
void fake_kdb_reset(void);
void fake_kdb_output_reset(void);
void fake_kdb_setenv(const char *name, const char *val);

#define FAKE_FN		(FAKE_TEXT + 0x100)	/* fake_kdb.c's symbols */
#define FAKE_ADD	(FAKE_TEXT + 0x140)
#define FAKE_VAR	(FAKE_DATA + 0x400)

/* The command @name as kdb's prompt finds it: by name, and mdWcN as md. */
static const struct kgdb_monitor_cmd *find(const char *name)
{
	const struct kgdb_monitor_cmd *c = (void *)__start_kgdb_monitor_cmds;

	for (; c < (const struct kgdb_monitor_cmd *)__stop_kgdb_monitor_cmds; c++)
		if (!strcmp(c->name, name))
			return c;
	if (!strncmp(name, "md", 2) && name[2] >= '0' && name[2] <= '9')
		return find("md");
	return NULL;
}

/* @line run at kdb's prompt: it prints @expect; its return value. */
static int run(const char *line, const char *expect)
{
	char buf[256], *argv[KGDB_MONITOR_MAX_ARGS], *save, *w;
	const struct kgdb_monitor_cmd *c;
	int argc = 0, ret;

	snprintf(buf, sizeof(buf), "%s", line);
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	c = find(argv[0]);
	assert_non_null(c);
	fake_kdb_output_reset();
	ret = c->run(&kdb_printer, argc, argv);
	assert_string_equal(fake_kdb_out, expect);
	return ret;
}

/* @len bytes at @addr counting up from @first. */
static void fill(uintptr_t addr, size_t len, u8 first)
{
	size_t i;

	for (i = 0; i < len; i++)
		fake_mem[addr + i] = (u8)(first + i);
}

static int setup(void **state)
{
	unsigned int i;

	fake_reset(1);
	fake_kdb_reset();
	fill(FAKE_DATA, 0x100, 0x40);
	memset(fake_mem + FAKE_DATA + 0x100, 0, 0x80);
	fill(FAKE_DATA + 0x180, 0x80, 0x40);
	fill(FAKE_VAR, 0x10, 0x44);
	memset(fake_mem + FAKE_END - 8, 0, 8);
	memcpy(fake_mem + FAKE_HOLE - 8, "textend!", 8);
	for (i = 0; i < 8; i++)
		fake_regs[0].r[i] = 0x0101010101010101ull * (i + 1);
	fake_regs[0].pc = 0x1200;
	fake_regs[0].sp = 0x4000;
	fake_regs[0].fp = 0x4010;
	fake_regs[0].flags = 0x200;
	fake_regs[0].mode = 0x12345673;
	kgdb_cpus[0].regs = &fake_regs[0];
	kgdb_cpus[0].arch = (struct kgdb_arch_cpu){ .fpu = 0xf0f0f0f000000000ull, .sel = 0x28,
						    .tag = 0x5a };
	kdb.thread.cpu = 0;
	kgdb_read_only = false;
	return 0;
}

static int teardown_kdb(void **state)
{
	kgdb_cpus[0].regs = NULL;
	kgdb_read_only = false;
	fake_cpus_stop();
	return 0;
}

static void assert_ulong(const char *s, unsigned long want)
{
	unsigned long v = ~want;

	assert_int_equal(kdb_parse_ulong(s, &v), 0);
	assert_int_equal(v, want);
}

static void assert_not_ulong(const char *s)
{
	unsigned long v = 0x5a5a;

	assert_int_equal(kdb_parse_ulong(s, &v), -EINVAL);
	assert_int_equal(v, 0x5a5a);
}

static void test_parse_ulong(void **state)
{
	assert_ulong("0x1f", 0x1f);
	assert_ulong("0X1F", 0x1f);
	assert_ulong("010", 8);
	assert_ulong("0", 0);
	assert_ulong("10", 10);
	assert_ulong("ffff", 0xffff);
	assert_ulong("c0ffee", 0xc0ffee);
	assert_ulong("1f", 0x1f);	/* not decimal: hex */
	assert_ulong("08", 8);		/* not octal: hex */
	assert_ulong("0xffffffffffffffff", ~0UL);
	assert_ulong("18446744073709551615", ~0UL);
	assert_ulong("01777777777777777777777", ~0UL);
	assert_not_ulong("");
	assert_not_ulong("0x");
	assert_not_ulong("0xg");
	assert_not_ulong("xyz");
	assert_not_ulong("12g");
	assert_not_ulong("-1");
	assert_not_ulong("+1");
	assert_not_ulong(" 1");
	assert_not_ulong("1\n");
	assert_not_ulong("0x10000000000000000");
	assert_not_ulong("18446744073709551616");
	assert_not_ulong("02000000000000000000000");
}

static void assert_addr(const char *s, uintptr_t want)
{
	uintptr_t a = ~want;

	assert_int_equal(kdb_parse_addr(s, &a), 0);
	assert_int_equal(a, want);
}

static void assert_not_addr(const char *s)
{
	uintptr_t a = 0x5a5a;

	assert_int_equal(kdb_parse_addr(s, &a), -EINVAL);
	assert_int_equal(a, 0x5a5a);
}

static void test_parse_addr(void **state)
{
	char longname[KSYM_SYMBOL_LEN + 1];

	assert_addr("0x3000", 0x3000);
	assert_addr("3000", 3000);
	assert_addr("fake_fn", FAKE_FN);
	assert_addr("fake_fn+0x10", FAKE_FN + 0x10);
	assert_addr("fake_fn+10", FAKE_FN + 10);
	assert_addr("fake_fn-4", FAKE_FN - 4);
	assert_addr("fake_var", FAKE_VAR);
	assert_addr("0x3000+8", 0x3008);
	assert_addr("0x3000-010", 0x2ff8);
	assert_addr("add", FAKE_ADD);	/* the symbol, before bare hex */
	assert_addr("adf", 0xadf);
	assert_addr("add+1", FAKE_ADD + 1);
	assert_not_addr("nosuch");
	assert_not_addr("");
	assert_not_addr("fake_fn+");
	assert_not_addr("fake_fn+zz");
	assert_not_addr("fake_fn+1+2");
	assert_not_addr("+4");
	assert_not_addr("-4");
	assert_not_addr("0x10-0x20");
	assert_not_addr("0xffffffffffffffff+1");
	memset(longname, 'a', KSYM_SYMBOL_LEN);
	longname[KSYM_SYMBOL_LEN] = '\0';
	assert_not_addr(longname);
}

static void test_print_symbol(void **state)
{
	fake_kdb_output_reset();
	kdb_print_symbol(&kdb_printer, FAKE_FN + 4);
	kdb_print_symbol(&kdb_printer, FAKE_FN);
	kdb_print_symbol(&kdb_printer, FAKE_VAR + 7);
	kdb_print_symbol(&kdb_printer, FAKE_VAR + 8);
	kdb_print_symbol(&kdb_printer, FAKE_DATA);
	assert_string_equal(fake_kdb_out, " (fake_fn+0x4) (fake_fn) (fake_var+0x7)");
}

/* Before any listing, a repeat has nothing to go on from. Runs first. */
static void test_md_nothing_to_repeat(void **state)
{
	assert_int_equal(run("md", "Usage: md <addr> [lines [radix]]\n"), -EINVAL);
	assert_int_equal(run("md4c2", "Usage: md4c2 <addr> [lines [radix]]\n"), -EINVAL);
	assert_int_equal(run("mds", "Usage: mds <addr> [lines]\n"), -EINVAL);
	assert_int_equal(run("mdr", "Usage: mdr <addr> <bytes>\n"), -EINVAL);
}

static void test_md_widths(void **state)
{
	assert_int_equal(run("md 0x3000 1",
		"0x0000000000003000 4746454443424140 4f4e4d4c4b4a4948   @ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md8 0x3000 1",
		"0x0000000000003000 4746454443424140 4f4e4d4c4b4a4948   @ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md4 0x3000 1",
		"0x0000000000003000 43424140 47464544 4b4a4948 4f4e4d4c   @ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md2 0x3000 1",
		"0x0000000000003000 4140 4342 4544 4746 4948 4b4a 4d4c 4f4e   "
		"@ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md1 0x3000 1",
		"0x0000000000003000 40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f   "
		"@ABCDEFGHIJKLMNO\n"), 0);
	/* Words start where they are aligned. */
	assert_int_equal(run("md4 0x3007 1",
		"0x0000000000003004 47464544 4b4a4948 4f4e4d4c 53525150   DEFGHIJKLMNOPQRS\n"), 0);
	/* Bytes that are not text are dots. */
	assert_int_equal(run("md1 0x30b8 1",
		"0x00000000000030b8 f8 f9 fa fb fc fd fe ff 00 01 02 03 04 05 06 07   "
		"................\n"), 0);
}

static void test_md_radix_and_env(void **state)
{
	assert_int_equal(run("md4 0x3000 1 10",
		"0x0000000000003000 1128415552 1195787588 1263159624 1330531660   "
		"@ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md2 0x3000 1 8",
		"0x0000000000003000 040500 041502 042504 043506 044510 045512 046514 047516   "
		"@ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md8 0x3000 1 0xa",
		"0x0000000000003000 05135868584551137600 05714589967255750984   "
		"@ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md1 0x3000 1 010",
		"0x0000000000003000 100 101 102 103 104 105 106 107 110 111 112 113 114 115 116 "
		"117   @ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md 0x3000 1 7", "md: the radix is 8, 10 or 16, not 7\n"), -EINVAL);

	/* BYTESPERWORD, MDCOUNT and RADIX are what md takes when not told. */
	fake_kdb_setenv("BYTESPERWORD", "4");
	fake_kdb_setenv("MDCOUNT", "2");
	assert_int_equal(run("md 0x3000",
		"0x0000000000003000 43424140 47464544 4b4a4948 4f4e4d4c   @ABCDEFGHIJKLMNO\n"
		"0x0000000000003010 53525150 57565554 5b5a5958 5f5e5d5c   PQRSTUVWXYZ[\\]^_\n"), 0);
	fake_kdb_setenv("RADIX", "8");
	fake_kdb_setenv("BYTESPERWORD", "1");
	fake_kdb_setenv("MDCOUNT", "1");
	assert_int_equal(run("md 0x3000",
		"0x0000000000003000 100 101 102 103 104 105 106 107 110 111 112 113 114 115 116 "
		"117   @ABCDEFGHIJKLMNO\n"), 0);
	fake_kdb_setenv("BYTESPERWORD", "3");
	assert_int_equal(run("md 0x3000", "md: a word is 1, 2, 4 or 8 bytes, not 3\n"), -EINVAL);
	fake_kdb_setenv("BYTESPERWORD", "8");
	fake_kdb_setenv("RADIX", "2");
	assert_int_equal(run("md 0x3000", "md: the radix is 8, 10 or 16, not 2\n"), -EINVAL);
}

static void test_md_count(void **state)
{
	/* N words; a short line keeps its text in the column of a whole one's. */
	assert_int_equal(run("md4c3 0x3000",
		"0x0000000000003000 43424140 47464544 4b4a4948            @ABCDEFGHIJK\n"), 0);
	assert_int_equal(run("md8c1 0x3000",
		"0x0000000000003000 4746454443424140                    @ABCDEFG\n"), 0);
	assert_int_equal(run("md2c10 0x3000",
		"0x0000000000003000 4140 4342 4544 4746 4948 4b4a 4d4c 4f4e   @ABCDEFGHIJKLMNO\n"
		"0x0000000000003010 5150 5352                                 PQRS\n"), 0);
	assert_int_equal(run("md1c0x11 0x3000",
		"0x0000000000003000 40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f   "
		"@ABCDEFGHIJKLMNO\n"
		"0x0000000000003010 50                                                P\n"), 0);
	/* Lines given outdo the name's count. */
	assert_int_equal(run("md4c1 0x3000 1",
		"0x0000000000003000 43424140 47464544 4b4a4948 4f4e4d4c   @ABCDEFGHIJKLMNO\n"), 0);
	assert_int_equal(run("md3 0x3000", "md3: a word is 1, 2, 4 or 8 bytes, not 3\n"), -EINVAL);
	assert_int_equal(run("md0 0x3000", "md0: a word is 1, 2, 4 or 8 bytes, not 0\n"), -EINVAL);
	assert_int_equal(run("md4x 0x3000",
		"md4x: not mdWcN (W: 1, 2, 4 or 8 bytes a word, N: words)\n"), -EINVAL);
	assert_int_equal(run("md4c 0x3000",
		"md4c: not mdWcN (W: 1, 2, 4 or 8 bytes a word, N: words)\n"), -EINVAL);
	assert_int_equal(run("md4c0 0x3000",
		"md4c0: not mdWcN (W: 1, 2, 4 or 8 bytes a word, N: words)\n"), -EINVAL);
	assert_int_equal(run("md4c2x 0x3000",
		"md4c2x: not mdWcN (W: 1, 2, 4 or 8 bytes a word, N: words)\n"), -EINVAL);
	assert_int_equal(run("md44 0x3000",
		"md44: not mdWcN (W: 1, 2, 4 or 8 bytes a word, N: words)\n"), -EINVAL);
}

static void test_md_bad_args(void **state)
{
	assert_int_equal(run("md nosuch", "Usage: md <addr> [lines [radix]]\n"), -EINVAL);
	assert_int_equal(run("md 0x3000 zz", "Usage: md <addr> [lines [radix]]\n"), -EINVAL);
	assert_int_equal(run("md 0x3000 1 zz", "Usage: md <addr> [lines [radix]]\n"), -EINVAL);
	assert_int_equal(run("md 0x3000 1 16 1", "Usage: md <addr> [lines [radix]]\n"), -EINVAL);
	assert_int_equal(run("md1 0x3000 0x1000000000000000",
		"Usage: md1 <addr> [lines [radix]]\n"), -EINVAL);
	/* No line is nothing. */
	assert_int_equal(run("md 0x3000 0", ""), 0);
}

static void test_md_symbol(void **state)
{
	assert_int_equal(run("md4c1 fake_var+4",
		"0x0000000000003404 4b4a4948                              HIJK\n"), 0);
}

static void test_md_bad_address(void **state)
{
	/* What reads is shown; the error names the first byte that does not. */
	assert_int_equal(run("md1 0x1ff8 1",
		"0x0000000000001ff8 74 65 78 74 65 6e 64 21                           textend!\n"
		"kdb_getarea: Bad address 0x2000\n"), -EFAULT);
	assert_int_equal(run("md 0x2000", "kdb_getarea: Bad address 0x2000\n"), -EFAULT);
	/* A repeat tries again where it failed. */
	assert_int_equal(run("md", "kdb_getarea: Bad address 0x2000\n"), -EFAULT);
	assert_int_equal(run("md8 0x4ff8 2",
		"0x0000000000004ff8 0000000000000000                    ........\n"
		"kdb_getarea: Bad address 0x5000\n"), -EFAULT);
}

static void test_md_zero_suppressed(void **state)
{
	/* Eight lines of zeros at 0x3100: the first and the last are shown. */
	assert_int_equal(run("md 0x3100 10",
		"0x0000000000003100 0000000000000000 0000000000000000   ................\n"
		"0x3110-0x316f zero suppressed\n"
		"0x0000000000003170 0000000000000000 0000000000000000   ................\n"
		"0x0000000000003180 4746454443424140 4f4e4d4c4b4a4948   @ABCDEFGHIJKLMNO\n"
		"0x0000000000003190 5756555453525150 5f5e5d5c5b5a5958   PQRSTUVWXYZ[\\]^_\n"), 0);
	/* Two lines are both shown. */
	assert_int_equal(run("md8c5 0x3160",
		"0x0000000000003160 0000000000000000 0000000000000000   ................\n"
		"0x0000000000003170 0000000000000000 0000000000000000   ................\n"
		"0x0000000000003180 4746454443424140                    @ABCDEFG\n"), 0);
	/* Two and a half: the line with the half is shown. */
	assert_int_equal(run("md8c6 0x3158",
		"0x0000000000003158 0000000000000000 0000000000000000   ................\n"
		"0x3168-0x3177 zero suppressed\n"
		"0x0000000000003178 0000000000000000 4746454443424140   ........@ABCDEFG\n"), 0);
	assert_int_equal(run("md8c7 0x3150",
		"0x0000000000003150 0000000000000000 0000000000000000   ................\n"
		"0x3160-0x316f zero suppressed\n"
		"0x0000000000003170 0000000000000000 0000000000000000   ................\n"
		"0x0000000000003180 4746454443424140                    @ABCDEFG\n"), 0);
}

static void test_md_repeat(void **state)
{
	const struct kgdb_monitor_cmd *md = find("md");

	assert_true(md->flags & KGDB_CMD_REPEAT);
	/* After only an mds, md goes on where it ended, in the defaults (found by the fuzzer). */
	fake_kdb_output_reset();
	find("mds")->run(&kdb_printer, 3, (char *[]){ "mds", "0x3000", "1" });
	fake_kdb_output_reset();
	assert_int_equal(md->run(&kdb_printer, 1, (char *[]){ "md" }), 0);
	assert_memory_equal(fake_kdb_out, "0x0000000000003008 4f4e4d4c4b4a4948 5756555453525150   "
			    "HIJKLMNOPQRSTUVW\n", 72);
	assert_int_equal(run("md4c2 0x3000",
		"0x0000000000003000 43424140 47464544                     @ABCDEFG\n"), 0);
	/* An empty line: argv[0] alone, and md goes on as it was. */
	assert_int_equal(run("md4c2",
		"0x0000000000003008 4b4a4948 4f4e4d4c                     HIJKLMNO\n"), 0);
	assert_int_equal(run("md",
		"0x0000000000003010 53525150 57565554                     PQRSTUVW\n"), 0);
	/* A width in the name starts over from MDCOUNT lines of it. */
	fake_kdb_setenv("MDCOUNT", "1");
	assert_int_equal(run("md1",
		"0x0000000000003018 58 59 5a 5b 5c 5d 5e 5f 60 61 62 63 64 65 66 67   "
		"XYZ[\\]^_`abcdefg\n"), 0);
	assert_int_equal(run("md 0x3000 1 10",
		"0x0000000000003000 05135868584551137600 05714589967255750984   "
		"@ABCDEFGHIJKLMNO\n"), 0);
	/* ... in the radix it was in. */
	assert_int_equal(run("md",
		"0x0000000000003010 06293311349960364368 06872032732664977752   "
		"PQRSTUVWXYZ[\\]^_\n"), 0);
	/* The pager quit: md stops, and goes on from there. */
	fake_kdb_quit_after = 2;
	assert_int_equal(run("md 0x3000 8",
		"0x0000000000003000 4746454443424140 4f4e4d4c4b4a4948   @ABCDEFGHIJKLMNO\n"
		"0x0000000000003010 5756555453525150 5f5e5d5c5b5a5958   PQRSTUVWXYZ[\\]^_\n"), 0);
	fake_kdb_quit_after = 0;
	assert_int_equal(run("md",
		"0x0000000000003020 6766656463626160 6f6e6d6c6b6a6968   `abcdefghijklmno\n"
		"0x0000000000003030 7776757473727170 7f7e7d7c7b7a7978   pqrstuvwxyz{|}~.\n"
		"0x0000000000003040 8786858483828180 8f8e8d8c8b8a8988   ................\n"
		"0x0000000000003050 9796959493929190 9f9e9d9c9b9a9998   ................\n"
		"0x0000000000003060 a7a6a5a4a3a2a1a0 afaeadacabaaa9a8   ................\n"
		"0x0000000000003070 b7b6b5b4b3b2b1b0 bfbebdbcbbbab9b8   ................\n"
		"0x0000000000003080 c7c6c5c4c3c2c1c0 cfcecdcccbcac9c8   ................\n"
		"0x0000000000003090 d7d6d5d4d3d2d1d0 dfdedddcdbdad9d8   ................\n"), 0);
}

static void test_mds(void **state)
{
	uintptr_t words[] = { FAKE_FN, FAKE_FN + 4, FAKE_VAR, 0x4746454443424140,
			      0x4746454443424140, 0x4f4e4d4c4b4a4948 };

	memcpy(fake_mem + FAKE_DATA + 0x200, words, sizeof(words));
	assert_int_equal(run("mds 0x3204 3",
		"0x0000000000003200 0000000000001100 fake_fn\n"
		"0x0000000000003208 0000000000001104 fake_fn+0x4\n"
		"0x0000000000003210 0000000000003400 fake_var\n"), 0);
	assert_int_equal(run("mds",
		"0x0000000000003218 4746454443424140   @ABCDEFG\n"
		"0x0000000000003220 4746454443424140   @ABCDEFG\n"
		"0x0000000000003228 4f4e4d4c4b4a4948   HIJKLMNO\n"), 0);
	fake_kdb_setenv("MDCOUNT", "1");
	assert_int_equal(run("mds 0x3200",
		"0x0000000000003200 0000000000001100 fake_fn\n"), 0);
	assert_int_equal(run("mds 0x3200 1 2", "Usage: mds <addr> [lines]\n"), -EINVAL);
	assert_int_equal(run("mds 0x3200 x", "Usage: mds <addr> [lines]\n"), -EINVAL);
	assert_int_equal(run("mds 0x2000", "kdb_getarea: Bad address 0x2000\n"), -EFAULT);
	fake_kdb_quit_after = 1;
	assert_int_equal(run("mds 0x3200 4",
		"0x0000000000003200 0000000000001100 fake_fn\n"), 0);
}

static void test_mdr(void **state)
{
	/* After an md, mdr has no count to repeat with. */
	assert_int_equal(run("md8c1 0x3000",
		"0x0000000000003000 4746454443424140                    @ABCDEFG\n"), 0);
	assert_int_equal(run("mdr", "Usage: mdr <addr> <bytes>\n"), -EINVAL);
	assert_int_equal(run("mdr 0x3000 5", "4041424344\n"), 0);
	assert_int_equal(run("mdr", "4546474849\n"), 0);
	/* Longer than a line's worth: still one line. */
	assert_int_equal(run("mdr 0x3003 40",
		"434445464748494a4b4c4d4e4f50515253545556"
		"5758595a5b5c5d5e5f606162636465666768696a\n"), 0);
	assert_int_equal(run("mdr 0x3000 0", "\n"), 0);
	assert_int_equal(run("mdr 0x1ffe 4", "6421\nkdb_getarea: Bad address 0x2000\n"), -EFAULT);
	assert_int_equal(run("mdr 0x2000 4", "kdb_getarea: Bad address 0x2000\n"), -EFAULT);
	assert_int_equal(run("mdr 0x3000", "Usage: mdr <addr> <bytes>\n"), -EINVAL);
	assert_int_equal(run("mdr 0x3000 x", "Usage: mdr <addr> <bytes>\n"), -EINVAL);
	assert_int_equal(run("mdr x 1", "Usage: mdr <addr> <bytes>\n"), -EINVAL);
	fake_kdb_quit_after = 1;
	assert_int_equal(run("mdr 0x3000 2", "4041\n"), 0);
}

static void test_mm(void **state)
{
	static const u8 want[8] = { 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 };
	const struct kgdb_monitor_cmd *mm = find("mm");
	uintptr_t v;
	char line[] = "mm 0x3000 5";

	assert_int_equal(mm->perm, KGDB_CMD_MEM_WRITE);
	assert_false(mm->report_only);
	assert_int_equal(run("mm 0x3000 0x1122334455667788", "0x3000 = 0x1122334455667788\n"), 0);
	assert_memory_equal(fake_mem + FAKE_DATA, want, 8);
	assert_int_equal(run("mm fake_var fake_fn+8", "0x3400 = 0x1108\n"), 0);
	memcpy(&v, fake_mem + FAKE_VAR, sizeof(v));
	assert_int_equal(v, FAKE_FN + 8);
	/* Text takes it too, through text_poke(). */
	assert_int_equal(run("mm 0x1000 0x42", "0x1000 = 0x42\n"), 0);
	assert_int_equal(fake_mem[FAKE_TEXT], 0x42);
	assert_int_equal(run("mm 0x2000 1", "kdb_putarea: Bad address 0x2000\n"), -EFAULT);
	assert_int_equal(run("mm 0x3000", "Usage: mm <addr> <contents>\n"), -EINVAL);
	assert_int_equal(run("mm 0x3000 nosuch", "Usage: mm <addr> <contents>\n"), -EINVAL);
	assert_int_equal(run("mm nosuch 1", "Usage: mm <addr> <contents>\n"), -EINVAL);

	/* Read-only, the table refuses it; looking is still allowed. */
	kgdb_read_only = true;
	fake_kdb_output_reset();
	assert_int_equal(kgdb_monitor_run(&kdb_printer, line), -EPERM);
	assert_memory_equal(fake_mem + FAKE_DATA, want, 8);
}

/* gdb's monitor runs them too, mdWcN included. */
static void test_md_from_gdb(void **state)
{
	char line[] = "md4c1 0x3000", ro[] = "md8c1 0x3008";

	fake_kdb_output_reset();
	assert_int_equal(kgdb_monitor_run(&kdb_printer, line), 0);
	assert_string_equal(fake_kdb_out,
		"0x0000000000003000 43424140                              @ABC\n");
	kgdb_read_only = true;
	fake_kdb_output_reset();
	assert_int_equal(kgdb_monitor_run(&kdb_printer, ro), 0);
	assert_string_equal(fake_kdb_out,
		"0x0000000000003008 4f4e4d4c4b4a4948                    HIJKLMNO\n");
}

#define RD_CPU0 \
	"r0 = 0x0101010101010101\n" \
	"r1 = 0x0202020202020202\n" \
	"r2 = 0x0303030303030303\n" \
	"r3 = 0x0404040404040404\n" \
	"r4 = 0x0505050505050505\n" \
	"r5 = 0x0606060606060606\n" \
	"r6 = 0x0707070707070707\n" \
	"r7 = 0x0808080808080808\n" \
	"pc = 0x0000000000001200\n" \
	"sp = 0x0000000000004000\n" \
	"fp = 0x0000000000004010\n" \
	"flags = 0x00000200\n" \
	"fpu = 0xf0f0f0f000000000\n" \
	"sel = 0x00000028\n" \
	"mode = 0x12345673\n" \
	"tag = 0x000000a5\n"

static void test_rd(void **state)
{
	const struct kgdb_monitor_cmd *rd = find("rd");

	assert_int_equal(rd->perm, KGDB_CMD_REG_READ);
	assert_true(rd->flags & KGDB_CMD_KDB_ONLY);
	assert_int_equal(run("rd", RD_CPU0), 0);
	assert_int_equal(run("rd x", "Usage: rd\n"), -EINVAL);
	fake_kdb_quit_after = 2;
	assert_int_equal(run("rd", "r0 = 0x0101010101010101\nr1 = 0x0202020202020202\n"), 0);
}

/* A sleeping task: what its saved context has, the rest zero. */
static void test_rd_sleeping(void **state)
{
	kdb.thread.cpu = -1;
	kdb.thread.task = task_find(3);
	assert_int_equal(run("rd",
		"r0 = 0x0000000000000000\n"
		"r1 = 0x0000000000000000\n"
		"r2 = 0x0000000000000000\n"
		"r3 = 0x0000000000000000\n"
		"r4 = 0x0000000000000000\n"
		"r5 = 0x0000000000000000\n"
		"r6 = 0x0000000000000000\n"
		"r7 = 0x0000000000000000\n"
		"pc = 0x0000000000001103\n"
		"sp = 0x0000000000003800\n"
		"fp = 0x0000000000003810\n"
		"flags = 0x00000000\n"
		"fpu = 0x0000000000000000\n"
		"sel = 0x00000010\n"
		"mode = 0x00000000\n"
		"tag = 0x000000ee\n"), 0);
	assert_int_equal(run("rm pc 0x1000",
		"rm: pid 3 sleeps: only a stopped CPU's registers can be set\n"), -EINVAL);
	assert_int_equal(task_find(3)->ctx.pc, FAKE_TEXT + 0x103);
}

static void test_rm(void **state)
{
	const struct kgdb_monitor_cmd *rm = find("rm");

	assert_int_equal(rm->perm, KGDB_CMD_REG_WRITE);
	assert_false(rm->report_only);
	assert_true(rm->flags & KGDB_CMD_KDB_ONLY);
	assert_int_equal(run("rm pc 0x1234", "pc = 0x0000000000001234\n"), 0);
	assert_int_equal(fake_regs[0].pc, 0x1234);
	assert_int_equal(run("rm %r1 fake_fn+2", "r1 = 0x0000000000001102\n"), 0);
	assert_int_equal(fake_regs[0].r[1], FAKE_FN + 2);
	assert_int_equal(run("rm flags ffffffff", "flags = 0xffffffff\n"), 0);
	assert_int_equal(fake_regs[0].flags, 0xffffffff);
	/* The bits a write keeps, kept; a constant's, and one of the arch's hooks. */
	assert_int_equal(run("rm mode 0xff", "mode = 0x000000f3\n"), 0);
	assert_int_equal(fake_regs[0].mode, 0xf3);
	assert_int_equal(run("rm sel 0x99", "sel = 0x00000028\n"), 0);
	assert_int_equal(run("rm tag 0x12", "tag = 0x00000012\n"), 0);
	assert_int_equal(kgdb_cpus[0].arch.tag, 0xed);
	assert_int_equal(run("rm fpu 0xffffffffffffffff", "fpu = 0xffffffffffffffff\n"), 0);

	assert_int_equal(run("rm flags 0x100000000",
		"rm: 0x100000000 does not fit flags, 4 bytes wide\n"), -EINVAL);
	assert_int_equal(fake_regs[0].flags, 0xffffffff);
	assert_int_equal(run("rm nosuch 1", "Unknown register 'nosuch'\n"), -EINVAL);
	assert_int_equal(run("rm %nosuch 1", "Unknown register 'nosuch'\n"), -EINVAL);
	assert_int_equal(run("rm pc", "Usage: rm <reg> <contents>\n"), -EINVAL);
	assert_int_equal(run("rm pc 1 2", "Usage: rm <reg> <contents>\n"), -EINVAL);
	assert_int_equal(run("rm pc zz", "Usage: rm <reg> <contents>\n"), -EINVAL);
	assert_int_equal(fake_regs[0].pc, 0x1234);
}

/* What bp and bl print of kdb's breakpoint @n at fake_fn+@off, @state "enabled" or not. */
static const char *bp_text(unsigned int n, unsigned int off, const char *state)
{
	static char buf[8][128];
	static unsigned int next;
	char *b = buf[next++ % 8], sym[32];

	snprintf(sym, sizeof(sym), off ? "fake_fn+0x%x" : "fake_fn", off);
	snprintf(b, 128, "Instruction(i) BP #%u at 0x%x (%s)\n    is %s\n", n, FAKE_FN + off, sym,
		 state);
	return b;
}

/* What bc, bd or be print of breakpoints @from to @to, each at fake_fn + 4 * its number. */
static const char *bp_changed(unsigned int from, unsigned int to, const char *what)
{
	static char buf[2048];
	size_t len = 0;
	unsigned int n;

	buf[0] = '\0';
	for (n = from; n <= to; n++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "Breakpoint %u at 0x%x %s\n",
					n, FAKE_FN + 4 * n, what);
	return buf;
}

/*
 * kdb's numbered breakpoints over the core's record: gdb's session start
 * and z0 leave them; bd takes kdb's share out, be puts it back; bl says
 * what the core has planted; kdb numbers outlast the core's entries.
 */
static void test_breakpoints(void **state)
{
	char want[128];
	unsigned int i;

	assert_int_equal(run("bl", ""), 0);
	assert_int_equal(run("bp fake_fn", bp_text(0, 0, "enabled")), 0);
	assert_int_equal(run("bl", bp_text(0, 0, "enabled")), 0);
	assert_int_equal(run("bp", bp_text(0, 0, "enabled")), 0);
	snprintf(want, sizeof(want), "Duplicate breakpoint address 0x%x\n", FAKE_FN);
	assert_int_equal(run("bp fake_fn", want), -EEXIST);
	assert_int_equal(run("bp fake_fn 1", "usage: bp <address>\n"), -EINVAL);
	assert_int_equal(run("bp nosuch", "usage: bp <address>\n"), -EINVAL);
	snprintf(want, sizeof(want), "bp: cannot set a breakpoint at 0x%x (%d)\n", FAKE_HOLE,
		 -EFAULT);
	snprintf(want + 64, 64, "bp 0x%x", FAKE_HOLE);
	assert_int_equal(run(want + 64, want), -EFAULT);

	assert_int_equal(kgdb_set_sw_break(FAKE_FN, false), 0);
	kgdb_remove_all_breaks(false);
	assert_int_equal(kgdb_set_sw_break(FAKE_FN, false), 0);
	kgdb_remove_sw_break(FAKE_FN);
	assert_int_equal(run("bl", bp_text(0, 0, "enabled")), 0);
	assert_int_equal(run("bd 0", bp_changed(0, 0, "disabled")), 0);
	assert_int_equal(run("bl", bp_text(0, 0, "disabled")), 0);
	assert_int_equal(kgdb_bp_owners(FAKE_FN), 0);
	assert_int_equal(run("be 0", bp_changed(0, 0, "enabled")), 0);
	assert_int_equal(kgdb_bp_owners(FAKE_FN), KGDB_BP_KDB);
	assert_int_equal(run("bd", "usage: bd <bpnum>|*\n"), -EINVAL);
	assert_int_equal(run("bd 5", "Invalid breakpoint number 5\n"), -EINVAL);
	assert_int_equal(run("be x", "Invalid breakpoint number x\n"), -EINVAL);
	assert_int_equal(run("bc 99", "Invalid breakpoint number 99\n"), -EINVAL);

	/* The core's eight entries full, then given back by bd: kdb has sixteen numbers. */
	for (i = 1; i < 8; i++) {
		snprintf(want, sizeof(want), "bp fake_fn+%u", 4 * i);
		assert_int_equal(run(want, bp_text(i, 4 * i, "enabled")), 0);
	}
	snprintf(want, sizeof(want), "bp: cannot set a breakpoint at 0x%x (%d)\n", FAKE_FN + 32,
		 -ENOSPC);
	assert_int_equal(run("bp fake_fn+32", want), -ENOSPC);
	assert_int_equal(run("bd *", bp_changed(0, 7, "disabled")), 0);
	for (i = 8; i < 16; i++) {
		snprintf(want, sizeof(want), "bp fake_fn+%u", 4 * i);
		assert_int_equal(run(want, bp_text(i, 4 * i, "enabled")), 0);
	}
	assert_int_equal(run("bp fake_fn+0x3e", "Too many breakpoints\n"), -ENOSPC);
	/* No room in the core: it stays disabled, and says so. */
	assert_int_equal(run("be 0", bp_changed(0, 0, "disabled")), 0);
	assert_int_equal(run("bc *", bp_changed(0, 15, "cleared")), 0);
	assert_int_equal(run("bl", ""), 0);
	assert_int_equal(kgdb_bp_owners(FAKE_FN + 32), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_md_nothing_to_repeat, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_parse_ulong, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_parse_addr, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_print_symbol, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_breakpoints, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_widths, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_radix_and_env, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_count, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_bad_args, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_symbol, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_bad_address, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_zero_suppressed, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_repeat, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_mds, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_mdr, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_mm, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_md_from_gdb, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_rd, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_rd_sleeping, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_rm, setup, teardown_kdb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
