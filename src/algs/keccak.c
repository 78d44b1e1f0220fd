/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] and the sponge behind SHA-3 and SHAKE (FIPS 202).
 *
 * The sponge (init/update/final) works on any backend; this file also holds
 * the portable backend, jca__keccak_generic. Its permutation keeps the 25
 * lanes in local variables and runs two rounds per loop iteration, the first
 * from the a-lanes into the e-lanes and the second back, so the pi step costs
 * nothing: it is only a choice of variable names.
 *
 * Where the ISA has no and-not instruction (baseline x86-64) it also uses
 * "lane complementing" (Bertoni et al., "Keccak implementation overview",
 * section 2.2): six lanes are kept inverted inside the permutation, which lets
 * chi use AND/OR forms that need one NOT per plane instead of five, removing
 * 20 of about 150 instructions per round. The state in the context is never
 * inverted; the complement is applied on entry and undone on exit.
 */
#include <string.h>

#include "algs.h"
#include "../util/bytes.h"

const uint64_t jca__keccak_rc[24] = {
	0x0000000000000001u, 0x0000000000008082u, 0x800000000000808au,
	0x8000000080008000u, 0x000000000000808bu, 0x0000000080000001u,
	0x8000000080008081u, 0x8000000000008009u, 0x000000000000008au,
	0x0000000000000088u, 0x0000000080008009u, 0x000000008000000au,
	0x000000008000808bu, 0x800000000000008bu, 0x8000000000008089u,
	0x8000000000008003u, 0x8000000000008002u, 0x8000000000000080u,
	0x000000000000800au, 0x800000008000000au, 0x8000000080008081u,
	0x8000000000008080u, 0x0000000080000001u, 0x8000000080008008u,
};

/* ---- The permutation ----------------------------------------------------
 * Lane (x, y) is the local a<x><y> (or e<x><y>); in the array it is a[x + 5y].
 * The mask (64 - n) & 63 keeps the shift defined for n == 0 and is still
 * recognised as a rotate by gcc and clang. */
#define ROL(v, n) (((v) << (n)) | ((v) >> ((64 - (n)) & 63)))

/* theta: column parities c, then the value t[x] added to every lane of column x */
#define THETA(s) \
	c0 = s##00 ^ s##01 ^ s##02 ^ s##03 ^ s##04; \
	c1 = s##10 ^ s##11 ^ s##12 ^ s##13 ^ s##14; \
	c2 = s##20 ^ s##21 ^ s##22 ^ s##23 ^ s##24; \
	c3 = s##30 ^ s##31 ^ s##32 ^ s##33 ^ s##34; \
	c4 = s##40 ^ s##41 ^ s##42 ^ s##43 ^ s##44; \
	t0 = c4 ^ ROL(c1, 1); \
	t1 = c0 ^ ROL(c2, 1); \
	t2 = c1 ^ ROL(c3, 1); \
	t3 = c2 ^ ROL(c4, 1); \
	t4 = c3 ^ ROL(c0, 1)

/*
 * rho and pi for one output plane (row Y): pi sends lane (x, y) to
 * (y, 2x + 3y), so row Y takes its lanes from (X + 3Y, X) for X = 0..4. Each
 * gets theta's t[x] and its rho rotation on the way into b0..b4.
 */
#define GATHER0(s) \
	b0 = s##00 ^ t0; \
	b1 = ROL(s##11 ^ t1, 44); \
	b2 = ROL(s##22 ^ t2, 43); \
	b3 = ROL(s##33 ^ t3, 21); \
	b4 = ROL(s##44 ^ t4, 14)
#define GATHER1(s) \
	b0 = ROL(s##30 ^ t3, 28); \
	b1 = ROL(s##41 ^ t4, 20); \
	b2 = ROL(s##02 ^ t0, 3); \
	b3 = ROL(s##13 ^ t1, 45); \
	b4 = ROL(s##24 ^ t2, 61)
#define GATHER2(s) \
	b0 = ROL(s##10 ^ t1, 1); \
	b1 = ROL(s##21 ^ t2, 6); \
	b2 = ROL(s##32 ^ t3, 25); \
	b3 = ROL(s##43 ^ t4, 8); \
	b4 = ROL(s##04 ^ t0, 18)
#define GATHER3(s) \
	b0 = ROL(s##40 ^ t4, 27); \
	b1 = ROL(s##01 ^ t0, 36); \
	b2 = ROL(s##12 ^ t1, 10); \
	b3 = ROL(s##23 ^ t2, 15); \
	b4 = ROL(s##34 ^ t3, 56)
#define GATHER4(s) \
	b0 = ROL(s##20 ^ t2, 62); \
	b1 = ROL(s##31 ^ t3, 55); \
	b2 = ROL(s##42 ^ t4, 39); \
	b3 = ROL(s##03 ^ t0, 41); \
	b4 = ROL(s##14 ^ t1, 2)

/*
 * chi for plane Y: e[X] = b[X] ^ (~b[X+1] & b[X+2]), lanes e<X><Y>.
 *
 * Lane complementing pays only where and-not is not one instruction. On
 * x86-64 with BMI1 (ANDN), measured on Zen 4, plain chi is 5-7% faster with
 * gcc 12 and clang 14; without BMI1 the complemented form is 11% faster.
 * AArch64 (BIC) and RISC-V with Zbb (ANDN) have and-not too, so they get the
 * plain form as well (reasoned, not measured).
 */
#if defined(__BMI__) || defined(__aarch64__) || defined(__riscv_zbb)
#define KECCAK_COMPLEMENT 0
#else
#define KECCAK_COMPLEMENT 1
#endif

#if KECCAK_COMPLEMENT
/*
 * Inverted lanes in the state between rounds: (1,0) (2,0) (3,1) (2,2) (2,3)
 * (0,4). Since columns 0, 1, 2 and 3 hold an odd number of them, t0 and t3
 * come out of theta inverted, which changes again which b values arrive
 * inverted. Each line below takes its inputs as they arrive and yields chi's
 * output inverted exactly where the mask says, using, for u = ~v,
 * ~u & w = v & w and ~(~u & w) = u | ~w. Each plane needs one NOT (inline or
 * as bn); the lines were found by exhaustive search over the possible forms.
 */
#define CHI0(e) \
	e##00 = b0 ^ (b1 | b2); \
	e##10 = b1 ^ (~b2 | b3); \
	e##20 = b2 ^ (b3 & b4); \
	e##30 = b3 ^ (b4 | b0); \
	e##40 = b4 ^ (b0 & b1)
#define CHI1(e) \
	e##01 = b0 ^ (b1 | b2); \
	e##11 = b1 ^ (b2 & b3); \
	e##21 = b2 ^ (b3 | ~b4); \
	e##31 = b3 ^ (b4 | b0); \
	e##41 = b4 ^ (b0 & b1)
#define CHI2(e) \
	e##02 = b0 ^ (b1 | b2); \
	e##12 = b1 ^ (b2 & b3); \
	bn = ~b3; \
	e##22 = b2 ^ (bn & b4); \
	e##32 = bn ^ (b4 | b0); \
	e##42 = b4 ^ (b0 & b1)
#define CHI3(e) \
	e##03 = b0 ^ (b1 & b2); \
	e##13 = b1 ^ (b2 | b3); \
	bn = ~b3; \
	e##23 = b2 ^ (bn | b4); \
	e##33 = bn ^ (b4 & b0); \
	e##43 = b4 ^ (b0 | b1)
#define CHI4(e) \
	bn = ~b1; \
	e##04 = b0 ^ (bn & b2); \
	e##14 = bn ^ (b2 | b3); \
	e##24 = b2 ^ (b3 & b4); \
	e##34 = b3 ^ (b4 | b0); \
	e##44 = b4 ^ (b0 & b1)
/* Inverting a lane commutes with XORing input into it, so this is applied
 * once on entry to keccak_run and undone once on exit. */
#define COMPLEMENT(s) \
	s##10 = ~s##10; s##20 = ~s##20; s##31 = ~s##31; \
	s##22 = ~s##22; s##23 = ~s##23; s##04 = ~s##04
#else
#define CHI(e, y) \
	e##0##y = b0 ^ (~b1 & b2); \
	e##1##y = b1 ^ (~b2 & b3); \
	e##2##y = b2 ^ (~b3 & b4); \
	e##3##y = b3 ^ (~b4 & b0); \
	e##4##y = b4 ^ (~b0 & b1)
#define CHI0(e) CHI(e, 0)
#define CHI1(e) CHI(e, 1)
#define CHI2(e) CHI(e, 2)
#define CHI3(e) CHI(e, 3)
#define CHI4(e) CHI(e, 4)
#define COMPLEMENT(s) (void)0
#endif

/* A full round from the s-lanes into the e-lanes. */
#define ROUND(s, e, rc) \
	THETA(s); \
	GATHER0(s); CHI0(e); e##00 ^= (rc); \
	GATHER1(s); CHI1(e); \
	GATHER2(s); CHI2(e); \
	GATHER3(s); CHI3(e); \
	GATHER4(s); CHI4(e)

/* XOR input lane i into v if the block (of `rate` bytes) reaches it. */
#define XIN(i, v) \
	do { \
		if (rate > 8 * (i)) \
			(v) ^= jca__load_le64(in + 8 * (i)); \
	} while (0)

/*
 * XOR nblocks blocks of `rate` bytes into the state, permuting after each;
 * with in == NULL, just permute nblocks times. The state lives in locals from
 * the first block to the last. rate is a multiple of 8 from 72 (the SHA3-512
 * rate) to 200, so the first nine lanes are always input lanes.
 */
static void keccak_run(uint64_t a[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	uint64_t a00 = a[0],  a10 = a[1],  a20 = a[2],  a30 = a[3],  a40 = a[4];
	uint64_t a01 = a[5],  a11 = a[6],  a21 = a[7],  a31 = a[8],  a41 = a[9];
	uint64_t a02 = a[10], a12 = a[11], a22 = a[12], a32 = a[13], a42 = a[14];
	uint64_t a03 = a[15], a13 = a[16], a23 = a[17], a33 = a[18], a43 = a[19];
	uint64_t a04 = a[20], a14 = a[21], a24 = a[22], a34 = a[23], a44 = a[24];
	uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41;
	uint64_t e02, e12, e22, e32, e42, e03, e13, e23, e33, e43;
	uint64_t e04, e14, e24, e34, e44;
	uint64_t c0, c1, c2, c3, c4, t0, t1, t2, t3, t4, b0, b1, b2, b3, b4;
#if KECCAK_COMPLEMENT
	uint64_t bn;
#endif

	COMPLEMENT(a);
	while (nblocks--) {
		if (in) {
			a00 ^= jca__load_le64(in);      a10 ^= jca__load_le64(in + 8);
			a20 ^= jca__load_le64(in + 16); a30 ^= jca__load_le64(in + 24);
			a40 ^= jca__load_le64(in + 32); a01 ^= jca__load_le64(in + 40);
			a11 ^= jca__load_le64(in + 48); a21 ^= jca__load_le64(in + 56);
			a31 ^= jca__load_le64(in + 64);
			/* The rate is the same for every block, so these
			 * branches are predicted perfectly. */
			XIN(9, a41);  XIN(10, a02); XIN(11, a12); XIN(12, a22);
			XIN(13, a32); XIN(14, a42); XIN(15, a03); XIN(16, a13);
			XIN(17, a23); XIN(18, a33); XIN(19, a43); XIN(20, a04);
			XIN(21, a14); XIN(22, a24); XIN(23, a34); XIN(24, a44);
			in += rate;
		}
		for (int i = 0; i < 24; i += 2) {
			ROUND(a, e, jca__keccak_rc[i]);
			ROUND(e, a, jca__keccak_rc[i + 1]);
		}
	}
	COMPLEMENT(a);

	a[0] = a00;  a[1] = a10;  a[2] = a20;  a[3] = a30;  a[4] = a40;
	a[5] = a01;  a[6] = a11;  a[7] = a21;  a[8] = a31;  a[9] = a41;
	a[10] = a02; a[11] = a12; a[12] = a22; a[13] = a32; a[14] = a42;
	a[15] = a03; a[16] = a13; a[17] = a23; a[18] = a33; a[19] = a43;
	a[20] = a04; a[21] = a14; a[22] = a24; a[23] = a34; a[24] = a44;
}

static void keccak_permute_generic(uint64_t a[25])
{
	keccak_run(a, NULL, 1, 0);
}

static void keccak_absorb_generic(uint64_t a[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	keccak_run(a, in, nblocks, rate);
}

const jca__keccak_backend jca__keccak_generic = {
	keccak_permute_generic,
	keccak_absorb_generic,
	NULL,
};

/* ---- The sponge ----------------------------------------------------------
 * Byte i of a block is byte i % 8 of lane i / 8, counting bytes of a lane
 * from its least significant end. Working on lane values rather than on the
 * array's memory keeps this independent of the host's byte order. */

/* XOR len bytes into the state starting at byte offset pos of the block. */
static void xor_bytes(uint64_t a[25], size_t pos, const uint8_t *p, size_t len)
{
	/* Leading bytes up to a lane boundary. */
	while (len && (pos & 7)) {
		a[pos >> 3] ^= (uint64_t)*p++ << (8 * (pos & 7));
		pos++;
		len--;
	}
	for (; len >= 8; len -= 8, pos += 8, p += 8)
		a[pos >> 3] ^= jca__load_le64(p);
	for (; len; len--, pos++)
		a[pos >> 3] ^= (uint64_t)*p++ << (8 * (pos & 7));
}

/* Copy len bytes of the state, starting at byte offset pos, to out. */
static void extract_bytes(const uint64_t a[25], size_t pos, uint8_t *out, size_t len)
{
	while (len && (pos & 7)) {
		*out++ = (uint8_t)(a[pos >> 3] >> (8 * (pos & 7)));
		pos++;
		len--;
	}
	for (; len >= 8; len -= 8, pos += 8, out += 8)
		jca__store_le64(out, a[pos >> 3]);
	for (; len; len--, pos++)
		*out++ = (uint8_t)(a[pos >> 3] >> (8 * (pos & 7)));
}

void jca__keccak_init(jca__keccak_ctx *c, const jca__keccak_backend *be,
                      unsigned rate, uint8_t dsbyte)
{
	/* A struct assignment from a zero constant: compilers expand it into
	 * wide stores, where a memset of this size becomes "rep stos", whose
	 * start-up costs more than the stores (most of the cost of getting a
	 * SHA-3 instance). */
	static const jca__keccak_ctx zero;

	*c = zero;
	c->be = be;
	c->rate = rate;
	c->pos = 0;
	c->dsbyte = dsbyte;
	c->squeezing = 0;
}

/*
 * pos stays below rate between calls: a block is permuted as soon as it is
 * full. All whole blocks of one call go to be->absorb in a single call so a
 * backend can keep the state in registers from one block to the next.
 */
int jca__keccak_update(void *ctx, const void *in, size_t len)
{
	jca__keccak_ctx *c = ctx;
	const uint8_t *p = in;
	size_t rate = c->rate;

	if (len == 0)
		return 0;
	if (c->pos) {
		size_t n = rate - c->pos;

		if (len < n) {
			xor_bytes(c->a, c->pos, p, len);
			c->pos += (uint32_t)len;
			return 0;
		}
		xor_bytes(c->a, c->pos, p, n);
		c->be->permute(c->a);
		p += n;
		len -= n;
		c->pos = 0;
	}
	if (len >= rate) {
		size_t nblocks = len / rate;

		c->be->absorb(c->a, p, nblocks, rate);
		p += nblocks * rate;
		len -= nblocks * rate;
	}
	xor_bytes(c->a, 0, p, len);
	c->pos = (uint32_t)len;
	return 0;
}

/*
 * The first call pads (dsbyte holds the domain bits and the first 1 of
 * pad10*1; 0x80 is the final 1) and permutes. Every call then squeezes; a
 * later call continues the output stream where the previous one stopped,
 * which is what an XOF needs. In the squeezing phase pos counts bytes already
 * output from the current block, and the next block is computed lazily, so
 * no permutation is wasted after the last byte.
 */
int jca__keccak_final(void *ctx, void *out, size_t outlen)
{
	jca__keccak_ctx *c = ctx;
	uint8_t *o = out;
	size_t rate = c->rate;

	if (!c->squeezing) {
		c->a[c->pos >> 3] ^= (uint64_t)c->dsbyte << (8 * (c->pos & 7));
		c->a[(rate - 1) >> 3] ^= (uint64_t)0x80 << (8 * ((rate - 1) & 7));
		c->be->permute(c->a);
		c->pos = 0;
		c->squeezing = 1;
	}
	while (outlen) {
		size_t n;

		if (c->pos == rate) {
			c->be->permute(c->a);
			c->pos = 0;
		}
		n = rate - c->pos;
		if (n > outlen)
			n = outlen;
		extract_bytes(c->a, c->pos, o, n);
		c->pos += (uint32_t)n;
		o += n;
		outlen -= n;
	}
	return 0;
}
