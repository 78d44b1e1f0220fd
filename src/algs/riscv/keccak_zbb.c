/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] backend for RV64 with Zbb: every lane rotation is one rori
 * and chi's (~x & y) is one andn.
 *
 * Build with -march=rv64gc_zbb (or rv64gc_zbkb); use only when
 * jca__cpu_features() reports that extension. The only non-base
 * instructions used are rori and andn, both in Zbb and in Zbkb, through the
 * asm helpers below (GCC has no rotate or andn builtins).
 *
 * The state lives in a local array that is only ever indexed by constants,
 * so the compiler keeps it in registers (and spills the excess) rather than
 * in memory; absorb() keeps it there across blocks.
 */
#include <string.h>

#include "../algs.h"

#if !defined(__riscv) || __riscv_xlen != 64
#error "keccak_zbb.c is for RV64 only"
#endif
#if !(defined(__riscv_zbb) || defined(__riscv_zbkb))
#error "compile keccak_zbb.c with -march=rv64gc_zbb (or rv64gc_zbkb)"
#endif

/* always_inline keeps the helpers single instructions even at -O0, where
 * the "I" (immediate) constraint would otherwise not be satisfiable. */
static inline __attribute__((always_inline)) uint64_t rori(uint64_t x, const int n)
{
	uint64_t r;
	__asm__("rori %0, %1, %2" : "=r"(r) : "r"(x), "I"(n));
	return r;
}

/* x & ~y */
static inline __attribute__((always_inline)) uint64_t andn(uint64_t x, uint64_t y)
{
	uint64_t r;
	__asm__("andn %0, %1, %2" : "=r"(r) : "r"(x), "r"(y));
	return r;
}

/* Left rotation by a constant n in 1..63 (Keccak rotates left). */
#define ROL(x, n) rori((x), 64 - (n))

/* chi on one row: out[x] = b[x] ^ (~b[x+1] & b[x+2]). */
static inline __attribute__((always_inline)) void chi_row(uint64_t out[5], uint64_t b0,
	uint64_t b1, uint64_t b2, uint64_t b3, uint64_t b4)
{
	out[0] = b0 ^ andn(b2, b1);
	out[1] = b1 ^ andn(b3, b2);
	out[2] = b2 ^ andn(b4, b3);
	out[3] = b3 ^ andn(b0, b4);
	out[4] = b4 ^ andn(b1, b0);
}

/*
 * One round: theta, then rho and pi folded into the arguments of chi_row,
 * then iota. pi moves lane (x, y) to (y, 2x + 3y mod 5), so output lane
 * (x', y') comes from input lane ((x' + 3y') mod 5, x'): row 0 takes lanes
 * 0 6 12 18 24, row 1 takes 3 9 10 16 22, row 2 takes 1 7 13 19 20, row 3
 * takes 4 5 11 17 23 and row 4 takes 2 8 14 15 21 (index x + 5y), each
 * rotated by its rho offset.
 */
static inline __attribute__((always_inline)) void keccak_round(uint64_t out[25],
	const uint64_t s[25], uint64_t rc)
{
	uint64_t c0 = s[0] ^ s[5] ^ s[10] ^ s[15] ^ s[20];
	uint64_t c1 = s[1] ^ s[6] ^ s[11] ^ s[16] ^ s[21];
	uint64_t c2 = s[2] ^ s[7] ^ s[12] ^ s[17] ^ s[22];
	uint64_t c3 = s[3] ^ s[8] ^ s[13] ^ s[18] ^ s[23];
	uint64_t c4 = s[4] ^ s[9] ^ s[14] ^ s[19] ^ s[24];
	uint64_t d0 = c4 ^ ROL(c1, 1);
	uint64_t d1 = c0 ^ ROL(c2, 1);
	uint64_t d2 = c1 ^ ROL(c3, 1);
	uint64_t d3 = c2 ^ ROL(c4, 1);
	uint64_t d4 = c3 ^ ROL(c0, 1);

	chi_row(out + 0, s[0] ^ d0, ROL(s[6] ^ d1, 44), ROL(s[12] ^ d2, 43),
		ROL(s[18] ^ d3, 21), ROL(s[24] ^ d4, 14));
	chi_row(out + 5, ROL(s[3] ^ d3, 28), ROL(s[9] ^ d4, 20), ROL(s[10] ^ d0, 3),
		ROL(s[16] ^ d1, 45), ROL(s[22] ^ d2, 61));
	chi_row(out + 10, ROL(s[1] ^ d1, 1), ROL(s[7] ^ d2, 6), ROL(s[13] ^ d3, 25),
		ROL(s[19] ^ d4, 8), ROL(s[20] ^ d0, 18));
	chi_row(out + 15, ROL(s[4] ^ d4, 27), ROL(s[5] ^ d0, 36), ROL(s[11] ^ d1, 10),
		ROL(s[17] ^ d2, 15), ROL(s[23] ^ d3, 56));
	chi_row(out + 20, ROL(s[2] ^ d2, 62), ROL(s[8] ^ d3, 55), ROL(s[14] ^ d4, 39),
		ROL(s[15] ^ d0, 41), ROL(s[21] ^ d1, 2));
	out[0] ^= rc;
}

/* The 24 rounds, two per iteration so the state goes s -> t -> s with no
 * copies. */
static inline __attribute__((always_inline)) void permute_local(uint64_t s[25])
{
	uint64_t t[25];

	for (int i = 0; i < 24; i += 2) {
		keccak_round(t, s, jca__keccak_rc[i]);
		keccak_round(s, t, jca__keccak_rc[i + 1]);
	}
}

static void permute(uint64_t a[25])
{
	uint64_t s[25];

	memcpy(s, a, sizeof s);
	permute_local(s);
	memcpy(a, s, sizeof s);
}

/* Lane i of an 8-byte aligned block: lanes are little-endian, like RV64. */
static inline __attribute__((always_inline)) uint64_t lane(const uint8_t *p, int i)
{
	uint64_t v;

	memcpy(&v, (const uint8_t *)__builtin_assume_aligned(p, 8) + 8 * i, 8);
	return v;
}

#define FALLTHROUGH __attribute__((fallthrough))

/* XOR the first `lanes` lanes of p into s. A switch rather than a loop so
 * every index into s is a constant and s can stay in registers. */
static inline __attribute__((always_inline)) void xor_lanes(uint64_t s[25],
	const uint8_t *p, size_t lanes)
{
	switch (lanes) {
	case 25: s[24] ^= lane(p, 24); FALLTHROUGH;
	case 24: s[23] ^= lane(p, 23); FALLTHROUGH;
	case 23: s[22] ^= lane(p, 22); FALLTHROUGH;
	case 22: s[21] ^= lane(p, 21); FALLTHROUGH;
	case 21: s[20] ^= lane(p, 20); FALLTHROUGH;
	case 20: s[19] ^= lane(p, 19); FALLTHROUGH;
	case 19: s[18] ^= lane(p, 18); FALLTHROUGH;
	case 18: s[17] ^= lane(p, 17); FALLTHROUGH;
	case 17: s[16] ^= lane(p, 16); FALLTHROUGH;
	case 16: s[15] ^= lane(p, 15); FALLTHROUGH;
	case 15: s[14] ^= lane(p, 14); FALLTHROUGH;
	case 14: s[13] ^= lane(p, 13); FALLTHROUGH;
	case 13: s[12] ^= lane(p, 12); FALLTHROUGH;
	case 12: s[11] ^= lane(p, 11); FALLTHROUGH;
	case 11: s[10] ^= lane(p, 10); FALLTHROUGH;
	case 10: s[9] ^= lane(p, 9); FALLTHROUGH;
	case 9: s[8] ^= lane(p, 8); FALLTHROUGH;
	case 8: s[7] ^= lane(p, 7); FALLTHROUGH;
	case 7: s[6] ^= lane(p, 6); FALLTHROUGH;
	case 6: s[5] ^= lane(p, 5); FALLTHROUGH;
	case 5: s[4] ^= lane(p, 4); FALLTHROUGH;
	case 4: s[3] ^= lane(p, 3); FALLTHROUGH;
	case 3: s[2] ^= lane(p, 2); FALLTHROUGH;
	case 2: s[1] ^= lane(p, 1); FALLTHROUGH;
	case 1: s[0] ^= lane(p, 0); FALLTHROUGH;
	default: break;
	}
}

/* For a rate that is not a whole number of lanes (no FIPS 202 instance has
 * one): byte-wise XOR into the little-endian state, then permute. */
static void absorb_bytes(uint64_t a[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	for (; nblocks > 0; nblocks--, in += rate) {
		uint8_t *st = (uint8_t *)a;

		for (size_t i = 0; i < rate; i++)
			st[i] ^= in[i];
		permute(a);
	}
}

static void absorb(uint64_t a[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	uint64_t s[25], tmp[25];
	size_t lanes = rate / 8;

	/* rate <= 200 is the caller's promise, as for every backend */
	if (rate % 8 != 0) {
		absorb_bytes(a, in, nblocks, rate);
		return;
	}
	memcpy(s, a, sizeof s);
	for (; nblocks > 0; nblocks--, in += rate) {
		/* Misaligned ld may trap to a slow emulation on RISC-V; with
		 * whole-lane rates every block has the alignment of the first. */
		if ((uintptr_t)in & 7) {
			memcpy(tmp, in, rate);
			xor_lanes(s, (const uint8_t *)tmp, lanes);
		} else {
			xor_lanes(s, in, lanes);
		}
		permute_local(s);
	}
	memcpy(a, s, sizeof s);
}

const jca__keccak_backend jca__keccak_zbb = { permute, absorb, NULL };
