/* SPDX-License-Identifier: Apache-2.0 */
/* CTR_DRBG, NIST SP 800-90A Rev. 1 section 10.2.1, with a 128-bit block
 * cipher (AES), the counter over the whole block (ctr_len = blocklen), with
 * or without the derivation function Block_Cipher_df (10.3.2). See drbg.h. */
#include <string.h>

#include "drbg.h"
#include "../util/bytes.h"

typedef jca__ctr_drbg_state st_t;

#define BL 16
#define SEED_MAX (32 + BL)
#define BATCH 16                     /* counter blocks encrypted per call */

static void wipe(void *p, size_t n)
{
	volatile uint8_t *v = p;

	while (n--)
		*v++ = 0;
}

static size_t seed_len(const jca__drbg_prim *p)
{
	return p->block.key_len + BL;
}

/* Writes n successive counter blocks V+1 .. V+n to out and advances V. */
static void counters(st_t *s, uint8_t *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (++s->vlo == 0)
			s->vhi++;
		jca__store_be64(out + BL * i, s->vhi);
		jca__store_be64(out + BL * i + 8, s->vlo);
	}
}

/* CTR_DRBG_Update (10.2.1.2): provided is seedlen bytes, or NULL for zeros. */
static int update(st_t *s, const uint8_t *provided)
{
	uint8_t t[SEED_MAX + BL];
	size_t sl = s->b.key_len + BL, nb = (sl + BL - 1) / BL, i;
	int err;

	counters(s, t, nb);
	err = s->b.ecb_encrypt(s->ks, t, t, nb);
	if (provided)
		for (i = 0; i < sl; i++)
			t[i] ^= provided[i];
	err |= s->b.set_key(s->ks, t, s->b.key_len);
	s->vhi = jca__load_be64(t + s->b.key_len);
	s->vlo = jca__load_be64(t + s->b.key_len + 8);
	wipe(t, sizeof t);
	return err;
}

/* ---- Block_Cipher_df (10.3.2) ---- */

/* Streaming CBC-MAC (BCC, 10.3.3) under the schedule ks. */
typedef struct bcc {
	const jca__drbg_block *b;
	const void *ks;
	uint8_t x[BL];
	size_t fill;
	int err;
} bcc;

static void bcc_feed(bcc *c, const uint8_t *p, size_t n)
{
	while (n) {
		size_t take = BL - c->fill < n ? BL - c->fill : n, i;

		for (i = 0; i < take; i++)
			c->x[c->fill + i] ^= p[i];
		c->fill += take;
		p += take;
		n -= take;
		if (c->fill == BL) {
			c->err |= c->b->ecb_encrypt(c->ks, c->x, c->x, 1);
			c->fill = 0;
		}
	}
}

/* out = Block_Cipher_df(a || b || c, nbytes), nbytes = seedlen. */
static int block_cipher_df(const jca__drbg_block *b, uint8_t *out, size_t nbytes,
                            const uint8_t *a, size_t an, const uint8_t *bb, size_t bn,
                            const uint8_t *c, size_t cn)
{
	_Alignas(16) uint8_t ks[JCA__DRBG_BLOCK_CTX_MAX];
	uint8_t k[32], temp[SEED_MAX + BL], iv[BL], hdr[8], pad[BL];
	size_t kl = b->key_len, need = kl + BL, have = 0, i, L = an + bn + cn, slen;
	uint32_t n;
	bcc m;
	int err;

	for (i = 0; i < kl; i++)
		k[i] = (uint8_t)i;
	err = b->set_key(ks, k, kl);
	jca__store_be32(hdr, (uint32_t)L);
	jca__store_be32(hdr + 4, (uint32_t)nbytes);
	/* S = L || N || input || 0x80 || zeros to a whole block */
	slen = 8 + L + 1;
	memset(pad, 0, sizeof pad);
	pad[0] = 0x80;
	for (n = 0; have < need; n++) {
		memset(iv, 0, BL);
		jca__store_be32(iv, n);
		memset(&m, 0, sizeof m);
		m.b = b;
		m.ks = ks;
		bcc_feed(&m, iv, BL);
		bcc_feed(&m, hdr, 8);
		bcc_feed(&m, a, an);
		bcc_feed(&m, bb, bn);
		bcc_feed(&m, c, cn);
		bcc_feed(&m, pad, 1 + (BL - slen % BL) % BL);
		err |= m.err;
		memcpy(temp + have, m.x, BL);
		have += BL;
	}
	err |= b->set_key(ks, temp, kl);
	memcpy(iv, temp + kl, BL);
	for (have = 0; have < nbytes; have += BL) {
		err |= b->ecb_encrypt(ks, iv, iv, 1);
		memcpy(temp + have, iv, BL);
	}
	memcpy(out, temp, nbytes);
	wipe(&m, sizeof m);
	wipe(temp, sizeof temp);
	wipe(iv, sizeof iv);
	wipe(ks, b->ctx_size);
	return err;
}

/* seed (seedlen bytes) = a ^ b, each at most seedlen bytes, zero-padded. */
static void xor_pad(uint8_t *seed, size_t sl, const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
	size_t i;

	memset(seed, 0, sl);
	for (i = 0; i < an; i++)
		seed[i] = a[i];
	for (i = 0; i < bn; i++)
		seed[i] ^= b[i];
}

static int instantiate(void *st, const jca__drbg_prim *p, const uint8_t *ent, size_t ent_len,
                        const uint8_t *nonce, size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
	st_t *s = st;
	uint8_t seed[SEED_MAX], zero[32];
	size_t sl = seed_len(p);
	int err = 0;

	memset(s, 0, sizeof *s);
	s->b = p->block;
	s->use_df = p->use_df;
	if (s->use_df)
		err = block_cipher_df(&s->b, seed, sl, ent, ent_len, nonce, nonce_len, pers, pers_len);
	else
		xor_pad(seed, sl, ent, ent_len, pers, pers_len);
	memset(zero, 0, sizeof zero);
	err |= s->b.set_key(s->ks, zero, s->b.key_len);
	s->vhi = s->vlo = 0;
	err |= update(s, seed);
	wipe(seed, sizeof seed);
	return err;
}

static int reseed(void *st, const uint8_t *ent, size_t ent_len, const uint8_t *add, size_t add_len)
{
	st_t *s = st;
	uint8_t seed[SEED_MAX];
	size_t sl = s->b.key_len + BL;
	int err = 0;

	if (s->use_df)
		err = block_cipher_df(&s->b, seed, sl, ent, ent_len, add, add_len, NULL, 0);
	else
		xor_pad(seed, sl, ent, ent_len, add, add_len);
	err |= update(s, seed);
	wipe(seed, sizeof seed);
	return err;
}

static int generate(void *st, uint8_t *out, size_t out_len, const uint8_t *add, size_t add_len)
{
	st_t *s = st;
	uint8_t a[SEED_MAX], t[BATCH * BL];
	size_t sl = s->b.key_len + BL, whole = out_len / BL, rest = out_len % BL;
	const uint8_t *provided = NULL;
	int err = 0;

	if (add_len) {
		if (s->use_df)
			err = block_cipher_df(&s->b, a, sl, add, add_len, NULL, 0, NULL, 0);
		else
			xor_pad(a, sl, add, add_len, NULL, 0);
		err |= update(s, a);
		provided = a;
	}
	/* whole blocks: counters written straight into out, encrypted in place */
	while (whole) {
		size_t n = whole < BATCH ? whole : BATCH;

		counters(s, out, n);
		err |= s->b.ecb_encrypt(s->ks, out, out, n);
		out += n * BL;
		whole -= n;
	}
	if (rest) {
		counters(s, t, 1);
		err |= s->b.ecb_encrypt(s->ks, t, t, 1);
		memcpy(out, t, rest);
		wipe(t, BL);
	}
	err |= update(s, provided);
	if (provided)
		wipe(a, sizeof a);
	return err;
}

const jca__drbg_mech jca__ctr_drbg = {
	.name = "CTR_DRBG", .state_size = sizeof(st_t), .seed_len = seed_len,
	.instantiate = instantiate, .reseed = reseed, .generate = generate
};
