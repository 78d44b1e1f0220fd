/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ECB and CBC over the portable, constant-time AES (aes_ct.c). CBC
 * encryption is serial, so it runs one real block through the four-lane
 * code; ECB and CBC decryption fill all four lanes.
 */
#include "aes_bitslice.h"

/* ECB in either direction: four blocks at a time through fn. */
typedef void slices_fn(const jca__aes_ct_ctx *c, uint64_t state[NSLICE]);

static inline void ecb(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, slices_fn *fn)
{
	uint64_t x[NSLICE];

	while (nblocks > 0) {
		size_t n = nblocks < PAR ? nblocks : PAR;

		load_blocks(x, in, n);
		bitslice(x);
		fn(ctx, x);
		unbitslice(x);
		store_blocks(out, x, n);
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	wipe64(x, NSLICE);
}

int jca__aes_ct_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ecb(ctx, out, in, nblocks, jca__aes_ct_encrypt_slices);
	return 0;
}

int jca__aes_ct_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ecb(ctx, out, in, nblocks, jca__aes_ct_decrypt_slices);
	return 0;
}

/*
 * One block at a time (each input depends on the previous output). The
 * block occupies lane 0 only; the other lanes stay zero, which lets the
 * compiler drop part of the conversions.
 */
int jca__aes_ct_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint64_t x[NSLICE];
	uint64_t v0 = jca__load_le64(iv), v1 = jca__load_le64(iv + 8);

	for (; nblocks > 0; nblocks--) {
		x[0] = v0 ^ jca__load_le64(in);
		x[1] = v1 ^ jca__load_le64(in + 8);
		for (int w = 2; w < NSLICE; w++)
			x[w] = 0;
		bitslice(x);
		jca__aes_ct_encrypt_slices(ctx, x);
		unbitslice(x);
		v0 = x[0];
		v1 = x[1];
		jca__store_le64(out, v0);
		jca__store_le64(out + 8, v1);
		in += 16;
		out += 16;
	}
	jca__store_le64(iv, v0);
	jca__store_le64(iv + 8, v1);
	wipe64(x, NSLICE);
	return 0;
}

/*
 * Four blocks at a time. The ciphertext words are kept before the output
 * is written, so that in == out works.
 */
int jca__aes_ct_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint64_t x[NSLICE], ct[NSLICE];
	uint64_t v0 = jca__load_le64(iv), v1 = jca__load_le64(iv + 8);

	while (nblocks > 0) {
		size_t n = nblocks < PAR ? nblocks : PAR;

		load_blocks(ct, in, n);
		memcpy(x, ct, sizeof x);
		bitslice(x);
		jca__aes_ct_decrypt_slices(ctx, x);
		unbitslice(x);
		x[0] ^= v0;
		x[1] ^= v1;
		for (size_t w = 2; w < 2 * n; w++)
			x[w] ^= ct[w - 2];
		v0 = ct[2 * n - 2];
		v1 = ct[2 * n - 1];
		store_blocks(out, x, n);
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	jca__store_le64(iv, v0);
	jca__store_le64(iv + 8, v1);
	wipe64(x, NSLICE);
	return 0;
}
