/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The bitsliced form of the portable, constant-time AES (aes_ct.c, the
 * cipher on four bitsliced blocks and its key schedule; aes_ct_modes.c, the
 * ECB and CBC loops): the conversions between bytes and slices, shared by
 * both files. Private to those files.
 *
 * Four blocks are processed together as eight 64-bit words q[0..7], word
 * q[i] holding bit i of each of the 64 state bytes. In every word, the byte
 * at row r, column c of block b is bit
 *
 *     16*r + 8*(c >> 1) + 2*b + (c & 1)
 *
 * so each row of the state is one 16-bit lane. With that layout:
 *  - MixColumns needs "the same column, next row", which is a rotation of
 *    the whole word by 16 bits;
 *  - ShiftRows is two masked delta swaps per word;
 *  - the layout is reached from four little-endian 64-bit loads per two
 *    blocks with six swap-move stages (bitslice() below).
 */
#ifndef JCA_ALGS_AES_BITSLICE_H
#define JCA_ALGS_AES_BITSLICE_H

#include <string.h>

#include "algs.h"
#include "../util/bytes.h"

#define NSLICE 8               /* words per bitsliced state or round key */
#define PAR 4                  /* blocks per bitsliced state */

/*
 * The round steps are forced inline, and their per-word work written out
 * rather than looped, so that inside encrypt_slices() and decrypt_slices()
 * the state array becomes eight scalars in registers. As separate functions
 * with eight-iteration loops over an array in memory, GCC 12 turned them into
 * two-wide SSE loops and paid store-forwarding stalls between 8- and 16-byte
 * accesses: CBC decryption ran at half the speed.
 */
#if defined(__GNUC__)
#define AES_INLINE static inline __attribute__((always_inline))
#else
#define AES_INLINE static inline
#endif

/* ---- small helpers ----------------------------------------------------- */

/* Writes through a volatile pointer so the compiler cannot drop them. */
static inline void wipe64(uint64_t *p, size_t n)
{
	volatile uint64_t *v = p;

	while (n--)
		*v++ = 0;
}

/* ---- conversion between bytes and bitsliced form ------------------------ */

/*
 * Exchange between words a and b (which differ in one bit of the word index)
 * the bits of a whose position has the bit of weight s set with the bits of
 * b whose position has it clear: this swaps one word-index bit with one
 * position bit. m selects the positions with that bit clear.
 */
AES_INLINE void swapmove(uint64_t *a, uint64_t *b, unsigned s, uint64_t m)
{
	uint64_t t = ((*a >> s) ^ *b) & m;

	*b ^= t;
	*a ^= t << s;
}

/*
 * One swap-move stage over the four word pairs that differ in word bit d
 * (written out, not looped: see AES_INLINE).
 */
AES_INLINE void stage(uint64_t x[NSLICE], unsigned d, unsigned s, uint64_t m)
{
	if (d == 1) {
		swapmove(&x[0], &x[1], s, m);
		swapmove(&x[2], &x[3], s, m);
		swapmove(&x[4], &x[5], s, m);
		swapmove(&x[6], &x[7], s, m);
	} else if (d == 2) {
		swapmove(&x[0], &x[2], s, m);
		swapmove(&x[1], &x[3], s, m);
		swapmove(&x[4], &x[6], s, m);
		swapmove(&x[5], &x[7], s, m);
	} else {
		swapmove(&x[0], &x[4], s, m);
		swapmove(&x[1], &x[5], s, m);
		swapmove(&x[2], &x[6], s, m);
		swapmove(&x[3], &x[7], s, m);
	}
}

/*
 * On entry x[2*b + h] is bytes 8h..8h+7 of block b, little-endian, so a bit
 * is indexed by (word: h, b0, b1; position: i0 i1 i2 r0 r1 c0), i being the
 * bit within the byte. On exit x[i] is plane i with position
 * (c0 b0 b1 c1 r0 r1). Each stage swaps one word bit with one position bit:
 * the first four rotate h=c1 -> pos 3, r0 -> pos 4, r1 -> pos 5, c0 -> pos 0
 * through word bit 0 (bringing i0 into it), the last two trade b0, b1 for
 * i1, i2. Every stage is an involution, so unbitslice() runs them backwards.
 */
AES_INLINE void bitslice(uint64_t x[NSLICE])
{
	stage(x, 1, 8, 0x00FF00FF00FF00FFu);
	stage(x, 1, 16, 0x0000FFFF0000FFFFu);
	stage(x, 1, 32, 0x00000000FFFFFFFFu);
	stage(x, 1, 1, 0x5555555555555555u);
	stage(x, 2, 2, 0x3333333333333333u);
	stage(x, 4, 4, 0x0F0F0F0F0F0F0F0Fu);
}

AES_INLINE void unbitslice(uint64_t x[NSLICE])
{
	stage(x, 4, 4, 0x0F0F0F0F0F0F0F0Fu);
	stage(x, 2, 2, 0x3333333333333333u);
	stage(x, 1, 1, 0x5555555555555555u);
	stage(x, 1, 32, 0x00000000FFFFFFFFu);
	stage(x, 1, 16, 0x0000FFFF0000FFFFu);
	stage(x, 1, 8, 0x00FF00FF00FF00FFu);
}

/* Loads n (1..4) blocks as words x[2b + h]; missing blocks are zero. */
static inline void load_blocks(uint64_t x[NSLICE], const uint8_t *in, size_t n)
{
	for (size_t w = 0; w < NSLICE; w++)
		x[w] = w < 2 * n ? jca__load_le64(in + 8 * w) : 0;
}

static inline void store_blocks(uint8_t *out, const uint64_t x[NSLICE], size_t n)
{
	for (size_t w = 0; w < 2 * n; w++)
		jca__store_le64(out + 8 * w, x[w]);
}


/* The cipher on four bitsliced blocks (aes_ct.c): state in, state out. */
JCA__HIDDEN void jca__aes_ct_encrypt_slices(const jca__aes_ct_ctx *c, uint64_t state[NSLICE]);
JCA__HIDDEN void jca__aes_ct_decrypt_slices(const jca__aes_ct_ctx *c, uint64_t state[NSLICE]);

#endif
