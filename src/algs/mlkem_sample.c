/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM's use of SHA-3 (FIPS 203 sections 4.1 and 4.2.2): the hashes H, G
 * and J, the PRF, and the samplers SampleNTT (Algorithm 7, rejection
 * sampling from SHAKE128) and SamplePolyCBD (Algorithm 8).
 *
 * The XOF and PRF inputs (34 and 33 bytes) fit in one block, so they run
 * straight on the backend's permutation over a local state and are read
 * in whole blocks (168 bytes for SHAKE128). SampleNTT works on the public
 * seed rho and may branch on its bytes; the CBD sampler branches on nothing
 * and its buffers are wiped.
 */
#include "mlkem_int.h"
#include "../util/mem.h"

#define Q JCA__MLKEM_Q
#define SHAKE128_RATE 168
#define SHAKE256_RATE 136

static const jca__keccak_backend *be(const jca__keccak_backend *kb)
{
	return kb ? kb : &jca__keccak_generic;
}

/* The state after absorbing len < rate bytes and the padding. */
static void absorb_once(const jca__keccak_backend *kb, uint64_t a[25], const uint8_t *in, size_t len, unsigned rate, uint8_t ds)
{
	memset(a, 0, 25 * sizeof(uint64_t));
	for (size_t i = 0; i < len; i++)
		a[i >> 3] ^= (uint64_t)in[i] << (8 * (i & 7));
	a[len >> 3] ^= (uint64_t)ds << (8 * (len & 7));
	a[(rate - 1) >> 3] ^= (uint64_t)0x80 << (8 * ((rate - 1) & 7));
	kb->permute(a);
}

/* The first rate bytes of the state (rate a multiple of 8): lanes are
 * little-endian, so a little-endian CPU copies them as they are. */
static void squeeze_block(uint8_t *out, const uint64_t a[25], unsigned rate)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(out, a, rate);
#else
	for (unsigned i = 0; i < rate / 8; i++)
		for (unsigned b = 0; b < 8; b++)
			out[8 * i + b] = (uint8_t)(a[i] >> (8 * b));
#endif
}

/* Algorithm 7's loop over one 168-byte block: appends the accepted
 * 12-bit candidates to p from position n; returns the new count. */
static unsigned parse_uniform(jca__mlkem_poly *p, unsigned n, const uint8_t buf[SHAKE128_RATE])
{
	/* a block has 112 candidates: with room for all of them, store each
	 * and count the accepted ones without a branch per candidate */
	if (n + 2 * SHAKE128_RATE / 3 <= JCA__MLKEM_N) {
		for (unsigned i = 0; i < SHAKE128_RATE; i += 3) {
			unsigned d1 = buf[i] | ((unsigned)(buf[i + 1] & 0x0f) << 8);
			unsigned d2 = (buf[i + 1] >> 4) | ((unsigned)buf[i + 2] << 4);

			p->c[n] = (int16_t)d1;
			n += d1 < Q;
			p->c[n] = (int16_t)d2;
			n += d2 < Q;
		}
		return n;
	}
	for (unsigned i = 0; i < SHAKE128_RATE && n < JCA__MLKEM_N; i += 3) {
		unsigned d1 = buf[i] | ((unsigned)(buf[i + 1] & 0x0f) << 8);
		unsigned d2 = (buf[i + 1] >> 4) | ((unsigned)buf[i + 2] << 4);

		if (d1 < Q)
			p->c[n++] = (int16_t)d1;
		if (d2 < Q && n < JCA__MLKEM_N)
			p->c[n++] = (int16_t)d2;
	}
	return n;
}

/* Algorithm 8 for eta = 2 (128 bytes) and eta = 3 (192 bytes) */
static void cbd(jca__mlkem_poly *p, const uint8_t *buf, unsigned eta)
{
	if (eta == 3) {
		for (unsigned i = 0; i < JCA__MLKEM_N / 4; i++) {
			uint32_t t = buf[3 * i] | ((uint32_t)buf[3 * i + 1] << 8) | ((uint32_t)buf[3 * i + 2] << 16);
			uint32_t s = (t & 0x249249) + ((t >> 1) & 0x249249) + ((t >> 2) & 0x249249);

			for (unsigned j = 0; j < 4; j++)
				p->c[4 * i + j] = (int16_t)((int)((s >> (6 * j)) & 7) - (int)((s >> (6 * j + 3)) & 7));
		}
	} else {
		for (unsigned i = 0; i < JCA__MLKEM_N / 8; i++) {
			uint32_t t = buf[4 * i] | ((uint32_t)buf[4 * i + 1] << 8) | ((uint32_t)buf[4 * i + 2] << 16) |
			             ((uint32_t)buf[4 * i + 3] << 24);
			uint32_t s = (t & 0x55555555) + ((t >> 1) & 0x55555555);

			for (unsigned j = 0; j < 8; j++)
				p->c[8 * i + j] = (int16_t)((int)((s >> (4 * j)) & 3) - (int)((s >> (4 * j + 2)) & 3));
		}
	}
}

static void sample_ntt1(const jca__keccak_backend *kb, jca__mlkem_poly *p, const uint8_t rho[32], uint8_t x, uint8_t y)
{
	uint64_t a[25];
	uint8_t in[34], buf[SHAKE128_RATE];
	unsigned n = 0;

	memcpy(in, rho, 32);
	in[32] = x;
	in[33] = y;
	absorb_once(kb, a, in, sizeof(in), SHAKE128_RATE, 0x1f);
	for (;;) {
		squeeze_block(buf, a, SHAKE128_RATE);
		n = parse_uniform(p, n, buf);
		if (n == JCA__MLKEM_N)
			break;
		kb->permute(a);
	}
}

static void sample_cbd1(const jca__keccak_backend *kb, jca__mlkem_poly *p, const uint8_t sigma[32], uint8_t n, unsigned eta)
{
	uint64_t a[25];
	uint8_t in[33], buf[2 * SHAKE256_RATE];   /* 64 eta <= 192 bytes */

	memcpy(in, sigma, 32);
	in[32] = n;
	absorb_once(kb, a, in, sizeof(in), SHAKE256_RATE, 0x1f);
	squeeze_block(buf, a, SHAKE256_RATE);
	if (eta == 3) {
		kb->permute(a);
		squeeze_block(buf + SHAKE256_RATE, a, SHAKE256_RATE);
	}
	cbd(p, buf, eta);
	jca__wipe(a, sizeof(a));
	jca__wipe(in, sizeof(in));
	jca__wipe(buf, sizeof(buf));
}

/* Four interleaved states (lane i of state j at s[4 i + j]): absorb a
 * one-block input into state j, read a block of state j. */
static void absorb_x4(uint64_t s[100], unsigned j, const uint8_t *in, size_t len, unsigned rate, uint8_t ds)
{
	for (size_t i = 0; i < len; i++)
		s[4 * (i >> 3) + j] ^= (uint64_t)in[i] << (8 * (i & 7));
	s[4 * (len >> 3) + j] ^= (uint64_t)ds << (8 * (len & 7));
	s[4 * ((rate - 1) >> 3) + j] ^= (uint64_t)0x80 << (8 * ((rate - 1) & 7));
}

static void squeeze_x4(uint8_t *out, const uint64_t s[100], unsigned j, unsigned rate)
{
	for (unsigned i = 0; i < rate / 8; i++) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		memcpy(out + 8 * i, &s[4 * i + j], 8);
#else
		for (unsigned b = 0; b < 8; b++)
			out[8 * i + b] = (uint8_t)(s[4 * i + j] >> (8 * b));
#endif
	}
}

void jca__mlkem_sample_ntt_x4(const jca__keccak_backend *kb, jca__mlkem_poly *const p[4], const uint8_t rho[32],
                              const uint8_t xy[4][2], unsigned n)
{
	uint64_t s[100];
	uint8_t in[34], buf[SHAKE128_RATE];
	unsigned cnt[4] = { 0, 0, 0, 0 }, done;

	kb = be(kb);
	if (!kb->permute_x4 || n == 1) {
		for (unsigned j = 0; j < n; j++)
			sample_ntt1(kb, p[j], rho, xy[j][0], xy[j][1]);
		return;
	}
	memset(s, 0, sizeof(s));
	memcpy(in, rho, 32);
	for (unsigned j = 0; j < n; j++) {
		in[32] = xy[j][0];
		in[33] = xy[j][1];
		absorb_x4(s, j, in, sizeof(in), SHAKE128_RATE, 0x1f);
	}
	do {
		kb->permute_x4(s);
		done = 0;
		for (unsigned j = 0; j < n; j++) {
			if (cnt[j] < JCA__MLKEM_N) {
				squeeze_x4(buf, s, j, SHAKE128_RATE);
				cnt[j] = parse_uniform(p[j], cnt[j], buf);
			}
			done += cnt[j] == JCA__MLKEM_N;
		}
	} while (done < n);
}

void jca__mlkem_sample_cbd_x4(const jca__keccak_backend *kb, jca__mlkem_poly *const p[4], const uint8_t sigma[32],
                              const uint8_t nonce[4], unsigned n, unsigned eta)
{
	uint64_t s[100];
	uint8_t in[33], buf[4][2 * SHAKE256_RATE];

	kb = be(kb);
	if (!kb->permute_x4 || n == 1) {
		for (unsigned j = 0; j < n; j++)
			sample_cbd1(kb, p[j], sigma, nonce[j], eta);
		return;
	}
	memset(s, 0, sizeof(s));
	memcpy(in, sigma, 32);
	for (unsigned j = 0; j < n; j++) {
		in[32] = nonce[j];
		absorb_x4(s, j, in, sizeof(in), SHAKE256_RATE, 0x1f);
	}
	kb->permute_x4(s);
	for (unsigned j = 0; j < n; j++)
		squeeze_x4(buf[j], s, j, SHAKE256_RATE);
	if (eta == 3) {
		kb->permute_x4(s);
		for (unsigned j = 0; j < n; j++)
			squeeze_x4(buf[j] + SHAKE256_RATE, s, j, SHAKE256_RATE);
	}
	for (unsigned j = 0; j < n; j++)
		cbd(p[j], buf[j], eta);
	jca__wipe(s, sizeof(s));
	jca__wipe(in, sizeof(in));
	jca__wipe(buf, sizeof(buf));
}

void jca__mlkem_hash_h(const jca__keccak_backend *kb, uint8_t out[32], const uint8_t *a, size_t alen)
{
	jca__keccak_ctx c;

	jca__sha3_256_init(&c, be(kb));
	jca__keccak_update(&c, a, alen);
	jca__keccak_final(&c, out, 32);
	jca__wipe(&c, sizeof(c));
}

void jca__mlkem_hash_g(const jca__keccak_backend *kb, uint8_t out[64], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	jca__keccak_ctx c;

	jca__sha3_512_init(&c, be(kb));
	jca__keccak_update(&c, a, alen);
	jca__keccak_update(&c, b, blen);
	jca__keccak_final(&c, out, 64);
	jca__wipe(&c, sizeof(c));
}

void jca__mlkem_hash_j(const jca__keccak_backend *kb, uint8_t out[32], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	jca__keccak_ctx c;

	jca__shake256_init(&c, be(kb));
	jca__keccak_update(&c, a, alen);
	jca__keccak_update(&c, b, blen);
	jca__keccak_final(&c, out, 32);
	jca__wipe(&c, sizeof(c));
}
