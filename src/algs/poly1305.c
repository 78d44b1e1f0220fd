/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 (RFC 8439, 2.5), portable, in one of two arithmetics chosen at
 * compile time (chacha.h): on hosts with unsigned __int128, the accumulator
 * in two 64-bit words and a few bits, r in two words, 64 x 64 -> 128-bit
 * products (four per block, and two small ones); elsewhere five 26-bit
 * limbs with 64-bit products (25 per block). Either way the reduction modulo 2^130 - 5 is by
 * carries (2^130 = 5 mod p) and the final selection by mask: no branch or
 * index depends on the key or the message.
 */
#include <string.h>

#include "chacha.h"
#include "../util/bytes.h"
#include "../util/mem.h"

#if JCA__POLY1305_64

typedef unsigned __int128 u128;

/* r clamped (RFC 8439 2.5: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff) in
 * two 64-bit words; r[2] = r1 + r1 / 4 (see blocks) */
static void load_r(jca__poly1305 *p, const uint8_t key[16])
{
	p->r[0] = jca__load_le64(key) & 0x0ffffffc0fffffffull;
	p->r[1] = jca__load_le64(key + 8) & 0x0ffffffc0ffffffcull;
	p->r[2] = p->r[1] + (p->r[1] >> 2);
	p->h[0] = p->h[1] = p->h[2] = 0;
}

/*
 * h = (h + m) * r mod p over whole 16-byte blocks; full: add 2^128 (a
 * whole block), 0 for the padded last one. h = h0 + h1 2^64 + h2 2^128
 * with h2 a few bits; r = r0 + r1 2^64. The product's terms at 2^128 and
 * 2^192 fold back with 2^130 = 5: h1 r1 2^128 = h1 (r1 / 4) 2^130 = h1 s1
 * and h2 r1 2^192 = h2 s1 2^64, where s1 = 5 r1 / 4 is exact because
 * clamping clears r1's low two bits. Clamping also keeps r0, r1 below
 * 2^60, so the 128-bit sums cannot overflow.
 */
void jca__poly1305_blocks_generic(jca__poly1305 *p, const uint8_t *m, size_t nblocks, uint32_t full)
{
	const uint64_t r0 = p->r[0], r1 = p->r[1], s1 = p->r[2];
	uint64_t h0 = p->h[0], h1 = p->h[1], h2 = p->h[2], c;
	u128 d0, d1, t;

	for (; nblocks; nblocks--, m += 16) {
		t = (u128)h0 + jca__load_le64(m);
		h0 = (uint64_t)t;
		t = (u128)h1 + jca__load_le64(m + 8) + (uint64_t)(t >> 64);
		h1 = (uint64_t)t;
		h2 += (uint64_t)(t >> 64) + full;

		d0 = (u128)h0 * r0 + (u128)h1 * s1;
		d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)(h2 * s1);
		h2 = h2 * r0;                   /* h2 < 8, r0 < 2^60 */

		/* carry into the 2^128 word, then fold its bits above 2^130
		 * back as 5 times them: c = (h2 >> 2) * 5 = (h2 & ~3) + (h2 >> 2) */
		d1 += (uint64_t)(d0 >> 64);
		h0 = (uint64_t)d0;
		h2 += (uint64_t)(d1 >> 64);
		h1 = (uint64_t)d1;
		c = (h2 & ~(uint64_t)3) + (h2 >> 2);
		h2 &= 3;
		t = (u128)h0 + c;
		h0 = (uint64_t)t;
		t = (u128)h1 + (uint64_t)(t >> 64);
		h1 = (uint64_t)t;
		h2 += (uint64_t)(t >> 64);
	}
	p->h[0] = h0, p->h[1] = h1, p->h[2] = h2;
}

/* h fully reduced mod p, plus s, mod 2^128 */
static void finish(jca__poly1305 *p, uint8_t tag[16])
{
	uint64_t h0 = p->h[0], h1 = p->h[1], h2 = p->h[2], g0, g1, g2, c, mask;
	u128 t;

	/* h2 < 8: fold the bits above 2^130 once more, so h < 2^130 + 5 */
	c = (h2 & ~(uint64_t)3) + (h2 >> 2);
	h2 &= 3;
	t = (u128)h0 + c; h0 = (uint64_t)t;
	t = (u128)h1 + (uint64_t)(t >> 64); h1 = (uint64_t)t;
	h2 += (uint64_t)(t >> 64);
	/* g = h + 5; h >= p exactly when g reaches 2^130: then take g
	 * (its bits from 2^128 up do not reach the tag) */
	t = (u128)h0 + 5; g0 = (uint64_t)t;
	t = (u128)h1 + (uint64_t)(t >> 64); g1 = (uint64_t)t;
	g2 = h2 + (uint64_t)(t >> 64);
	mask = 0 - (g2 >> 2);               /* all ones: take g */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	t = (u128)h0 + ((uint64_t)p->pad[0] | (uint64_t)p->pad[1] << 32);
	jca__store_le64(tag, (uint64_t)t);
	t = (u128)h1 + ((uint64_t)p->pad[2] | (uint64_t)p->pad[3] << 32) + (uint64_t)(t >> 64);
	jca__store_le64(tag + 8, (uint64_t)t);
}

#else /* five 26-bit limbs */

#define M26 0x3ffffffu

/* r clamped (RFC 8439 2.5: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff)
 * and cut into 26-bit limbs in one step */
static void load_r(jca__poly1305 *p, const uint8_t key[16])
{
	int i;

	p->r[0] = jca__load_le32(key + 0) & 0x3ffffffu;
	p->r[1] = (jca__load_le32(key + 3) >> 2) & 0x3ffff03u;
	p->r[2] = (jca__load_le32(key + 6) >> 4) & 0x3ffc0ffu;
	p->r[3] = (jca__load_le32(key + 9) >> 6) & 0x3f03fffu;
	p->r[4] = (jca__load_le32(key + 12) >> 8) & 0x00fffffu;
	for (i = 0; i < 5; i++)
		p->h[i] = 0;
}

/* h = (h + m) * r mod p over whole 16-byte blocks; full: add 2^128 (a
 * whole block, 1 << 24 in the top limb), 0 for the padded last one. */
void jca__poly1305_blocks_generic(jca__poly1305 *p, const uint8_t *m, size_t nblocks, uint32_t full)
{
	const uint32_t r0 = p->r[0], r1 = p->r[1], r2 = p->r[2], r3 = p->r[3], r4 = p->r[4];
	const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
	const uint32_t hibit = full << 24;
	uint32_t h0 = p->h[0], h1 = p->h[1], h2 = p->h[2], h3 = p->h[3], h4 = p->h[4], c;
	uint64_t d0, d1, d2, d3, d4;
	for (; nblocks; nblocks--, m += 16) {
		h0 += jca__load_le32(m + 0) & M26;
		h1 += (jca__load_le32(m + 3) >> 2) & M26;
		h2 += (jca__load_le32(m + 6) >> 4) & M26;
		h3 += (jca__load_le32(m + 9) >> 6) & M26;
		h4 += (jca__load_le32(m + 12) >> 8) | hibit;

		d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
		d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
		d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
		d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
		d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

		c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & M26;
		d1 += c; c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & M26;
		d2 += c; c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & M26;
		d3 += c; c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & M26;
		d4 += c; c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & M26;
		h0 += c * 5; c = h0 >> 26; h0 &= M26;
		h1 += c;
	}
	p->h[0] = h0, p->h[1] = h1, p->h[2] = h2, p->h[3] = h3, p->h[4] = h4;
}

/* h fully reduced mod p, plus s, mod 2^128 */
static void finish(jca__poly1305 *p, uint8_t tag[16])
{
	uint32_t h0, h1, h2, h3, h4, g0, g1, g2, g3, g4, c, mask;
	uint64_t f;

	h0 = p->h[0], h1 = p->h[1], h2 = p->h[2], h3 = p->h[3], h4 = p->h[4];
	/* full carry */
	c = h1 >> 26; h1 &= M26; h2 += c;
	c = h2 >> 26; h2 &= M26; h3 += c;
	c = h3 >> 26; h3 &= M26; h4 += c;
	c = h4 >> 26; h4 &= M26; h0 += c * 5;
	c = h0 >> 26; h0 &= M26; h1 += c;
	/* g = h + 5 - 2^130; h = g if that did not borrow (h >= p) */
	g0 = h0 + 5; c = g0 >> 26; g0 &= M26;
	g1 = h1 + c; c = g1 >> 26; g1 &= M26;
	g2 = h2 + c; c = g2 >> 26; g2 &= M26;
	g3 = h3 + c; c = g3 >> 26; g3 &= M26;
	g4 = h4 + c - (1u << 26);
	mask = (g4 >> 31) - 1;              /* all ones: no borrow, take g */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	h2 = (h2 & ~mask) | (g2 & mask);
	h3 = (h3 & ~mask) | (g3 & mask);
	h4 = (h4 & ~mask) | (g4 & mask);
	/* h mod 2^128 in four words, plus s */
	h0 = h0 | (h1 << 26);
	h1 = (h1 >> 6) | (h2 << 20);
	h2 = (h2 >> 12) | (h3 << 14);
	h3 = (h3 >> 18) | (h4 << 8);
	f = (uint64_t)h0 + p->pad[0]; jca__store_le32(tag + 0, (uint32_t)f);
	f = (uint64_t)h1 + p->pad[1] + (f >> 32); jca__store_le32(tag + 4, (uint32_t)f);
	f = (uint64_t)h2 + p->pad[2] + (f >> 32); jca__store_le32(tag + 8, (uint32_t)f);
	f = (uint64_t)h3 + p->pad[3] + (f >> 32); jca__store_le32(tag + 12, (uint32_t)f);
}

#endif

void jca__poly1305_init(jca__poly1305 *p, const uint8_t key[32])
{
	jca__poly1305_init_backend(p, key, jca__poly1305_blocks_generic);
}

void jca__poly1305_init_backend(jca__poly1305 *p, const uint8_t key[32], jca__poly1305_blocks_fn *fn)
{
	int i;

	p->blocks = fn;
	load_r(p, key);
	for (i = 0; i < 4; i++)
		p->pad[i] = jca__load_le32(key + 16 + 4 * i);
	p->n = 0;
}

void jca__poly1305_update(jca__poly1305 *p, const uint8_t *in, size_t len)
{
	size_t k;

	if (p->n) {
		k = 16 - p->n < len ? 16 - p->n : len;
		memcpy(p->buf + p->n, in, k);
		p->n += k;
		in += k;
		len -= k;
		if (p->n < 16)
			return;
		p->blocks(p, p->buf, 1, 1);
		p->n = 0;
	}
	if (len >= 16) {
		p->blocks(p, in, len / 16, 1);
		in += len & ~(size_t)15;
		len &= 15;
	}
	if (len) {
		memcpy(p->buf, in, len);
		p->n = len;
	}
}

void jca__poly1305_pad16(jca__poly1305 *p)
{
	static const uint8_t zero[16];

	if (p->n)
		jca__poly1305_update(p, zero, 16 - p->n);
}

void jca__poly1305_final(jca__poly1305 *p, uint8_t tag[16])
{
	if (p->n) {                         /* the last block: 1 after its bytes, no 2^128 */
		p->buf[p->n] = 1;
		memset(p->buf + p->n + 1, 0, 15 - p->n);
		p->blocks(p, p->buf, 1, 0);
	}
	finish(p, tag);
	jca__wipe(p, sizeof *p);
}
