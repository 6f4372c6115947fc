// SPDX-License-Identifier: MIT
/*
 * arch/x86/lib/insn.c, the decoder of out-of-line execution: the
 * lengths it gives in 64-bit and 32-bit mode, where a RIP-relative disp32
 * is, and what it refuses.
 */
#include "host_test.h"
#include <stdlib.h>
#include <asm/insn.h>

#define BYTES(...)	(const u8[]){ __VA_ARGS__ }, sizeof((const u8[]){ __VA_ARGS__ })
#define D32		0x78, 0x56, 0x34, 0x12
#define I64		0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11

/* @rip_disp, the offset of a RIP-relative disp32 in the instruction, or -1 */
#define ACCEPT64(rip_disp, ...)	accept(true, rip_disp, BYTES(__VA_ARGS__))
#define ACCEPT32(...)		accept(false, -1, BYTES(__VA_ARGS__))
#define REFUSE64(...)		refuse(true, BYTES(__VA_ARGS__))
#define REFUSE32(...)		refuse(false, BYTES(__VA_ARGS__))
#define REFUSE(...)		do { REFUSE64(__VA_ARGS__); REFUSE32(__VA_ARGS__); } while (0)

/*
 * The length the first @n of @bytes decode to with @avail bytes readable
 * (more than @n: 0xcc after them), or the error; its rip_disp in *@rd.
 * The buffer is exactly @avail bytes, so that ASan catches a read past it.
 */
static int decode(bool long_mode, const u8 *bytes, size_t n, size_t avail, int *rd)
{
	u8 *p = malloc(avail ? avail : 1);
	struct x86_insn d = { .len = 0, .rip_disp = -2 };
	int ret;

	assert_non_null(p);
	memset(p, 0xcc, avail);
	memcpy(p, bytes, n < avail ? n : avail);
	ret = x86_insn_decode(p, avail, long_mode, &d);
	free(p);
	*rd = d.rip_disp;
	return ret ? ret : d.len;
}

/* @bytes are one instruction: its length, alone and with more after it. */
static void accept(bool long_mode, int rip_disp, const u8 *bytes, size_t n)
{
	int rd;

	assert_int_equal(decode(long_mode, bytes, n, n, &rd), n);
	assert_int_equal(rd, rip_disp);
	assert_int_equal(decode(long_mode, bytes, n, n + 16, &rd), n);
	assert_int_equal(rd, rip_disp);
}

static void refuse(bool long_mode, const u8 *bytes, size_t n)
{
	int rd;

	assert_int_equal(decode(long_mode, bytes, n, n, &rd), -EINVAL);
	assert_int_equal(decode(long_mode, bytes, n, n + 16, &rd), -EINVAL);
}

static void test_function_entries_and_alu(void **state)
{
	ACCEPT64(-1, 0x55);					/* push %rbp */
	ACCEPT64(-1, 0x41, 0x57);				/* push %r15 */
	ACCEPT64(-1, 0x48, 0x89, 0xe5);				/* mov %rsp,%rbp */
	ACCEPT64(-1, 0x48, 0x83, 0xec, 0x20);			/* sub $0x20,%rsp */
	ACCEPT64(-1, 0x48, 0x81, 0xec, 0x00, 0x01, 0x00, 0x00);	/* sub $0x100,%rsp */
	ACCEPT64(-1, 0x01, 0x07);				/* add %eax,(%rdi) */
	ACCEPT64(-1, 0x48, 0x01, 0x47, 0x08);			/* add %rax,0x8(%rdi) */
	ACCEPT64(-1, 0x83, 0x47, 0x08, 0x01);			/* addl $1,0x8(%rdi) */
	ACCEPT64(-1, 0x80, 0x4f, 0x08, 0x01);			/* orb $1,0x8(%rdi) */
	ACCEPT64(-1, 0x04, 0x01);				/* add $1,%al */
	ACCEPT64(-1, 0x48, 0x3d, D32);				/* cmp $imm32,%rax */
	ACCEPT64(-1, 0x66, 0x3d, 0x34, 0x12);			/* cmp $0x1234,%ax */
	ACCEPT64(-1, 0x84, 0xc0);				/* test %al,%al */
	ACCEPT64(-1, 0xa8, 0x01);				/* test $1,%al */
	ACCEPT64(-1, 0xa9, D32);				/* test $imm32,%eax */
	ACCEPT64(-1, 0xf6, 0xc1, 0x01);				/* test $1,%cl: /0 takes Ib */
	ACCEPT64(-1, 0xf6, 0xd9);				/* neg %cl: /3 takes none */
	ACCEPT64(-1, 0xf7, 0xc1, D32);				/* test $imm32,%ecx */
	ACCEPT64(-1, 0x66, 0xf7, 0xc1, 0x34, 0x12);		/* test $0x1234,%cx */
	ACCEPT64(-1, 0x48, 0xf7, 0xf1);				/* div %rcx */
	ACCEPT64(-1, 0xc1, 0xe0, 0x04);				/* shl $4,%eax */
	ACCEPT64(-1, 0xd3, 0xe0);				/* shl %cl,%eax */
	ACCEPT64(-1, 0xff, 0xc0);				/* inc %eax */
	ACCEPT64(-1, 0x69, 0xc0, D32);				/* imul $imm32,%eax,%eax */
	ACCEPT64(-1, 0x6b, 0xc0, 0x05);				/* imul $5,%eax,%eax */
	ACCEPT64(-1, 0x48, 0x98);				/* cltq */
	ACCEPT64(-1, 0x48, 0x63, 0xc7);				/* movslq %edi,%rax */
	ACCEPT64(-1, 0x8c, 0xd8);				/* mov %ds,%eax */
	ACCEPT64(-1, 0xc8, 0x10, 0x00, 0x00);			/* enter $0x10,$0 */
	ACCEPT64(-1, 0xc9);					/* leave */
	ACCEPT64(-1, 0x6a, 0x01);				/* push $1 */
	ACCEPT64(-1, 0x68, D32);				/* push $imm32 */
	ACCEPT64(-1, 0x66, 0x68, 0x34, 0x12);			/* pushw $0x1234 */
	ACCEPT64(-1, 0xf3, 0x48, 0xab);				/* rep stos %rax */
	ACCEPT64(-1, 0xf3, 0xa6);				/* repz cmpsb */
	ACCEPT64(-1, 0xf3, 0x90);				/* pause */
	ACCEPT64(-1, 0xf5);					/* cmc */
	ACCEPT64(-1, 0xfc);					/* cld */
}

static void test_addressing_64(void **state)
{
	ACCEPT64(-1, 0x48, 0x8b, 0x07);				/* mov (%rdi),%rax */
	ACCEPT64(-1, 0x48, 0x8b, 0x44, 0x24, 0x08);		/* mov 0x8(%rsp),%rax: SIB, disp8 */
	ACCEPT64(-1, 0x48, 0x8b, 0x84, 0x24, 0x00, 0x01, 0x00, 0x00);	/* SIB, disp32 */
	ACCEPT64(-1, 0x48, 0x8b, 0x87, D32);			/* mov disp32(%rdi),%rax */
	ACCEPT64(-1, 0x41, 0x8b, 0x04, 0x24);			/* mov (%r12),%eax */
	ACCEPT64(-1, 0x41, 0x8b, 0x45, 0x00);			/* mov 0x0(%r13),%eax */
	ACCEPT64(-1, 0x48, 0x8d, 0x04, 0x40);			/* lea (%rax,%rax,2),%rax */
	/* SIB with no base (base 5, mod 0): disp32, absolute */
	ACCEPT64(-1, 0x8b, 0x04, 0x25, D32);			/* mov imm32,%eax */
	ACCEPT64(-1, 0x48, 0x8b, 0x04, 0xc5, D32);		/* mov disp32(,%rax,8),%rax */
	ACCEPT64(-1, 0x41, 0x8b, 0x04, 0x2d, D32);		/* the same with REX.B */
	ACCEPT64(-1, 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0);	/* mov %fs:0x28,%rax */
	ACCEPT64(-1, 0x65, 0x48, 0x8b, 0x04, 0x25, D32);	/* mov %gs:imm32,%rax */
}

static void test_rip_relative(void **state)
{
	ACCEPT64(3, 0x48, 0x8b, 0x05, D32);			/* mov disp(%rip),%rax */
	ACCEPT64(3, 0x48, 0x8d, 0x05, D32);			/* lea disp(%rip),%rax */
	ACCEPT64(3, 0x4c, 0x8b, 0x3d, D32);			/* mov disp(%rip),%r15 */
	ACCEPT64(2, 0x8b, 0x05, D32);				/* mov disp(%rip),%eax */
	ACCEPT64(5, 0xf0, 0x48, 0x0f, 0xb1, 0x15, D32);		/* lock cmpxchg %rdx,disp(%rip) */
	ACCEPT64(2, 0xc7, 0x05, D32, 0x01, 0x00, 0x00, 0x00);	/* movl $1,disp(%rip): imm after */
	ACCEPT64(3, 0x66, 0xc7, 0x05, D32, 0x01, 0x00);		/* movw $1,disp(%rip) */
	ACCEPT64(2, 0x83, 0x05, D32, 0x01);			/* addl $1,disp(%rip) */
	ACCEPT64(3, 0x48, 0x83, 0x3d, D32, 0x00);		/* cmpq $0,disp(%rip) */
	ACCEPT64(2, 0xff, 0x05, D32);				/* incl disp(%rip) */
	ACCEPT64(2, 0xff, 0x35, D32);				/* push disp(%rip) */
	ACCEPT64(2, 0x8f, 0x05, D32);				/* pop disp(%rip) */
	ACCEPT64(3, 0x0f, 0xb6, 0x05, D32);			/* movzbl disp(%rip),%eax */
	ACCEPT64(4, 0x65, 0x48, 0x8b, 0x05, D32);		/* mov %gs:disp(%rip),%rax */
	ACCEPT64(3, 0x0f, 0xba, 0x2d, D32, 0x03);		/* btsl $3,disp(%rip) */
	ACCEPT64(3, 0x0f, 0x18, 0x0d, D32);			/* prefetcht0 disp(%rip) */
}

static void test_immediates(void **state)
{
	ACCEPT64(-1, 0xb8, D32);				/* mov $imm32,%eax */
	ACCEPT64(-1, 0x66, 0xb8, 0x34, 0x12);			/* mov $imm16,%ax */
	ACCEPT64(-1, 0x48, 0xb8, I64);				/* movabs $imm64,%rax */
	ACCEPT64(-1, 0x49, 0xbf, I64);				/* movabs $imm64,%r15 */
	ACCEPT64(-1, 0x66, 0x48, 0xb8, I64);			/* REX.W overrides 66 */
	ACCEPT64(-1, 0x48, 0xc7, 0xc0, D32);			/* mov $imm32,%rax: Iz stays 4 */
	ACCEPT64(-1, 0x66, 0x48, 0x81, 0xc0, D32);		/* add: REX.W overrides 66 */
	ACCEPT64(-1, 0x66, 0x81, 0xc0, 0x34, 0x12);		/* add $imm16,%ax */
	ACCEPT64(-1, 0xb0, 0x01);				/* mov $1,%al */
	ACCEPT64(-1, 0xc6, 0x07, 0x01);				/* movb $1,(%rdi) */
	/* moffs: an address, 8 bytes in 64-bit mode whatever the operand size */
	ACCEPT64(-1, 0xa1, I64);				/* movabs addr64,%eax */
	ACCEPT64(-1, 0x48, 0xa3, I64);				/* movabs %rax,addr64 */
	ACCEPT64(-1, 0x66, 0xa1, I64);				/* movabs addr64,%ax */
	ACCEPT64(-1, 0xa2, I64);				/* movabs %al,addr64 */
}

static void test_two_byte_map(void **state)
{
	ACCEPT64(-1, 0xf3, 0x0f, 0x1e, 0xfa);			/* endbr64 */
	ACCEPT64(-1, 0xf3, 0x0f, 0x1e, 0xfb);			/* endbr32 */
	ACCEPT32(0xf3, 0x0f, 0x1e, 0xfb);
	/* the multi-byte nops as and gcc pad with */
	ACCEPT64(-1, 0x0f, 0x1f, 0x00);
	ACCEPT64(-1, 0x0f, 0x1f, 0x40, 0x00);
	ACCEPT64(-1, 0x0f, 0x1f, 0x44, 0x00, 0x00);
	ACCEPT64(-1, 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00);
	ACCEPT64(-1, 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00);
	ACCEPT64(-1, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00);
	ACCEPT64(-1, 0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00);
	ACCEPT64(-1, 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00);
	ACCEPT64(-1, 0x66, 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00);
	ACCEPT64(-1, 0x0f, 0x1f, 0xc0);				/* nop %eax: /0-/7, any mod */
	ACCEPT64(-1, 0x0f, 0x1f, 0x38);				/* nopl (%rax), reg 7 */
	ACCEPT64(-1, 0x0f, 0x44, 0xc1);				/* cmove %ecx,%eax */
	ACCEPT64(-1, 0x0f, 0x94, 0xc0);				/* sete %al */
	ACCEPT64(-1, 0x0f, 0xa2);				/* cpuid */
	ACCEPT64(-1, 0x0f, 0x31);				/* rdtsc */
	ACCEPT64(-1, 0x0f, 0xa3, 0xc8);				/* bt %ecx,%eax */
	ACCEPT64(-1, 0xf0, 0x48, 0x0f, 0xab, 0x07);		/* lock bts %rax,(%rdi) */
	ACCEPT64(-1, 0x0f, 0xa4, 0xc2, 0x05);			/* shld $5,%eax,%edx */
	ACCEPT64(-1, 0x0f, 0xad, 0xc2);				/* shrd %cl,%eax,%edx */
	ACCEPT64(-1, 0x0f, 0xaf, 0xc1);				/* imul %ecx,%eax */
	ACCEPT64(-1, 0xf0, 0x0f, 0xb0, 0x0f);			/* lock cmpxchg %cl,(%rdi) */
	ACCEPT64(-1, 0x48, 0x0f, 0xbe, 0xc0);			/* movsbq %al,%rax */
	ACCEPT64(-1, 0x0f, 0xb7, 0x47, 0x02);			/* movzwl 0x2(%rdi),%eax */
	ACCEPT64(-1, 0x0f, 0xba, 0xe0, 0x03);			/* bt $3,%eax */
	ACCEPT64(-1, 0x48, 0x0f, 0xbd, 0xc7);			/* bsr %rdi,%rax */
	ACCEPT64(-1, 0xf3, 0x48, 0x0f, 0xbc, 0xc7);		/* tzcnt %rdi,%rax */
	ACCEPT64(-1, 0xf0, 0x0f, 0xc1, 0x07);			/* lock xadd %eax,(%rdi) */
	ACCEPT64(-1, 0xf0, 0x0f, 0xc7, 0x0e);			/* lock cmpxchg8b (%rsi) */
	ACCEPT64(-1, 0xf0, 0x48, 0x0f, 0xc7, 0x0e);		/* lock cmpxchg16b (%rsi) */
	ACCEPT64(-1, 0x41, 0x0f, 0xc9);				/* bswap %r9d */
}

static void test_32bit_mode(void **state)
{
	ACCEPT32(0x55);						/* push %ebp */
	ACCEPT32(0x89, 0xe5);					/* mov %esp,%ebp */
	ACCEPT32(0x83, 0xec, 0x20);				/* sub $0x20,%esp */
	ACCEPT32(0x8b, 0x44, 0x24, 0x04);			/* mov 0x4(%esp),%eax */
	ACCEPT32(0x8b, 0x04, 0x24);				/* mov (%esp),%eax */
	ACCEPT32(0x8b, 0x04, 0x25, D32);			/* mov imm32(,%eiz),%eax */
	/* mod 0, rm 5 is an absolute disp32 here: nothing to rebase */
	ACCEPT32(0x8b, 0x05, D32);				/* mov addr,%eax */
	ACCEPT32(0xc7, 0x05, D32, D32);				/* movl $imm32,addr */
	ACCEPT32(0xff, 0x05, D32);				/* incl addr */
	ACCEPT32(0xa1, D32);					/* mov addr,%eax: moffs 4 bytes */
	ACCEPT32(0x66, 0xa3, D32);				/* mov %ax,addr */
	ACCEPT32(0x65, 0xa1, 0x14, 0x00, 0x00, 0x00);		/* mov %gs:0x14,%eax */
	ACCEPT32(0xb8, D32);					/* mov $imm32,%eax */
	ACCEPT32(0x66, 0xb8, 0x34, 0x12);			/* mov $imm16,%ax */
	ACCEPT32(0x40);						/* inc %eax */
	ACCEPT32(0x48);						/* dec %eax, a REX.W in 64-bit mode */
	ACCEPT32(0x06);						/* push %es */
	ACCEPT32(0x1f);						/* pop %ds */
	ACCEPT32(0x0e);						/* push %cs */
	ACCEPT32(0x16);						/* push %ss */
	ACCEPT32(0x60);						/* pusha */
	ACCEPT32(0x61);						/* popa */
	ACCEPT32(0x27);						/* daa */
	ACCEPT32(0x82, 0xc0, 0x01);				/* add $1,%al (82 alias) */
	ACCEPT32(0xf0, 0x0f, 0xb1, 0x0a);			/* lock cmpxchg %ecx,(%edx) */
	ACCEPT32(0xf0, 0x0f, 0xc7, 0x0e);			/* lock cmpxchg8b (%esi) */
	ACCEPT32(0xc8, 0x08, 0x00, 0x01);			/* enter $8,$1 */
	ACCEPT32(0x0f, 0x1f, 0x44, 0x00, 0x00);			/* nopl 0x0(%eax,%eax,1) */

	/* in 64-bit mode these are invalid, or REX prefixes */
	REFUSE64(0x06);
	REFUSE64(0x07);
	REFUSE64(0x0e);
	REFUSE64(0x16);
	REFUSE64(0x1e);
	REFUSE64(0x1f);
	REFUSE64(0x27);
	REFUSE64(0x60);
	REFUSE64(0x61);
	REFUSE64(0x82, 0xc0, 0x01);
	REFUSE64(0x48);						/* a REX with no opcode */
	ACCEPT64(-1, 0x40, 0x90);				/* REX, nop */
	/* movsxd is 64-bit only: arpl in 32-bit mode */
	REFUSE32(0x63, 0xc7);
}

static void test_prefixes_and_limits(void **state)
{
	u8 b[16];
	int rd;

	memset(b, 0x66, sizeof(b));
	b[14] = 0x90;						/* 14 prefixes, nop: 15 bytes */
	assert_int_equal(decode(true, b, 15, 15, &rd), 15);
	assert_int_equal(decode(false, b, 15, 16, &rd), 15);
	b[14] = 0x66;						/* 15 prefixes, nop: 16 */
	b[15] = 0x90;
	assert_int_equal(decode(true, b, 16, 16, &rd), -EINVAL);
	assert_int_equal(decode(false, b, 16, 16, &rd), -EINVAL);
	b[15] = 0x66;						/* 16 bytes of prefixes */
	assert_int_equal(decode(true, b, 16, 16, &rd), -EINVAL);
	assert_int_equal(decode(false, b, 16, 16, &rd), -EINVAL);

	/* operands that take it past 15 bytes */
	ACCEPT64(-1, 0x64, 0x2e, 0x66, 0x48, 0xc7, 0x84, 0xc0, D32, D32);	/* 15 */
	REFUSE64(0x64, 0x2e, 0x3e, 0x66, 0x48, 0xc7, 0x84, 0xc0, D32, D32);	/* 16 */
	REFUSE32(0x64, 0x2e, 0x3e, 0x26, 0x36, 0xc7, 0x84, 0xc0, D32, D32);

	/* any order, several */
	ACCEPT64(-1, 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65, 0x66, 0x8b, 0x07);
	ACCEPT64(-1, 0x66, 0xf0, 0x65, 0x41, 0x01, 0x07);	/* lock add %ax,%gs:(%r15) */
	ACCEPT32(0x3e, 0xf0, 0x66, 0x01, 0x07);
}

/* Each byte short of the instruction: refused, and nothing read past @avail. */
static void test_truncated(void **state)
{
	static const u8 cmpxchg[] = { 0xf0, 0x48, 0x0f, 0xb1, 0x15, D32 };
	static const u8 movabs[] = { 0x48, 0xb8, I64 };
	static const u8 sib[] = { 0x48, 0x8b, 0x04, 0x25, D32 };
	size_t n;
	int rd;

	for (n = 0; n < sizeof(cmpxchg); n++)
		assert_int_equal(decode(true, cmpxchg, n, n, &rd), -EINVAL);
	for (n = 0; n < sizeof(movabs); n++)
		assert_int_equal(decode(true, movabs, n, n, &rd), -EINVAL);
	for (n = 0; n < sizeof(sib); n++)
		assert_int_equal(decode(true, sib, n, n, &rd), -EINVAL);
	for (n = 0; n < 5; n++)		/* b8 imm32 in 32-bit mode */
		assert_int_equal(decode(false, movabs + 1, n, n, &rd), -EINVAL);
	assert_int_equal(decode(false, movabs + 1, 5, 5, &rd), 5);
	assert_int_equal(decode(true, sib, sizeof(sib), sizeof(sib), &rd), sizeof(sib));
}

static void test_control_transfers_are_refused(void **state)
{
	REFUSE(0xeb, 0x00);					/* jmp rel8 */
	REFUSE(0xe9, D32);					/* jmp rel32 */
	REFUSE(0x74, 0x00);					/* je rel8 */
	REFUSE(0x7f, 0x00);					/* jg rel8 */
	REFUSE(0x0f, 0x84, D32);				/* je rel32 */
	REFUSE(0x0f, 0x8f, D32);				/* jg rel32 */
	REFUSE(0xe8, D32);					/* call rel32 */
	REFUSE(0xc3);						/* ret */
	REFUSE(0xf3, 0xc3);					/* repz ret */
	REFUSE(0xc2, 0x08, 0x00);				/* ret $8 */
	REFUSE(0xcb);						/* lret */
	REFUSE(0xca, 0x08, 0x00);				/* lret $8 */
	REFUSE(0xcf);						/* iret */
	REFUSE64(0x48, 0xcf);					/* iretq */
	REFUSE(0xcc);						/* int3 */
	REFUSE(0xcd, 0x80);					/* int $0x80 */
	REFUSE32(0xce);						/* into */
	REFUSE(0xf1);						/* int1 */
	REFUSE(0xe0, 0x00);					/* loopne */
	REFUSE(0xe1, 0x00);					/* loope */
	REFUSE(0xe2, 0x00);					/* loop */
	REFUSE(0xe3, 0x00);					/* jecxz */
	REFUSE32(0xea, D32, 0x08, 0x00);			/* ljmp */
	REFUSE32(0x9a, D32, 0x08, 0x00);			/* lcall */
	REFUSE(0xff, 0xd0);					/* call *%eax */
	REFUSE(0xff, 0x15, D32);				/* call *disp(%rip) */
	REFUSE(0xff, 0x1c, 0x24);				/* lcall *(%esp) */
	REFUSE(0xff, 0xe0);					/* jmp *%eax */
	REFUSE(0xff, 0x24, 0xc5, D32);				/* jmp *table(,%rax,8) */
	REFUSE(0xff, 0x25, D32);				/* jmp *disp(%rip) */
	REFUSE(0xff, 0x2c, 0x24);				/* ljmp *(%esp) */
	REFUSE(0x3e, 0xff, 0xe0);				/* notrack jmp *%eax */
	REFUSE(0xf2, 0xe9, D32);				/* bnd jmp */
	REFUSE(0xc7, 0xf8, D32);				/* xbegin */
	REFUSE(0xc6, 0xf8, 0x00);				/* xabort */
	REFUSE(0x0f, 0x05);					/* syscall */
	REFUSE(0x0f, 0x07);					/* sysret */
	REFUSE(0x0f, 0x34);					/* sysenter */
	REFUSE(0x0f, 0x35);					/* sysexit */
	REFUSE(0x0f, 0x0b);					/* ud2: BUG() */
	REFUSE(0x0f, 0xb9, 0x00);				/* ud1 */
	REFUSE(0x0f, 0x01, 0xf8);				/* swapgs */
}

static void test_system_instructions_are_refused(void **state)
{
	REFUSE(0xfa);						/* cli */
	REFUSE(0xfb);						/* sti */
	REFUSE(0x9c);						/* pushf */
	REFUSE(0x9d);						/* popf */
	REFUSE64(0x48, 0x9d);					/* popfq */
	REFUSE(0xf4);						/* hlt */
	REFUSE(0x8e, 0xd0);					/* mov %eax,%ss */
	REFUSE(0x8e, 0xd8);					/* mov %eax,%ds */
	REFUSE(0x17);						/* pop %ss */
	REFUSE(0xe4, 0x60);					/* in $0x60,%al */
	REFUSE(0xe6, 0x80);					/* out %al,$0x80 */
	REFUSE(0xec);						/* in (%dx),%al */
	REFUSE(0xef);						/* out %eax,(%dx) */
	REFUSE(0x66, 0xef);					/* out %ax,(%dx) */
	REFUSE(0xf3, 0x6c);					/* rep insb */
	REFUSE(0x6f);						/* outsl */
	REFUSE(0x9b);						/* fwait */
	REFUSE(0xd9, 0xe8);					/* fld1 */
	REFUSE(0xdd, 0x07);					/* fldl (%rdi) */
	REFUSE(0xd4, 0x0a);					/* aam */
	REFUSE(0xd5, 0x0a);					/* aad */
	REFUSE(0xd6);						/* salc */
	REFUSE(0xd7);						/* xlat */
	REFUSE(0x9e);						/* sahf */
	REFUSE(0x9f);						/* lahf */
	REFUSE(0x0f, 0x20, 0xc0);				/* mov %cr0,%eax */
	REFUSE(0x0f, 0x22, 0xd8);				/* mov %eax,%cr3 */
	REFUSE(0x0f, 0x32);					/* rdmsr */
	REFUSE(0x0f, 0x30);					/* wrmsr */
	REFUSE(0x0f, 0x01, 0x15, D32);				/* lgdt */
	REFUSE(0x0f, 0x00, 0xd8);				/* ltr %ax */
	REFUSE(0x0f, 0xae, 0x07);				/* fxsave (%rdi) */
	REFUSE(0x0f, 0x0d, 0x08);				/* prefetchw (%rax) */
	REFUSE(0x0f, 0xc7, 0xf0);				/* rdrand %eax */
	REFUSE(0x0f, 0x38, 0xf0, 0x07);				/* movbe: 0F 38 map */
	REFUSE(0x0f, 0x3a, 0x0f, 0xc1, 0x08);			/* palignr: 0F 3A map */
	REFUSE(0x0f, 0x10, 0x07);				/* movups (%rdi),%xmm0 */
	REFUSE(0x66, 0x0f, 0x6f, 0x07);				/* movdqa */
	REFUSE(0xf3, 0x0f, 0xb8, 0xc1);				/* popcnt */
	REFUSE(0x0f, 0x1a, 0x05, D32);				/* MPX bndldx */
	REFUSE(0x0f, 0x1b, 0x07);				/* MPX bndstx */
}

static void test_encodings_that_are_refused(void **state)
{
	/* 67: address size */
	REFUSE(0x67, 0x8b, 0x00);
	REFUSE(0x67, 0x8b, 0x05, D32);
	REFUSE(0x67, 0xa1, D32);
	/* VEX, EVEX, XOP */
	REFUSE64(0xc5, 0xf8, 0x77);				/* vzeroupper */
	REFUSE64(0xc4, 0xe2, 0x79, 0x18, 0x07);			/* vbroadcastss */
	REFUSE64(0x62, 0xf1, 0x7c, 0x48, 0x10, 0x07);		/* vmovups %zmm0 */
	REFUSE(0x8f, 0xe9, 0x78, 0x90, 0xc1);			/* XOP vprotb */
	REFUSE32(0xc5, 0x07);					/* lds (%edi),%eax */
	REFUSE32(0x62, 0x07);					/* bound */
	/* a REX before a prefix or another REX is ignored by the CPU */
	REFUSE64(0x48, 0x66, 0x89, 0xc0);
	REFUSE64(0x48, 0xf0, 0x01, 0x07);
	REFUSE64(0x48, 0x2e, 0x90);
	REFUSE64(0x40, 0x48, 0x89, 0xc0);
	/* group forms not known */
	REFUSE(0x8d, 0xc0);					/* lea with a register */
	REFUSE(0x8f, 0xc8);					/* 8F /1 */
	REFUSE(0x8c, 0xf0);					/* mov %seg6 */
	REFUSE(0xd1, 0xf0);					/* D1 /6, an alias of shl */
	REFUSE(0xfe, 0xd0);					/* FE /2 */
	REFUSE(0xc6, 0xc8, 0x00);				/* C6 /1 */
	REFUSE(0x0f, 0xba, 0xc0, 0x03);				/* 0F BA /0 */
	REFUSE(0x0f, 0xc7, 0xc8);				/* cmpxchg8b with a register */
	/* lock with a register operand, or none: #UD */
	REFUSE(0xf0, 0x01, 0xc0);
	REFUSE(0xf0, 0x90);
	/* F2, F3 select other instructions in the 0F map */
	REFUSE(0xf2, 0x0f, 0xbc, 0xc1);
	REFUSE(0xf3, 0x0f, 0xaf, 0xc1);
	REFUSE(0xf2, 0x0f, 0x1e, 0xfa);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_function_entries_and_alu),
		cmocka_unit_test(test_addressing_64),
		cmocka_unit_test(test_rip_relative),
		cmocka_unit_test(test_immediates),
		cmocka_unit_test(test_two_byte_map),
		cmocka_unit_test(test_32bit_mode),
		cmocka_unit_test(test_prefixes_and_limits),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_control_transfers_are_refused),
		cmocka_unit_test(test_system_instructions_are_refused),
		cmocka_unit_test(test_encodings_that_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
