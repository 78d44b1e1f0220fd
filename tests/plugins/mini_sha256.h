/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A small, slow SHA-256 (FIPS 180-4) for the test fixtures: their
 * "SHA-256" service must give the right answer now that the host tests
 * every implementation of a standard name at load (src/api/md_kat.c).
 * Plain C with no call into libjca (the fixtures built against the
 * frozen ABI headers use it too). Tests only.
 */
#ifndef JCA_TESTS_MINI_SHA256_H
#define JCA_TESTS_MINI_SHA256_H

#include <stdint.h>
#include <string.h>

typedef struct {
	uint32_t h[8];
	uint64_t bytes;
	uint8_t buf[64];
} mini_sha256;

static const uint32_t mini_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define MINI_ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void mini_sha256_block(mini_sha256 *c, const uint8_t *p)
{
	uint32_t w[64], v[8], t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (i = 16; i < 64; i++)
		w[i] = w[i - 16] + (MINI_ROR(w[i - 15], 7) ^ MINI_ROR(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 7] +
		       (MINI_ROR(w[i - 2], 17) ^ MINI_ROR(w[i - 2], 19) ^ (w[i - 2] >> 10));
	memcpy(v, c->h, sizeof v);
	for (i = 0; i < 64; i++) {
		t1 = v[7] + (MINI_ROR(v[4], 6) ^ MINI_ROR(v[4], 11) ^ MINI_ROR(v[4], 25)) + ((v[4] & v[5]) ^ (~v[4] & v[6])) +
		     mini_k[i] + w[i];
		t2 = (MINI_ROR(v[0], 2) ^ MINI_ROR(v[0], 13) ^ MINI_ROR(v[0], 22)) +
		     ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof v[0]);
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		c->h[i] += v[i];
}

static int mini_sha256_init(void *ctx)
{
	static const uint32_t iv[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	                                0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	mini_sha256 *c = ctx;

	memcpy(c->h, iv, sizeof iv);
	c->bytes = 0;
	return 0;
}

static int mini_sha256_update(void *ctx, const void *in, size_t len)
{
	mini_sha256 *c = ctx;
	const uint8_t *p = in;

	while (len--) {
		c->buf[c->bytes++ % 64] = *p++;
		if (c->bytes % 64 == 0)
			mini_sha256_block(c, c->buf);
	}
	return 0;
}

static int mini_sha256_final(void *ctx, void *out, size_t len)
{
	mini_sha256 *c = ctx;
	uint64_t bits = c->bytes * 8;
	uint8_t pad = 0x80, d[32];
	int i;

	mini_sha256_update(c, &pad, 1);
	pad = 0;
	while (c->bytes % 64 != 56)
		mini_sha256_update(c, &pad, 1);
	for (i = 7; i >= 0; i--) {
		pad = (uint8_t)(bits >> (8 * i));
		mini_sha256_update(c, &pad, 1);
	}
	for (i = 0; i < 32; i++)
		d[i] = (uint8_t)(c->h[i / 4] >> (24 - 8 * (i % 4)));
	memcpy(out, d, len < 32 ? len : 32);
	return 0;
}

#endif
