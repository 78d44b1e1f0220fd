/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GCM IVs, for the counter-mode engine (cipher_aead.c):
 *  - J0 (SP 800-38D 7.1, step 2) of any IV, for both shapes of
 *    implementation: over a block table's GHASH building blocks, or, for
 *    an AEAD table (jca_aead_impl: the OpenSSL bridge, PKCS#11 tokens), by
 *    the engine's portable constant-time GHASH (src/algs/ghash_ct.c) with
 *    H = E(0^128) from the table's block_encrypt;
 *  - the IV an AEAD table gets: the caller's when it is
 *    12 or 16 bytes long, else the 16-byte IV with the same J0. GCM depends
 *    on the IV only through J0, so the result is the same, and an
 *    implementation's own IV limits (OpenSSL: 128 bytes) never show;
 *  - the IV-reuse guard, on J0 for every provider (jca/cipher.h says what
 *    it promises).
 *
 * The 16-byte IV X with a given J0: GHASH of the block X and the length
 * block L = 0^64 || [128]_64 is J0 = ((X * H) ^ L) * H, so
 * X = ((J0 * H^-1) ^ L) * H^-1, with H^-1 = H^(2^128 - 2). (H = 0, with
 * probability 2^-128, gives J0 = 0 for every IV but the 12-byte ones, and
 * X = 0 has that J0 too.)
 */
#include <stdlib.h>
#include <string.h>

#include "../algs/gcm.h"
#include "cipher_aead_int.h"
#include "../util/bytes.h"

/* ---- GF(2^128) and GHASH, portable ---------------------------------- */

/* x = x * y (ghash_ct with H = y over one zero block), in constant time. */
static void gf_mul(uint8_t x[16], const uint8_t y[16], jca__ghash_ct_key *k)
{
	static const uint8_t zero[16];

	jca__ghash_ct_set_h(k, y);
	jca__ghash_ct(k, x, zero, 1);
}

/* out = h^-1 = h^(2^128 - 2) = h^2 * h^4 * ... * h^(2^127): a fixed
 * sequence of multiplications. */
static void gf_inv(const uint8_t h[16], uint8_t out[16])
{
	jca__ghash_ct_key k;
	uint8_t sq[16];

	memset(out, 0, 16);
	out[0] = 0x80;                     /* the element 1 */
	memcpy(sq, h, 16);
	for (int i = 1; i < 128; i++) {
		gf_mul(sq, sq, &k);
		gf_mul(out, sq, &k);
	}
	jca__wipe(sq, sizeof sq);
	jca__wipe(&k, sizeof k);
}

/* J0 of an IV other than 12 bytes: GHASH_H(IV || 0^s || 0^64 || [len]_64). */
static void j0_soft(const uint8_t h[16], const uint8_t *iv, size_t iv_len, uint8_t j0[16])
{
	jca__ghash_ct_key k;
	uint8_t last[16] = { 0 };
	size_t n = iv_len / 16;

	jca__ghash_ct_set_h(&k, h);
	memset(j0, 0, 16);
	if (n)
		jca__ghash_ct(&k, j0, iv, n);
	if (iv_len % 16) {
		memcpy(last, iv + 16 * n, iv_len % 16);
		jca__ghash_ct(&k, j0, last, 1);
		memset(last, 0, sizeof last);
	}
	jca__store_be64(last + 8, (uint64_t)iv_len * 8);     /* iv_len < 2^61 (check_params) */
	jca__ghash_ct(&k, j0, last, 1);
	jca__wipe(&k, sizeof k);
}

/* The 16-byte IV whose J0 is j0. */
static void iv_for_j0(const uint8_t h[16], const uint8_t j0[16], uint8_t x[16])
{
	jca__ghash_ct_key k;
	uint8_t hinv[16];

	gf_inv(h, hinv);
	memcpy(x, j0, 16);
	gf_mul(x, hinv, &k);
	x[15] ^= 0x80;                     /* L: 128 bits */
	gf_mul(x, hinv, &k);
	jca__wipe(hinv, sizeof hinv);
	jca__wipe(&k, sizeof k);
}

/* ---- H and J0 for each kind of implementation ------------------------ */

/* H = E(0^128) under key, for an AEAD table: the object's own when it
 * holds the key and has worked it out; else by the table's block_encrypt
 * on a scratch context, which leaves the object, and a token operation it
 * may have running, alone. */
static int hash_key(cipher_ctx *c, const struct jca__aead *st, const uint8_t *key, size_t key_len, int same_key,
                    size_t iv_len, uint8_t h[16])
{
	static const uint8_t zero[16];
	const jca_aead_impl *impl = c->aead;
	size_t size = impl->base.ctx_size ? impl->base.ctx_size : 1;
	unsigned char *tmp;
	int rc;

	if (same_key && st->h_set) {
		memcpy(h, st->h, 16);
		return 0;
	}
	tmp = calloc(1, size);
	if (!tmp)
		return jca__error(JCA_ENOMEM, "%s: out of memory", c->name);
	if (jca__ctx_open(c->svc, &impl->base, tmp) != 0) {
		free(tmp);
		return jca__error(JCA_IMPL, "%s: implementation %s failed to attach%s", c->name, impl->base.name,
		                  jca__impl_reason());
	}
	if (impl->set_key(tmp, key, key_len) != 0) {
		rc = jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, impl->base.name,
		                jca__impl_reason());
	} else if (impl->block_encrypt(tmp, h, zero) != 0) {
		jca__wipe(h, 16);
		rc = jca__error(JCA_IMPL, "%s: implementation %s failed working out the GHASH key, which an IV of %zu "
		                "bytes needs (12-byte IVs do not)%s", c->name, impl->base.name, iv_len,
		                jca__impl_reason());
	} else {
		rc = 0;
	}
	jca__ctx_close(&impl->base, tmp);
	jca__wipe(tmp, size);
	free(tmp);
	return rc;
}

/* J0 over the building blocks, for the guard: with the object's hash key
 * when it holds key, else on a scratch copy so that a refusal changes
 * nothing. */
static int j0_blocks(cipher_ctx *c, struct jca__aead *st, const uint8_t *key, size_t key_len, int same_key,
                     const uint8_t *iv, size_t iv_len, uint8_t j0[16])
{
	const jca_cipher_impl *impl = c->impl;
	size_t ks = jca__align16(impl->base.ctx_size), size = ks + jca__align16(impl->gcm_key_size);
	unsigned char *tmp;
	int rc = 0;

	if (iv_len == 12 || same_key) {
		jca__gcm_j0(c, st->gkey, iv, iv_len, j0);
	} else if (!(tmp = calloc(1, size))) {
		return jca__error(JCA_ENOMEM, "%s: out of memory", c->name);
	} else if (jca__ctx_open(c->svc, &impl->base, tmp) != 0) {
		free(tmp);
		return jca__error(JCA_IMPL, "%s: implementation %s failed to attach%s", c->name, impl->base.name,
		                  jca__impl_reason());
	} else {
		if (impl->set_key(tmp, key, key_len) != 0) {
			rc = jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, impl->base.name,
			                jca__impl_reason());
		} else {
			CHK(impl->gcm_init(tmp, tmp + ks));
			jca__gcm_j0(c, tmp + ks, iv, iv_len, j0);
		}
		jca__ctx_close(&impl->base, tmp);
		jca__wipe(tmp, size);
		free(tmp);
	}
	if (c->failed) {
		c->failed = 0;
		return jca__error(JCA_IMPL, "%s: implementation %s failed%s", c->name, impl->base.name,
		                  jca__impl_reason());
	}
	return rc;
}

/* ---- the guard -------------------------------------------------------- */

static int same_pair(const uint8_t *skey, size_t sklen, const uint8_t sj0[JCA__AEAD_ID], const uint8_t *key,
                     size_t key_len, const uint8_t j0[JCA__AEAD_ID])
{
	return sklen == key_len && (jca__ct_diff(skey, key, key_len) | jca__ct_diff(sj0, j0, JCA__AEAD_ID)) == 0;
}

/* Is key the one of the last initialisation for encryption? */
static int init_key_is(const struct jca__aead *st, const uint8_t *key, size_t key_len)
{
	return st->init_set && st->init_key_len == key_len && !jca__ct_diff(st->init_key, key, key_len);
}

static int key_recorded(const struct jca__aead *st, const uint8_t *key, size_t key_len, int init_same)
{
	return init_same ||
	       (st->used_set && st->used_key_len == key_len && !jca__ct_diff(st->used_key, key, key_len));
}

int jca__gcm_iv_check(cipher_ctx *c, struct jca__aead *st, int opmode, const uint8_t *key, size_t key_len,
                      int same_key, const uint8_t *iv, size_t iv_len, struct jca__gcm_iv *g)
{
	int enc = opmode == JCA_ENCRYPT, rc;

	memset(g, 0, sizeof *g);
	g->init_key_same = enc && init_key_is(st, key, key_len);
	if (c->mode == JCA__MODE_AEAD) {
		/* a nonce used as it is (its length checked by the engine) */
		memcpy(g->j0, iv, iv_len);
		memcpy(g->piv, iv, iv_len);
		g->piv_len = (uint8_t)iv_len;
		g->j0_set = 1;
	} else if (jca__aead_msg(c)) {
		if (iv_len == 12) {
			jca__gcm_j0(c, NULL, iv, 12, g->j0);
			memcpy(g->piv, iv, 12);
			g->piv_len = 12;
			g->j0_set = 1;
		} else if (iv_len == 16 && !enc) {
			memcpy(g->piv, iv, 16);    /* J0 not needed: no guard for decryption */
			g->piv_len = 16;
		} else {
			if ((rc = hash_key(c, st, key, key_len, same_key, iv_len, g->h)) != 0)
				return rc;
			g->h_set = 1;
			j0_soft(g->h, iv, iv_len, g->j0);
			g->j0_set = 1;
			if (iv_len == 16)
				memcpy(g->piv, iv, 16);
			else
				iv_for_j0(g->h, g->j0, g->piv);
			g->piv_len = 16;
		}
	} else if (enc && key_recorded(st, key, key_len, g->init_key_same)) {
		if ((rc = j0_blocks(c, st, key, key_len, same_key, iv, iv_len, g->j0)) != 0)
			return rc;
		g->j0_set = 1;
	}
	if (enc && g->j0_set &&
	    ((st->init_set && same_pair(st->init_key, st->init_key_len, st->init_j0, key, key_len, g->j0)) ||
	     (st->used_set && same_pair(st->used_key, st->used_key_len, st->used_j0, key, key_len, g->j0)))) {
		jca__wipe(g, sizeof *g);
		return jca__error(JCA_IVREUSE, c->mode == JCA__MODE_AEAD ?
		                  "%s: this key and nonce were already used for encryption; it needs a fresh nonce "
		                  "for every encryption" : "%s: this key and IV (J0) were already used for encryption; "
		                  "GCM needs a fresh IV for every encryption", c->name);
	}
	return 0;
}

void jca__gcm_iv_commit(cipher_ctx *c, struct jca__aead *st, int opmode, const uint8_t *key, size_t key_len,
                        const uint8_t *iv, struct jca__gcm_iv *g)
{
	if (jca__aead_msg(c)) {
		memcpy(st->j0, g->j0, JCA__AEAD_ID);
		memcpy(st->piv, g->piv, JCA__AEAD_ID);
		st->piv_len = g->piv_len;
		if (g->h_set) {
			memcpy(st->h, g->h, 16);
			st->h_set = 1;
		}
	} else {
		jca__gcm_j0(c, st->gkey, iv, st->iv_len, st->j0);
	}
	if (opmode == JCA_ENCRYPT) {
		/* (a new IV under the same key, the usual case, leaves the key) */
		if (!g->init_key_same) {
			memset(st->init_key, 0, sizeof st->init_key);
			memcpy(st->init_key, key, key_len);
			st->init_key_len = (uint8_t)key_len;
		}
		/* J0 again rather than a 16-byte load of the 8-byte stores
		 * just made (which would wait for them) */
		if (!jca__aead_msg(c) && st->iv_len == 12)
			jca__gcm_j0(c, NULL, iv, 12, st->init_j0);
		else
			memcpy(st->init_j0, st->j0, JCA__AEAD_ID);
		st->init_set = 1;
	}
	jca__wipe(g, sizeof *g);
}
