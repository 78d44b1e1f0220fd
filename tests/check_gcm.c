/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-GCM and AES-CTR, for every AES implementation usable here (each by
 * its driver name, "aes-aesni/GCM/NoPadding"), the OpenSSL bridge's
 * (message-level GCM, ABI 2.4) included when it is built: it is loaded
 * first, so preferred. NIST CAVP GCM files (encrypt
 * with external IV; decrypt, including the records that must FAIL), the
 * SP 800-38A CTR examples, a reference model (GCM and CTR written out from
 * SP 800-38D over the ECB of the portable AES, with a bitwise GF(2^128)
 * multiply) for random lengths and the 32-bit counter wrap, every split of
 * AAD and data, in place, short buffers, tag lengths, tampering, IV reuse,
 * state errors and names.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "gf128.h"

#define MAXI 8

/* Implementations that offer GCM (and CTR): the built-in provider's usable
 * ones, and the OpenSSL bridge's when it is built. */
/* The driver name for a mode: the bridge's GCM is a service of its own
 * (an AEAD table, aes-gcm-openssl) beside its block cipher (aes-openssl). */
static const char *for_mode(const char *impl, const char *mode)
{
	return !strcmp(impl, "aes-openssl") && !strcmp(mode, "GCM") ? "aes-gcm-openssl" : impl;
}

static size_t gcm_impls(const char **names, size_t max)
{
	const char *aes[16];
	size_t i, k = tu_builtin_impls(JCA_CIPHER, "AES", aes, 15), n = 0;

#ifdef JCA_TEST_OPENSSL_BRIDGE
	aes[k++] = "aes-openssl";          /* the bridge, loaded by main() */
#endif
	for (i = 0; i < k; i++) {
		char name[128];
		cipher_ctx *c;

		snprintf(name, sizeof name, "%s/GCM/NoPadding", for_mode(aes[i], "GCM"));
		c = cipher_get_instance(name);
		if (!c) {
			printf("SKIP: %s offers no GCM\n", aes[i]);
			continue;
		}
		cipher_free(c);
		if (n < max)
			names[n++] = aes[i];
	}
	ck_assert_uint_gt(n, 0);
	return n;
}

static cipher_ctx *get2(const char *impl, const char *mode)
{
	char name[128];
	cipher_ctx *c;

	snprintf(name, sizeof name, "%s/%s/NoPadding", for_mode(impl, mode), mode);
	c = cipher_get_instance(name);
	ck_assert_msg(c != NULL, "cipher_get_instance(%s): %s", name, jca_last_error_message());
	return c;
}

static void fill(uint8_t *p, size_t n, unsigned mul, unsigned add)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * mul + add);
}

/* xorshift for reproducible "random" lengths and contents */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}
static void rnd_fill(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rnd();
}

/* ---- reference model (SP 800-38D, section 6, written out bitwise) ---- */

typedef gf128_blk blk;

static blk ref_ghash(blk h, blk y, const uint8_t *p, size_t len)
{
	for (size_t off = 0; off < len; off += 16) {
		for (size_t k = 0; k < 16 && off + k < len; k++)
			y.b[k] ^= p[off + k];
		y = gf128_mul(y, h);
	}
	return y;
}

static cipher_ctx *ref_ecb;          /* aes-generic/ECB/NoPadding, keyed */

static blk ref_e(blk x)
{
	blk y;
	size_t n;

	ck_assert_int_eq(cipher_do_final(ref_ecb, x.b, 16, y.b, 16, &n), 0);
	return y;
}

static void ref_key(const uint8_t *key, size_t klen)
{
	if (!ref_ecb)
		ref_ecb = cipher_get_instance("aes-generic/ECB/NoPadding");
	ck_assert_ptr_nonnull(ref_ecb);
	ck_assert_int_eq(cipher_init(ref_ecb, JCA_ENCRYPT, key, klen, NULL, 0), 0);
}

static blk ref_j0(blk h, const uint8_t *iv, size_t iv_len)
{
	blk j = { { 0 } }, lens = { { 0 } };

	if (iv_len == 12) {
		memcpy(j.b, iv, 12);
		j.b[15] = 1;
		return j;
	}
	j = ref_ghash(h, j, iv, iv_len);
	for (int k = 0; k < 8; k++)
		lens.b[15 - k] = (uint8_t)(((uint64_t)iv_len * 8) >> (8 * k));
	return ref_ghash(h, j, lens.b, 16);
}

static void inc32(blk *c)
{
	for (int k = 15; k >= 12 && ++c->b[k] == 0; k--)
		;
}

/* out = ciphertext || tag (tag_len bytes) */
static void ref_gcm(const uint8_t *key, size_t klen, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *pt, size_t len, uint8_t *out, size_t tag_len)
{
	blk zero = { { 0 } }, h, j0, cb, x = { { 0 } }, lens = { { 0 } }, t;

	ref_key(key, klen);
	h = ref_e(zero);
	j0 = ref_j0(h, iv, iv_len);
	cb = j0;
	for (size_t off = 0; off < len; off += 16) {
		blk ks;

		inc32(&cb);
		ks = ref_e(cb);
		for (size_t k = 0; k < 16 && off + k < len; k++)
			out[off + k] = pt[off + k] ^ ks.b[k];
	}
	x = ref_ghash(h, x, aad, aad_len);
	x = ref_ghash(h, x, out, len);
	for (int k = 0; k < 8; k++) {
		lens.b[7 - k] = (uint8_t)(((uint64_t)aad_len * 8) >> (8 * k));
		lens.b[15 - k] = (uint8_t)(((uint64_t)len * 8) >> (8 * k));
	}
	x = ref_ghash(h, x, lens.b, 16);
	t = ref_e(j0);
	for (size_t k = 0; k < tag_len; k++)
		out[len + k] = t.b[k] ^ x.b[k];
}

/* CTR with the whole block as a big-endian counter. */
static void ref_ctr(const uint8_t *key, size_t klen, const uint8_t iv[16], const uint8_t *in, size_t len,
                    uint8_t *out)
{
	blk cb;

	ref_key(key, klen);
	memcpy(cb.b, iv, 16);
	for (size_t off = 0; off < len; off += 16) {
		blk ks = ref_e(cb);

		for (size_t k = 0; k < 16 && off + k < len; k++)
			out[off + k] = in[off + k] ^ ks.b[k];
		for (int k = 15; k >= 0 && ++cb.b[k] == 0; k--)
			;
	}
}

/* ---- one-shot helpers through the engine ---- */

static size_t seal(cipher_ctx *c, const uint8_t *key, size_t klen, const uint8_t *iv, size_t iv_len,
                   size_t tag_bits, const uint8_t *aad, size_t aad_len, const uint8_t *pt, size_t len, uint8_t *out,
                   size_t cap)
{
	size_t n = 0;

	ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, klen, iv, iv_len, tag_bits / 8), 0);
	ck_assert_int_eq(cipher_update_aad(c, aad, aad_len), 0);
	ck_assert_int_eq(cipher_do_final(c, pt, len, out, cap, &n), 0);
	ck_assert_uint_eq(n, len + tag_bits / 8);
	return n;
}

static int open_(cipher_ctx *c, const uint8_t *key, size_t klen, const uint8_t *iv, size_t iv_len,
                 size_t tag_bits, const uint8_t *aad, size_t aad_len, const uint8_t *ct, size_t len, uint8_t *out,
                 size_t cap, size_t *n)
{
	ck_assert_int_eq(cipher_init_aead(c, JCA_DECRYPT, key, klen, iv, iv_len, tag_bits / 8), 0);
	ck_assert_int_eq(cipher_update_aad(c, aad, aad_len), 0);
	return cipher_do_final(c, ct, len, out, cap, n);
}

/* ---- NIST CAVP GCM ---- */

static int run_gcm_file(const char *impl, const char *file, int enc)
{
	const char *dir = tu_vectors_dir();
	char path[512];
	tu_rsp *r;
	tu_rec rec;
	int n = 0;
	cipher_ctx *c = get2(impl, "GCM");

	snprintf(path, sizeof path, "%s/gcm/%s", dir, file);
	r = tu_rsp_open(path);
	ck_assert_msg(r != NULL, "cannot open %s", path);
	while (tu_rsp_next(r, &rec)) {
		size_t kl, il, pl, al, cl, tl, outn;
		uint8_t *key, *iv, *pt = NULL, *aad, *ct, *tag, *buf, *out;
		const char *fail = tu_get(&rec, "FAIL");
		int rc;

		if (!tu_get(&rec, "Key"))
			continue;
		key = tu_unhex(tu_get(&rec, "Key"), &kl);
		iv = tu_unhex(tu_get(&rec, "IV"), &il);
		aad = tu_unhex(tu_get(&rec, "AAD"), &al);
		ct = tu_unhex(tu_get(&rec, "CT"), &cl);
		tag = tu_unhex(tu_get(&rec, "Tag"), &tl);
		if (tu_get(&rec, "PT"))
			pt = tu_unhex(tu_get(&rec, "PT"), &pl);
		else
			pl = 0;
		buf = malloc(cl + tl + 1);
		out = malloc(cl + tl + 16);
		memcpy(buf, ct, cl);
		memcpy(buf + cl, tag, tl);
		if (enc) {
			ck_assert_ptr_nonnull(pt);
			seal(c, key, kl, iv, il, tl * 8, aad, al, pt, pl, out, cl + tl + 16);
			ck_assert_msg(memcmp(out, buf, cl + tl) == 0, "%s %s line %d", impl, file, rec.line);
		} else {
			memset(out, 0xa5, cl + 16);
			rc = open_(c, key, kl, iv, il, tl * 8, aad, al, buf, cl + tl, out, cl + 16, &outn);
			if (fail) {
				ck_assert_msg(rc == JCA_BADTAG, "%s %s line %d: FAIL record accepted (%d)", impl, file,
				              rec.line, rc);
				for (size_t k = 0; k < cl + 16; k++)
					ck_assert_msg(out[k] == 0xa5, "%s %s line %d: output written on a bad tag", impl,
					              file, rec.line);
			} else {
				ck_assert_msg(rc == 0, "%s %s line %d: %s", impl, file, rec.line, jca_last_error_message());
				ck_assert_uint_eq(outn, pl);
				ck_assert_msg(pl == 0 || memcmp(out, pt, pl) == 0, "%s %s line %d", impl, file, rec.line);
			}
		}
		free(key); free(iv); free(pt); free(aad); free(ct); free(tag); free(buf); free(out);
		n++;
	}
	tu_rsp_close(r);
	cipher_free(c);
	return n;
}

START_TEST(test_nist_gcm)
{
	static const char *const files[] = { "gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp",
		"gcmEncryptExtIV256.rsp", "gcmDecrypt128.rsp", "gcmDecrypt192.rsp", "gcmDecrypt256.rsp" };
	const char *impls[MAXI];
	size_t ni, k, f;

	if (!tu_vectors_dir()) {
		printf("SKIP: NIST GCM vectors: no vector directory (set JCA_VECTORS)\n");
		return;
	}
	ni = gcm_impls(impls, MAXI);
	for (k = 0; k < ni; k++) {
		int total = 0;

		for (f = 0; f < 6; f++) {
			int n = run_gcm_file(impls[k], files[f], f < 3);

			ck_assert_int_eq(n, 7875);
			total += n;
		}
		printf("%s: %d NIST GCM vectors\n", impls[k], total);
	}
}
END_TEST

/* ---- SP 800-38A CTR ---- */

START_TEST(test_nist_ctr)
{
	const char *dir = tu_vectors_dir();
	const char *impls[MAXI];
	char path[512], *text, *line, *save = NULL;
	size_t ni, k, len;
	int good = 0, bad = 0;

	if (!dir) {
		printf("SKIP: SP 800-38A CTR vectors: no vector directory (set JCA_VECTORS)\n");
		return;
	}
	ni = gcm_impls(impls, MAXI);
	snprintf(path, sizeof path, "%s/ctr/test_suite_aes.ctr.data", dir);
	text = tu_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[5], *p = line + 8;
		size_t kl, il, pl, cl, n;
		uint8_t *key, *iv, *pt, *ct, out[256];
		int i, mismatch;

		if (strncmp(line, "aes_ctr:", 8) != 0)
			continue;
		for (i = 0; i < 5; i++) {
			if (*p == '"')
				p++;
			f[i] = p;
			p += strcspn(p, "\":");
			if (*p == '"')
				*p++ = 0;
			if (*p == ':')
				*p++ = 0;
		}
		key = tu_unhex(f[0], &kl);
		iv = tu_unhex(f[1], &il);
		pt = tu_unhex(f[2], &pl);
		ct = tu_unhex(f[3], &cl);
		mismatch = atoi(f[4]);
		ck_assert_uint_eq(pl, cl);
		for (k = 0; k < ni; k++) {
			cipher_ctx *c = get2(impls[k], "CTR");

			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, kl, iv, il), 0);
			ck_assert_int_eq(cipher_do_final(c, pt, pl, out, sizeof out, &n), 0);
			ck_assert_uint_eq(n, pl);
			ck_assert_msg((memcmp(out, ct, cl) != 0) == mismatch, "%s CTR vector %s", impls[k], f[0]);
			ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, kl, iv, il), 0);
			ck_assert_int_eq(cipher_do_final(c, ct, cl, out, sizeof out, &n), 0);
			ck_assert_msg((memcmp(out, pt, pl) != 0) == mismatch, "%s CTR vector %s", impls[k], f[0]);
			cipher_free(c);
		}
		if (mismatch)
			bad++;
		else
			good++;
		free(key); free(iv); free(pt); free(ct);
	}
	free(text);
	ck_assert_int_eq(good, 3);
	ck_assert_int_eq(bad, 1);
}
END_TEST

/* ---- reference model: random shapes, counter wrap ---- */

START_TEST(test_reference)
{
	const char *impls[MAXI];
	size_t ni = gcm_impls(impls, MAXI), k;
	static uint8_t pt[2100], aad[300], out[2200], want[2200], back[2200];
	uint8_t key[32], iv[64];

	for (k = 0; k < ni; k++) {
		cipher_ctx *g = get2(impls[k], "GCM"), *t = get2(impls[k], "CTR");

		for (int trial = 0; trial < 300; trial++) {
			size_t klen = 16 + 8 * (rnd() % 3), len = rnd() % (trial < 200 ? 300 : 2100);
			size_t alen = rnd() % 300, ivlen = trial % 3 ? 12 : 1 + rnd() % 64, n;
			size_t tbits = 96 + 8 * (rnd() % 5);

			rnd_fill(key, klen);
			rnd_fill(iv, ivlen);
			rnd_fill(pt, len);
			rnd_fill(aad, alen);
			ref_gcm(key, klen, iv, ivlen, aad, alen, pt, len, want, tbits / 8);
			seal(g, key, klen, iv, ivlen, tbits, aad, alen, pt, len, out, sizeof out);
			ck_assert_msg(memcmp(out, want, len + tbits / 8) == 0, "%s GCM trial %d (len %zu aad %zu iv %zu)",
			              impls[k], trial, len, alen, ivlen);
			ck_assert_int_eq(open_(g, key, klen, iv, ivlen, tbits, aad, alen, out, len + tbits / 8, back,
			                       sizeof back, &n), 0);
			ck_assert_uint_eq(n, len);
			ck_assert(memcmp(back, pt, len) == 0);

			/* CTR, with the low 32 bits of the counter near the wrap */
			if (trial % 4 == 0)
				memset(iv + 12, 0xff, 4);
			if (trial % 8 == 0)
				memset(iv + 4, 0xff, 12);
			iv[15] = (uint8_t)(iv[15] - rnd() % 8 * (trial % 4 == 0));
			ref_ctr(key, klen, iv, pt, len, want);
			ck_assert_int_eq(cipher_init(t, JCA_ENCRYPT, key, klen, iv, 16), 0);
			ck_assert_int_eq(cipher_do_final(t, pt, len, out, sizeof out, &n), 0);
			ck_assert_msg(memcmp(out, want, len) == 0, "%s CTR trial %d", impls[k], trial);
		}
		cipher_free(g);
		cipher_free(t);
	}
}
END_TEST

/*
 * GCM's counter is 32 bits and wraps inside the block (inc32): pick a
 * 32-byte IV whose J0 ends in ff ff ff f0, so the data counter passes
 * 2^32 after 15 blocks. With IV = A || B (two blocks), J0 = (A*H^2 ^ B*H ^
 * L)*H where L is the length block, so B = (J0*H^-1 ^ L ^ A*H^2) * H^-1.
 */
START_TEST(test_gcm_counter_wrap)
{
	const char *impls[MAXI];
	size_t ni = gcm_impls(impls, MAXI), k, n;
	static uint8_t pt[64 * 16 + 7], out[sizeof pt + 16], want[sizeof pt + 16], back[sizeof pt];
	uint8_t key[16], iv[32];
	blk zero = { { 0 } }, h, hinv, a, target, l = { { 0 } }, t;

	fill(key, 16, 7, 1);
	fill(pt, sizeof pt, 3, 5);
	ref_key(key, 16);
	h = ref_e(zero);
	hinv = gf128_inv(h);
	t = gf128_mul(h, hinv);
	ck_assert_int_eq(t.b[0], 0x80);
	fill(a.b, 16, 11, 3);
	fill(target.b, 12, 5, 9);
	memset(target.b + 12, 0xff, 4);
	target.b[15] = 0xf0;
	l.b[15] = 0;
	l.b[14] = 1;               /* 256 bits */
	t = gf128_mul(target, hinv);
	{
		blk ah2 = gf128_mul(gf128_mul(a, h), h);

		for (int i = 0; i < 16; i++)
			t.b[i] ^= l.b[i] ^ ah2.b[i];
	}
	t = gf128_mul(t, hinv);
	memcpy(iv, a.b, 16);
	memcpy(iv + 16, t.b, 16);
	t = ref_j0(h, iv, 32);
	ck_assert(memcmp(t.b, target.b, 16) == 0);

	ref_gcm(key, 16, iv, 32, NULL, 0, pt, sizeof pt, want, 16);
	for (k = 0; k < ni; k++) {
		cipher_ctx *g = get2(impls[k], "GCM");

		for (size_t len = 1; len <= sizeof pt; len += len < 300 ? 13 : 301) {
			ref_gcm(key, 16, iv, 32, NULL, 0, pt, len, want, 16);
			/* a fresh object: this one refuses the key and IV it encrypted last */
			cipher_free(g);
			g = get2(impls[k], "GCM");
			seal(g, key, 16, iv, 32, 128, NULL, 0, pt, len, out, sizeof out);
			ck_assert_msg(memcmp(out, want, len + 16) == 0, "%s GCM counter wrap, %zu bytes", impls[k], len);
			ck_assert_int_eq(open_(g, key, 16, iv, 32, 128, NULL, 0, out, len + 16, back, sizeof back, &n), 0);
			ck_assert(memcmp(back, pt, len) == 0);
		}
		cipher_free(g);
	}
}
END_TEST

/* ---- streaming: every split of AAD and data ---- */

START_TEST(test_splits)
{
	const char *impls[MAXI];
	size_t ni = gcm_impls(impls, MAXI), k;
	uint8_t key[32], iv[12], aad[37], pt[83], want[83 + 16], out[83 + 16], back[83 + 16];

	fill(key, 32, 13, 2);
	fill(iv, 12, 3, 1);
	fill(aad, sizeof aad, 5, 7);
	fill(pt, sizeof pt, 9, 4);
	for (k = 0; k < ni; k++) {
		cipher_ctx *c = get2(impls[k], "GCM"), *t = get2(impls[k], "CTR");

		ref_gcm(key, 32, iv, 12, aad, sizeof aad, pt, sizeof pt, want, 16);
		for (size_t a = 0; a <= sizeof aad; a++) {
			for (size_t d = 0; d <= sizeof pt; d += a == 0 ? 1 : 41) {
				size_t n1, n2, n3, n4;

				/* a fresh IV each time would change the result: reuse is
				 * refused, so a fresh object */
				cipher_free(c);
				c = get2(impls[k], "GCM");
				ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, iv, 12), 0);
				ck_assert_int_eq(cipher_update_aad(c, aad, a), 0);
				ck_assert_int_eq(cipher_update_aad(c, aad + a, sizeof aad - a), 0);
				ck_assert_int_eq(cipher_update(c, pt, d, out, d, &n1), 0);
				ck_assert_uint_eq(n1, d);
				ck_assert_int_eq(cipher_update(c, pt + d, 0, out + d, 0, &n2), 0);
				ck_assert_int_eq(cipher_do_final(c, pt + d, sizeof pt - d, out + d, sizeof out - d, &n3), 0);
				ck_assert_uint_eq(n1 + n2 + n3, sizeof out);
				ck_assert_msg(memcmp(out, want, sizeof out) == 0, "%s split aad %zu data %zu", impls[k], a, d);

				ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 32, iv, 12), 0);
				ck_assert_int_eq(cipher_update_aad(c, aad, a), 0);
				ck_assert_int_eq(cipher_update_aad(c, aad + a, sizeof aad - a), 0);
				ck_assert_int_eq(cipher_update(c, want, d, back, sizeof back, &n1), 0);
				ck_assert_uint_eq(n1, 0);
				ck_assert_int_eq(cipher_do_final(c, want + d, sizeof want - d, back, sizeof pt, &n4), 0);
				ck_assert_uint_eq(n4, sizeof pt);
				ck_assert(memcmp(back, pt, sizeof pt) == 0);
			}
		}
		/* byte by byte */
		cipher_free(c);
		c = get2(impls[k], "GCM");
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, iv, 12), 0);
		for (size_t i = 0; i < sizeof aad; i++)
			ck_assert_int_eq(cipher_update_aad(c, aad + i, 1), 0);
		for (size_t i = 0; i < sizeof pt; i++) {
			size_t n;

			ck_assert_int_eq(cipher_update(c, pt + i, 1, out + i, 1, &n), 0);
			ck_assert_uint_eq(n, 1);
		}
		{
			size_t n;

			ck_assert_int_eq(cipher_do_final(c, NULL, 0, out + sizeof pt, 16, &n), 0);
			ck_assert_uint_eq(n, 16);
		}
		ck_assert(memcmp(out, want, sizeof out) == 0);

		/* CTR: every split */
		ref_ctr(key, 24, (const uint8_t *)"0123456789abcdef", pt, sizeof pt, want);
		for (size_t d = 0; d <= sizeof pt; d++) {
			size_t n1, n2;

			ck_assert_int_eq(cipher_init(t, d % 2 ? JCA_ENCRYPT : JCA_DECRYPT, key, 24, "0123456789abcdef", 16), 0);
			ck_assert_int_eq(cipher_update(t, pt, d, out, d, &n1), 0);
			ck_assert_int_eq(cipher_do_final(t, pt + d, sizeof pt - d, out + d, sizeof pt - d, &n2), 0);
			ck_assert_uint_eq(n1 + n2, sizeof pt);
			ck_assert_msg(memcmp(out, want, sizeof pt) == 0, "%s CTR split %zu", impls[k], d);
			/* reuse after final: back at the initial counter */
			ck_assert_int_eq(cipher_do_final(t, pt, sizeof pt, out, sizeof pt, &n2), 0);
			ck_assert(memcmp(out, want, sizeof pt) == 0);
		}
		cipher_free(c);
		cipher_free(t);
	}
}
END_TEST

/* ---- in place, short buffers, tags, tampering ---- */

START_TEST(test_in_place_and_buffers)
{
	const char *impls[MAXI];
	size_t ni = gcm_impls(impls, MAXI), k, n;
	uint8_t key[16], iv[12], aad[20], pt[300], buf[300 + 16], want[300 + 16], small[16];

	fill(key, 16, 1, 1);
	fill(iv, 12, 2, 2);
	fill(aad, 20, 3, 3);
	fill(pt, sizeof pt, 4, 4);
	ref_gcm(key, 16, iv, 12, aad, 20, pt, sizeof pt, want, 16);
	for (k = 0; k < ni; k++) {
		cipher_ctx *c = get2(impls[k], "GCM");
		size_t n1;

		memcpy(buf, pt, sizeof pt);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 12), 0);
		ck_assert_int_eq(cipher_update_aad(c, aad, 20), 0);
		ck_assert_int_eq(cipher_update(c, buf, 17, buf, 17, &n1), 0);
		ck_assert_int_eq(cipher_do_final(c, buf + 17, sizeof pt - 17, buf + 17, sizeof buf - 17, &n), 0);
		ck_assert_msg(memcmp(buf, want, sizeof buf) == 0, "%s in place", impls[k]);
		/* in place decryption */
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv, 12), 0);
		ck_assert_int_eq(cipher_update_aad(c, aad, 20), 0);
		ck_assert_int_eq(cipher_do_final(c, buf, sizeof buf, buf, sizeof buf, &n), 0);
		ck_assert_uint_eq(n, sizeof pt);
		ck_assert(memcmp(buf, pt, sizeof pt) == 0);

		/* short output buffers: refused, nothing consumed */
		ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 16, iv + 1, 11, 16), 0);
		ck_assert_int_eq(cipher_update(c, pt, 10, buf, 9, &n), JCA_BUFSIZE);
		ck_assert_int_eq(cipher_do_final(c, pt, 10, buf, 25, &n), JCA_BUFSIZE);
		ck_assert_uint_eq(cipher_output_size(c, 10), 26);
		ck_assert_int_eq(cipher_do_final(c, pt, 10, buf, 26, &n), 0);
		ck_assert_uint_eq(n, 26);
		ck_assert_int_eq(cipher_init_aead(c, JCA_DECRYPT, key, 16, iv + 1, 11, 16), 0);
		ck_assert_int_eq(cipher_update(c, buf, 20, small, 0, &n), 0);
		ck_assert_uint_eq(cipher_output_size(c, 6), 10);
		ck_assert_int_eq(cipher_do_final(c, buf + 20, 6, small, 9, &n), JCA_BUFSIZE);
		ck_assert_int_eq(cipher_do_final(c, buf + 20, 6, small, 10, &n), 0);
		ck_assert_uint_eq(n, 10);
		ck_assert(memcmp(small, pt, 10) == 0);
		/* overlap other than in place */
		ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 16, iv, 11, 16), 0);
		ck_assert_int_eq(cipher_update(c, buf, 20, buf + 1, 20, &n), JCA_OVERLAP);
		cipher_free(c);
	}
}
END_TEST

START_TEST(test_tags_and_tampering)
{
	const char *impls[MAXI];
	size_t ni = gcm_impls(impls, MAXI), k, n;
	static const size_t ok_bits[] = { 32, 64, 96, 104, 112, 120, 128 };
	static const size_t bad_bytes[] = { 0, 1, 2, 3, 5, 9, 11, 17, 32, 128 };
	uint8_t key[32], iv[12], aad[33], pt[70], ct[70 + 16], full[70 + 16], out[100];

	fill(key, 32, 5, 5);
	fill(iv, 12, 6, 6);
	fill(aad, sizeof aad, 7, 7);
	fill(pt, sizeof pt, 8, 8);
	for (k = 0; k < ni; k++) {
		cipher_ctx *c = get2(impls[k], "GCM");

		for (size_t b = 0; b < sizeof ok_bits / sizeof ok_bits[0]; b++) {
			size_t tl = ok_bits[b] / 8;

			iv[0] = (uint8_t)(100 + b);
			/* truncated tags are prefixes of the full tag */
			ref_gcm(key, 32, iv, 12, aad, sizeof aad, pt, sizeof pt, full, 16);
			seal(c, key, 32, iv, 12, ok_bits[b], aad, sizeof aad, pt, sizeof pt, ct, sizeof ct);
			ck_assert(memcmp(ct, full, sizeof pt + tl) == 0);
			ck_assert_int_eq(open_(c, key, 32, iv, 12, ok_bits[b], aad, sizeof aad, ct, sizeof pt + tl, out,
			                       sizeof out, &n), 0);
			ck_assert(memcmp(out, pt, sizeof pt) == 0);
			/* tampered tag, ciphertext or AAD: refused, nothing written */
			for (size_t pos = 0; pos < sizeof pt + tl; pos += 7) {
				ct[pos] ^= 0x10;
				memset(out, 0x5a, sizeof out);
				ck_assert_int_eq(open_(c, key, 32, iv, 12, ok_bits[b], aad, sizeof aad, ct, sizeof pt + tl,
				                       out, sizeof out, &n), JCA_BADTAG);
				for (size_t i = 0; i < sizeof out; i++)
					ck_assert(out[i] == 0x5a);
				ct[pos] ^= 0x10;
			}
			aad[3] ^= 1;
			ck_assert_int_eq(open_(c, key, 32, iv, 12, ok_bits[b], aad, sizeof aad, ct, sizeof pt + tl, out,
			                       sizeof out, &n), JCA_BADTAG);
			aad[3] ^= 1;
			/* wrong tag length asked for, truncated input */
			ck_assert_int_eq(open_(c, key, 32, iv, 12, ok_bits[b] == 128 ? 120 : 128, aad, sizeof aad, ct,
			                       sizeof pt + tl, out, sizeof out, &n), JCA_BADTAG);
			ck_assert_int_eq(open_(c, key, 32, iv, 12, ok_bits[b], aad, sizeof aad, ct, tl - 1, out,
			                       sizeof out, &n), JCA_BADTAG);
			/* after a failure the object decrypts again */
			ck_assert_int_eq(cipher_update_aad(c, aad, sizeof aad), 0);
			ck_assert_int_eq(cipher_do_final(c, ct, sizeof pt + tl, out, sizeof out, &n), 0);
		}
		for (size_t b = 0; b < sizeof bad_bytes / sizeof bad_bytes[0]; b++)
			ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 32, iv, 12, bad_bytes[b]), JCA_EINVAL);
		cipher_free(c);
	}
}
END_TEST

/* The JCA contract through the engine, for the provider _i: builtin, and
 * the OpenSSL bridge when it is built. */
static const char *const contract_providers[] = {
	"builtin",
#ifdef JCA_TEST_OPENSSL_BRIDGE
	"openssl",
#endif
};

START_TEST(test_contract)
{
	cipher_ctx *c = cipher_get_instance_from("AES/GCM/NoPadding", contract_providers[_i]);
	uint8_t key[16] = { 1 }, key2[16] = { 2 }, iv[12] = { 3 }, iv16[16] = { 4 }, out[64];
	const uint8_t *got;
	size_t n;

	ck_assert_ptr_nonnull(c);
	printf("contract: AES/GCM/NoPadding of %s (%s)\n", cipher_provider(c), cipher_implementation(c));
	ck_assert_str_eq(cipher_algorithm(c), "AES/GCM/NoPadding");
	ck_assert_uint_eq(cipher_block_length(c), 16);
	ck_assert_uint_eq(cipher_iv_length(c), 12);
	ck_assert_ptr_null(cipher_iv(c));
	ck_assert_int_eq(cipher_update_aad(c, "x", 1), JCA_NOTINIT);
	ck_assert_int_eq(cipher_update(c, "x", 1, out, sizeof out, &n), JCA_NOTINIT);
	/* random 12-byte IV when none is given */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	got = cipher_iv(c);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(cipher_iv_length(c), 12);
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, NULL, 0), JCA_NOIV);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 0), JCA_IVLEN);
	/* IV reuse for encryption refused, also for a different IV giving the same J0 */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 12), JCA_IVREUSE);
	ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 16, iv, 12, 12), JCA_IVREUSE);
	/* the refusal changed nothing: the object still encrypts under (key, iv) */
	ck_assert_int_eq(cipher_do_final(c, "abc", 3, out, sizeof out, &n), 0);
	ck_assert_uint_eq(n, 19);
	/* finished: no more data until a new init */
	ck_assert_int_eq(cipher_update(c, "x", 1, out, sizeof out, &n), JCA_NOTINIT);
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, out, sizeof out, &n), JCA_NOTINIT);
	ck_assert_int_eq(cipher_update_aad(c, "x", 1), JCA_NOTINIT);
	/* decryption with the same key and IV is fine, as is another key */
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key2, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key2, 16, iv16, 16), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key2, 16, iv16, 16), JCA_IVREUSE);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv16, 16), 0);
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key2, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv16, 16), JCA_IVREUSE);
	/* AAD only before data */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 11), 0);
	ck_assert_int_eq(cipher_update_aad(c, "a", 1), 0);
	ck_assert_int_eq(cipher_update(c, "x", 1, out, sizeof out, &n), 0);
	ck_assert_int_eq(cipher_update_aad(c, "a", 1), JCA_EINVAL);
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv, 11), 0);
	ck_assert_int_eq(cipher_update(c, "x", 1, out, sizeof out, &n), 0);
	ck_assert_int_eq(cipher_update_aad(c, "a", 1), JCA_EINVAL);
	/* key sizes */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 15, iv, 12), JCA_KEYLEN);
	ck_assert_str_eq(jca_error_name(JCA_BADTAG), "JCA_BADTAG");
	cipher_free(c);

	/* CTR: 16-byte IV, no AAD, no tag */
	c = cipher_get_instance_from("AES/CTR/NoPadding", contract_providers[_i]);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(cipher_iv_length(c), 16);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 12), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	ck_assert_ptr_nonnull(cipher_iv(c));
	ck_assert_int_eq(cipher_update_aad(c, "a", 1), JCA_EINVAL);
	ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 16, iv16, 16, 16), JCA_EINVAL);
	ck_assert_uint_eq(cipher_output_size(c, 5), 5);
	cipher_free(c);

	/* names: padding other than NoPadding is refused; OIDs and pinned sizes */
	ck_assert_ptr_null(cipher_get_instance("AES/GCM/PKCS5Padding"));
	ck_assert_ptr_null(cipher_get_instance("AES/CTR/PKCS5Padding"));
	c = cipher_get_instance("2.16.840.1.101.3.4.1.46");
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(cipher_algorithm(c), "AES_256/GCM/NoPadding");
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), JCA_KEYLEN);
	cipher_free(c);
	c = cipher_get_instance("OID.2.16.840.1.101.3.4.1.6");
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(cipher_algorithm(c), "AES_128/GCM/NoPadding");
	cipher_free(c);
	c = cipher_get_instance("aes_192/gcm/nopadding");
	ck_assert_ptr_nonnull(c);
	cipher_free(c);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("GCM");
	TCase *tc = tcase_create("gcm");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 900);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	/* the bridge first in preference: plain "AES/GCM/NoPadding" is its */
	if (jca_provider_load(JCA_TOP_BUILDDIR "/plugins/.libs/openssl.so", 0) != 0) {
		printf("FAIL: cannot load the OpenSSL bridge: %s\n", jca_last_error_message());
		return 1;
	}
	{
		cipher_ctx *c = cipher_get_instance("AES/GCM/NoPadding");

		if (!c || strcmp(cipher_provider(c), "openssl") != 0) {
			printf("FAIL: AES/GCM/NoPadding is not the preferred bridge's\n");
			return 1;
		}
		cipher_free(c);
	}
#else
	printf("SKIP: the OpenSSL bridge is not built: GCM runs on the built-in provider only\n");
#endif
	tcase_add_loop_test(tc, test_contract, 0, (int)(sizeof contract_providers / sizeof contract_providers[0]));
	tcase_add_test(tc, test_nist_ctr);
	tcase_add_test(tc, test_reference);
	tcase_add_test(tc, test_gcm_counter_wrap);
	tcase_add_test(tc, test_splits);
	tcase_add_test(tc, test_in_place_and_buffers);
	tcase_add_test(tc, test_tags_and_tampering);
	tcase_add_test(tc, test_nist_gcm);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (ref_ecb)
		cipher_free(ref_ecb);
	return failed ? 1 : 0;
}
