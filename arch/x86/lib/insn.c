// SPDX-License-Identifier: MIT
/*
 * The length of an x86 instruction, whether it may run at another address
 * and where its RIP-relative displacement is, for running a breakpoint's
 * instruction out of line. Only plain integer instructions are known: the
 * rest is refused and takes the slower path, since a wrong length or a
 * moved jump would crash the kernel. Refused are control transfers, what
 * reads the instruction pointer, touches IF or SS, halts or does I/O, x87,
 * SSE, VEX/EVEX/XOP, MPX, ud2 (BUG() looks its address up) and 67.
 */
#include <kernel/errno.h>
#include <asm/insn.h>

#define MAX_LEN		15

/* Per opcode: known, ModRM, the modes it is valid in, its immediate. */
#define V		0x01		/* known */
#define M		0x02		/* a ModRM byte follows */
#define N64		0x04		/* invalid in 64-bit mode */
#define O64		0x08		/* 64-bit mode only */
#define G		0x10		/* some ModRM forms only: groups[] */
#define IMM(f)		((f) >> 5)
enum { I_NONE, I_B, I_Z, I_V, I_MOFFS, I_WB };
#define IB		(I_B << 5)	/* imm8 */
#define IZ		(I_Z << 5)	/* imm16 or imm32 by operand size */
#define IV		(I_V << 5)	/* imm16, imm32 or imm64 */
#define MOFFS		(I_MOFFS << 5)	/* an address: 4 or 8 bytes by mode */
#define IWB		(I_WB << 5)	/* enter: imm16, imm8 */

#define ALU(op)		[(op)] = V | M, [(op) + 1] = V | M, [(op) + 2] = V | M, \
			[(op) + 3] = V | M, [(op) + 4] = V | IB, [(op) + 5] = V | IZ

static const u8 map1[256] = {
	ALU(0x00), ALU(0x08), ALU(0x10), ALU(0x18),
	ALU(0x20), ALU(0x28), ALU(0x30), ALU(0x38),
	/* push/pop es, cs, ds, push ss (not pop ss: it holds off interrupts), BCD */
	[0x06] = V | N64, [0x07] = V | N64, [0x0e] = V | N64, [0x16] = V | N64,
	[0x1e] = V | N64, [0x1f] = V | N64, [0x27] = V | N64, [0x2f] = V | N64,
	[0x37] = V | N64, [0x3f] = V | N64,
	[0x40 ... 0x4f] = V | N64,		/* inc, dec; REX in 64-bit mode */
	[0x50 ... 0x5f] = V,
	[0x60] = V | N64, [0x61] = V | N64,	/* pusha, popa */
	[0x63] = V | M | O64,			/* movsxd; arpl in 32-bit mode */
	[0x68] = V | IZ, [0x69] = V | M | IZ, [0x6a] = V | IB, [0x6b] = V | M | IB,
	[0x80] = V | M | IB, [0x81] = V | M | IZ, [0x82] = V | M | IB | N64,
	[0x83] = V | M | IB, [0x84 ... 0x8b] = V | M,
	[0x8c] = V | M | G, [0x8d] = V | M | G, [0x8f] = V | M | G,
	[0x90 ... 0x99] = V,
	[0xa0 ... 0xa3] = V | MOFFS,
	[0xa4 ... 0xa7] = V, [0xa8] = V | IB, [0xa9] = V | IZ, [0xaa ... 0xaf] = V,
	[0xb0 ... 0xb7] = V | IB, [0xb8 ... 0xbf] = V | IV,
	[0xc0] = V | M | IB | G, [0xc1] = V | M | IB | G,
	[0xc6] = V | M | IB | G, [0xc7] = V | M | IZ | G,
	[0xc8] = V | IWB, [0xc9] = V,
	[0xd0 ... 0xd3] = V | M | G,
	[0xf5] = V, [0xf6] = V | M | IB | G, [0xf7] = V | M | IZ | G,
	[0xf8] = V, [0xf9] = V, [0xfc] = V, [0xfd] = V,
	[0xfe] = V | M | G, [0xff] = V | M | G,
};

/* 0F xx */
static const u8 map2[256] = {
	[0x18 ... 0x19] = V | M, [0x1c ... 0x1f] = V | M,	/* hint nops, endbr, nopl */
	[0x31] = V,				/* rdtsc */
	[0x40 ... 0x4f] = V | M,		/* cmovcc */
	[0x90 ... 0x9f] = V | M,		/* setcc */
	[0xa2] = V, [0xa3] = V | M, [0xa4] = V | M | IB, [0xa5] = V | M,
	[0xab] = V | M, [0xac] = V | M | IB, [0xad] = V | M, [0xaf] = V | M,
	[0xb0] = V | M, [0xb1] = V | M, [0xb3] = V | M, [0xb6] = V | M,
	[0xb7] = V | M, [0xba] = V | M | IB | G, [0xbb ... 0xbf] = V | M,
	[0xc0] = V | M, [0xc1] = V | M, [0xc7] = V | M | G,
	[0xc8 ... 0xcf] = V,			/* bswap */
};

/* The ModRM.reg values (a bit each) a group opcode is known with. */
static const struct {
	u16 op;			/* 0x1xx: 0F xx */
	u8 regs;
	u8 mem;			/* and only with a memory operand */
} groups[] = {
	{ 0x08c, 0x3f, 0 },		/* mov Ev, Sreg: six segment registers */
	{ 0x08d, 0xff, 1 },		/* lea */
	{ 0x08f, 0x01, 0 },		/* pop Ev; XOP otherwise */
	{ 0x0c0, 0xbf, 0 }, { 0x0c1, 0xbf, 0 },	/* shifts: not /6, an alias */
	{ 0x0d0, 0xbf, 0 }, { 0x0d1, 0xbf, 0 }, { 0x0d2, 0xbf, 0 }, { 0x0d3, 0xbf, 0 },
	{ 0x0c6, 0x01, 0 }, { 0x0c7, 0x01, 0 },	/* mov; /7: xabort, xbegin */
	{ 0x0f6, 0xff, 0 }, { 0x0f7, 0xff, 0 },
	{ 0x0fe, 0x03, 0 }, { 0x0ff, 0x43, 0 },	/* inc, dec, push; not call, jmp */
	{ 0x1ba, 0xf0, 0 },		/* bt, bts, btr, btc Ib */
	{ 0x1c7, 0x02, 1 },		/* cmpxchg8b, cmpxchg16b */
};

/* Immediate bytes by kind and operand size: 16, 32, 64 bits */
static const u8 imm_bytes[][3] = {
	[I_B] = { 1, 1, 1 }, [I_Z] = { 2, 4, 4 }, [I_V] = { 2, 4, 8 },
	[I_MOFFS] = { 4, 4, 4 }, [I_WB] = { 3, 3, 3 },
};

/* 66, F0, F2, F3, and the segment overrides 26 2E 36 3E (the mask) 64 65 */
static bool is_prefix(u8 b)
{
	return b == 0x66 || b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x64 || b == 0x65 ||
	       (b & 0xe7) == 0x26;
}

static bool group_ok(unsigned int op, unsigned int modrm)
{
	unsigned int i;

	for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
		if (groups[i].op == op)
			return (groups[i].regs >> ((modrm >> 3) & 7) & 1) &&
			       !(groups[i].mem && modrm >= 0xc0);
	return false;
}

int x86_insn_decode(const u8 *p, size_t avail, bool long_mode, struct x86_insn *insn)
{
	size_t n = avail < MAX_LEN ? avail : MAX_LEN, i;
	bool o16 = false, lock = false, rex = false, rexw = false, f2 = false, f3 = false;
	unsigned int op, f, modrm = 0, imm;
	int rip_disp = -1;

	for (i = 0; ; i++) {
		if (i >= n)
			return -EINVAL;
		op = p[i];
		/* a REX not right before the opcode is ignored: refused, not modelled */
		if (rex && (is_prefix(op) || (op & 0xf0) == 0x40))
			return -EINVAL;
		if (is_prefix(op)) {
			o16 |= op == 0x66;
			lock |= op == 0xf0;
			f2 |= op == 0xf2;
			f3 |= op == 0xf3;
		} else if (long_mode && (op & 0xf0) == 0x40) {
			rex = true;
			rexw = op & 0x08;
		} else {
			break;
		}
	}
	i++;
	if (op == 0x0f) {
		if (i >= n)
			return -EINVAL;
		op = 0x100 | p[i++];
		f = map2[op & 0xff];
	} else {
		f = map1[op];
	}
	if (!(f & V) || (f & (long_mode ? N64 : O64)))
		return -EINVAL;
	/* F2, F3 select other instructions in 0F xx: only endbr, tzcnt, lzcnt known */
	if (op > 0xff && (f2 || (f3 && op != 0x11e && op != 0x1bc && op != 0x1bd)))
		return -EINVAL;

	if (f & M) {
		unsigned int mod, rm;

		if (i >= n)
			return -EINVAL;
		modrm = p[i++];
		mod = modrm >> 6;
		rm = modrm & 7;
		if ((f & G) && !group_ok(op, modrm))
			return -EINVAL;
		if (mod != 3 && rm == 4) {		/* SIB */
			if (i >= n)
				return -EINVAL;
			if (mod == 0 && (p[i] & 7) == 5)	/* no base: disp32 */
				i += 4;
			i++;
		} else if (mod == 0 && rm == 5) {	/* disp32, RIP-relative in 64-bit mode */
			if (long_mode)
				rip_disp = i;
			i += 4;
		}
		if (mod == 1)
			i += 1;
		else if (mod == 2)
			i += 4;
	}
	/* lock on a register operand, or on no operand at all, is #UD */
	if (lock && (!(f & M) || modrm >= 0xc0))
		return -EINVAL;

	imm = IMM(f);
	if ((op == 0xf6 || op == 0xf7) && ((modrm >> 3) & 7) > 1)	/* test only */
		imm = I_NONE;
	if (imm == I_MOFFS && long_mode)
		i += 8;
	else
		i += imm_bytes[imm][rexw ? 2 : o16 ? 0 : 1];	/* REX.W overrides 66 */
	if (i > n)
		return -EINVAL;
	insn->len = i;
	insn->rip_disp = rip_disp;
	return 0;
}
