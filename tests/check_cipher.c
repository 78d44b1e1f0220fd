/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher: NIST CAVP AES-CBC vectors (KAT, MMT, MCT) for every AES
 * implementation usable here, own PKCS#5 known answers, streaming, in-place,
 * reuse, padding errors, buffer and key/IV errors, names.
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

static size_t aes_impls(const char **names, size_t max)
{
	return tu_builtin_impls(JCA_CIPHER, "AES", names, max);
}

static cipher_ctx *get(const char *name)
{
	cipher_ctx *c = cipher_get_instance(name);

	ck_assert_msg(c != NULL, "cipher_get_instance(%s): %s", name, jca_last_error_message());
	return c;
}

static cipher_ctx *get_impl(const char *impl, const char *mode_pad)
{
	char name[128];

	snprintf(name, sizeof name, "%s/%s", impl, mode_pad);
	return get(name);
}

/* One-shot: update + do_final; returns total length. */
static size_t oneshot(cipher_ctx *c, const uint8_t *in, size_t n, uint8_t *out, size_t cap)
{
	size_t a = 0, b = 0;

	ck_assert_int_eq(cipher_update(c, in, n, out, cap, &a), 0);
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, out + a, cap - a, &b), 0);
	return a + b;
}

static void fill(uint8_t *p, size_t n, unsigned mul, unsigned add)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(i * mul + add);
}

/* ---- NIST files ---- */
static const char *const KAT_KINDS[] = { "GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT" };

static int run_kat_file(const char *impl, const char *kind, int bits)
{
	const char *dir = tu_vectors_dir();
	char path[4096];
	tu_rsp *r;
	tu_rec rec;
	int n = 0;

	snprintf(path, sizeof path, "%s/aes/CBC%s%d.rsp", dir, kind, bits);
	r = tu_rsp_open(path);
	ck_assert_msg(r != NULL, "cannot open %s", path);
	while (tu_rsp_next(r, &rec)) {
		size_t kl, ivl, pl, cl, got;
		uint8_t *key = tu_unhex(tu_get(&rec, "KEY"), &kl);
		uint8_t *iv = tu_unhex(tu_get(&rec, "IV"), &ivl);
		uint8_t *pt = tu_unhex(tu_get(&rec, "PLAINTEXT"), &pl);
		uint8_t *ct = tu_unhex(tu_get(&rec, "CIPHERTEXT"), &cl);
		int enc = tu_param(&rec, "ENCRYPT") != NULL;
		uint8_t out[256];
		cipher_ctx *c = get_impl(impl, "CBC/NoPadding");

		ck_assert_int_eq(cipher_init(c, enc ? JCA_ENCRYPT : JCA_DECRYPT, key, kl, iv, ivl), 0);
		got = oneshot(c, enc ? pt : ct, pl, out, sizeof out);
		ck_assert_uint_eq(got, pl);
		ck_assert_msg(memcmp(out, enc ? ct : pt, pl) == 0, "%s CBC%s%d line %d", impl, kind, bits, rec.line);
		cipher_free(c);
		free(key), free(iv), free(pt), free(ct);
		n++;
	}
	tu_rsp_close(r);
	return n;
}

/* Monte Carlo (AESAVS), see the vectors' README. */
static int run_mct(const char *impl, int bits)
{
	const char *dir = tu_vectors_dir();
	char path[4096];
	tu_rsp *r;
	tu_rec rec;
	int n = 0;
	uint8_t key[32], iv[16], in[16], prev[16], out[16], older[16];
	int have = 0, enc_prev = -1;
	size_t kl = (size_t)bits / 8;

	snprintf(path, sizeof path, "%s/aes/CBCMCT%d.rsp", dir, bits);
	r = tu_rsp_open(path);
	ck_assert_msg(r != NULL, "cannot open %s", path);
	while (tu_rsp_next(r, &rec)) {
		int enc = tu_param(&rec, "ENCRYPT") != NULL, j;
		size_t l;
		uint8_t *want;
		cipher_ctx *c;
		size_t got;

		if (enc != enc_prev || atoi(tu_get(&rec, "COUNT")) == 0) {
			uint8_t *p = tu_unhex(tu_get(&rec, "KEY"), &l);

			memcpy(key, p, kl);
			free(p);
			p = tu_unhex(tu_get(&rec, "IV"), &l);
			memcpy(iv, p, 16);
			free(p);
			p = tu_unhex(tu_get(&rec, enc ? "PLAINTEXT" : "CIPHERTEXT"), &l);
			memcpy(in, p, 16);
			free(p);
			enc_prev = enc;
			have = 1;
		}
		ck_assert(have);
		/* CBC over 1000 blocks where block j+1's input is the chaining value
		 * used for block j: run block by block through the engine, with the
		 * object's own chaining across update calls. */
		c = get_impl(impl, "CBC/NoPadding");
		ck_assert_int_eq(cipher_init(c, enc ? JCA_ENCRYPT : JCA_DECRYPT, key, kl, iv, 16), 0);
		memcpy(prev, iv, 16);
		for (j = 0; j < 1000; j++) {
			uint8_t next_in[16];

			/* the next input is the chaining value used for this
			 * block: PT[j+1] = CT[j-1] encrypting, CT[j+1] = PT[j-1]
			 * decrypting (the IV for j = 0) */
			ck_assert_int_eq(cipher_update(c, in, 16, out, 16, &got), 0);
			memcpy(next_in, prev, 16);
			memcpy(prev, out, 16);
			ck_assert_uint_eq(got, 16);
			if (j == 998)
				memcpy(older, out, 16);
			memcpy(in, next_in, 16);
		}
		cipher_free(c);
		want = tu_unhex(tu_get(&rec, enc ? "CIPHERTEXT" : "PLAINTEXT"), &l);
		ck_assert_msg(memcmp(out, want, 16) == 0, "%s MCT%d %s line %d", impl, bits, enc ? "enc" : "dec", rec.line);
		free(want);
		/* next key/iv/input */
		if (bits == 128) {
			for (j = 0; j < 16; j++)
				key[j] ^= out[j];
		} else if (bits == 192) {
			for (j = 0; j < 8; j++)
				key[j] ^= older[8 + j];
			for (j = 0; j < 16; j++)
				key[8 + j] ^= out[j];
		} else {
			for (j = 0; j < 16; j++)
				key[j] ^= older[j];
			for (j = 0; j < 16; j++)
				key[16 + j] ^= out[j];
		}
		memcpy(iv, out, 16);
		memcpy(in, older, 16);
		n++;
	}
	tu_rsp_close(r);
	return n;
}

START_TEST(test_nist)
{
	static const int bits[] = { 128, 192, 256 };
	const char *impls[8];
	size_t ni, k, i, b;

	if (!tu_vectors_dir()) {
		printf("SKIP: NIST AES vectors (folder absent)\n");
		return;
	}
	ni = aes_impls(impls, 8);
	for (k = 0; k < ni; k++)
		for (b = 0; b < 3; b++) {
			int n = 0;

			for (i = 0; i < sizeof KAT_KINDS / sizeof KAT_KINDS[0]; i++)
				n += run_kat_file(impls[k], KAT_KINDS[i], bits[b]);
			ck_assert_int_ge(n, 100);
			ck_assert_int_eq(run_mct(impls[k], bits[b]), 200);
		}
}
END_TEST

/* ---- own PKCS#5 known answers (tests/kat/aes_pkcs5.txt, openssl enc) ---- */
START_TEST(test_pkcs5_kat)
{
	char *txt = tu_read_file(tu_srcpath("tests/kat/aes_pkcs5.txt"), NULL);
	char *line, *save = NULL;
	const char *impls[8];
	size_t ni = aes_impls(impls, 8), k;
	int checked = 0;

	ck_assert_ptr_nonnull(txt);
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int bits, len;
		char hex[256];
		uint8_t key[32], iv[16], pt[64], out[80], back[80], *want;
		size_t wl, got;

		ck_assert_int_eq(sscanf(line, "%d %d %255s", &bits, &len, hex), 3);
		want = tu_unhex(hex, &wl);
		fill(key, 32, 7, 1);
		fill(iv, 16, 13, 5);
		fill(pt, 64, 31, 7);
		for (k = 0; k < ni; k++) {
			cipher_ctx *c = get_impl(impls[k], "CBC/PKCS5Padding");

			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, (size_t)bits / 8, iv, 16), 0);
			ck_assert_uint_eq(cipher_output_size(c, (size_t)len), wl);
			got = oneshot(c, pt, (size_t)len, out, sizeof out);
			ck_assert_uint_eq(got, wl);
			ck_assert_msg(memcmp(out, want, wl) == 0, "%s AES-%d PKCS5 len %d", impls[k], bits, len);
			ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, (size_t)bits / 8, iv, 16), 0);
			got = oneshot(c, out, wl, back, sizeof back);
			ck_assert_uint_eq(got, (size_t)len);
			ck_assert(memcmp(back, pt, (size_t)len) == 0);
			cipher_free(c);
			checked++;
		}
		free(want);
	}
	ck_assert_int_eq(checked, 147 * (int)ni);
	free(txt);
}
END_TEST

/* ---- streaming: every chunking equals one-shot ---- */
static void stream_check(const char *xf, cipher_opmode dir, const uint8_t *key, const uint8_t *iv,
                         const uint8_t *in, size_t len, const uint8_t *ref, size_t reflen)
{
	cipher_ctx *c = get(xf);
	uint8_t out[256];
	size_t a, b, cut, cut2;

	ck_assert_int_eq(cipher_init(c, dir, key, 16, strstr(xf, "ECB") ? NULL : iv, strstr(xf, "ECB") ? 0 : 16), 0);
	for (cut = 0; cut <= len; cut++) {
		for (cut2 = cut; cut2 <= len; cut2 += (len > 40 ? 7 : 1)) {
			size_t o = 0;

			ck_assert_int_eq(cipher_update(c, in, cut, out, sizeof out, &a), 0);
			o += a;
			ck_assert_int_eq(cipher_update(c, in + cut, 0, out + o, sizeof out - o, &a), 0);
			o += a;
			ck_assert_int_eq(cipher_update(c, in + cut, cut2 - cut, out + o, sizeof out - o, &a), 0);
			o += a;
			ck_assert_int_eq(cipher_do_final(c, in + cut2, len - cut2, out + o, sizeof out - o, &b), 0);
			o += b;
			ck_assert_msg(o == reflen && memcmp(out, ref, reflen) == 0, "%s len %zu cuts %zu %zu", xf, len, cut, cut2);
		}
	}
	/* byte by byte */
	{
		size_t i, o = 0;

		for (i = 0; i < len; i++) {
			ck_assert_int_eq(cipher_update(c, in + i, 1, out + o, sizeof out - o, &a), 0);
			o += a;
		}
		ck_assert_int_eq(cipher_do_final(c, NULL, 0, out + o, sizeof out - o, &b), 0);
		ck_assert(o + b == reflen && memcmp(out, ref, reflen) == 0);
	}
	cipher_free(c);
}

START_TEST(test_streaming)
{
	static const char *const xfs[] = { "AES/CBC/PKCS5Padding", "AES/CBC/NoPadding", "AES/ECB/PKCS5Padding",
		"AES/ECB/NoPadding" };
	uint8_t key[16], iv[16], pt[112], ct[128], back[128];
	size_t len, x;

	fill(key, 16, 3, 9);
	fill(iv, 16, 5, 1);
	fill(pt, sizeof pt, 31, 7);
	for (x = 0; x < 4; x++) {
		int pad = strstr(xfs[x], "PKCS5") != NULL;

		for (len = 0; len <= 100; len += (pad ? 1 : 16)) {
			cipher_ctx *c = get(xfs[x]);
			size_t n, m;

			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, x < 2 ? iv : NULL, x < 2 ? 16 : 0), 0);
			n = oneshot(c, pt, len, ct, sizeof ct);
			ck_assert_uint_eq(n, pad ? (len / 16 + 1) * 16 : len);
			/* reuse after final gives the same result (same key and IV) */
			m = oneshot(c, pt, len, back, sizeof back);
			ck_assert(m == n && memcmp(back, ct, n) == 0);
			/* in place */
			memcpy(back, pt, len);
			{
				size_t a, b;

				ck_assert_int_eq(cipher_update(c, back, len, back, sizeof back, &a), 0);
				ck_assert_int_eq(cipher_do_final(c, NULL, 0, back + a, sizeof back - a, &b), 0);
				ck_assert(a + b == n && memcmp(back, ct, n) == 0);
				ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, x < 2 ? iv : NULL, x < 2 ? 16 : 0), 0);
				ck_assert_int_eq(cipher_update(c, back, n, back, sizeof back, &a), 0);
				ck_assert_int_eq(cipher_do_final(c, NULL, 0, back + a, sizeof back - a, &b), 0);
				ck_assert(a + b == len && memcmp(back, pt, len) == 0);
			}
			cipher_free(c);
			if (len <= 64 || len % 16 == 0) {
				stream_check(xfs[x], JCA_ENCRYPT, key, iv, pt, len, ct, n);
				stream_check(xfs[x], JCA_DECRYPT, key, iv, ct, n, pt, len);
			}
		}
	}
}
END_TEST

/* In place with a partial block already buffered. */
START_TEST(test_in_place_buffered)
{
	uint8_t key[16], iv[16], pt[100], ref[112], buf[112];
	size_t a, b, o = 0;
	cipher_ctx *c = get("AES/CBC/PKCS5Padding");

	fill(key, 16, 3, 9);
	fill(iv, 16, 5, 1);
	fill(pt, sizeof pt, 31, 7);
	cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16);
	oneshot(c, pt, 100, ref, sizeof ref);
	memcpy(buf, pt, 100);
	ck_assert_int_eq(cipher_update(c, buf, 5, buf, 5, &a), 0);   /* buffers 5 bytes */
	ck_assert_uint_eq(a, 0);
	/* the rest, in place at the same position */
	memmove(buf, buf + 5, 95);
	ck_assert_int_eq(cipher_update(c, buf, 95, buf, sizeof buf, &a), 0);
	o = a;
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, buf + o, sizeof buf - o, &b), 0);
	ck_assert(o + b == 112 && memcmp(buf, ref, 112) == 0);
	cipher_free(c);
}
END_TEST

START_TEST(test_bad_padding)
{
	uint8_t key[16], iv[16], pt[32], ct[48], work[48], out[48], keep[48];
	size_t n, a, pos;
	int v;
	cipher_ctx *c = get("AES/CBC/PKCS5Padding");
	cipher_ctx *raw = get("AES/CBC/NoPadding");

	fill(key, 16, 3, 9);
	fill(iv, 16, 5, 1);
	fill(pt, sizeof pt, 31, 7);
	cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16);
	n = oneshot(c, pt, 20, ct, sizeof ct);   /* 32 bytes, pad 12 */
	ck_assert_uint_eq(n, 32);
	/* flip every byte position of the last block: a flip in the padding
	 * bytes (or the pad length) is a bad padding */
	for (pos = 16; pos < 32; pos++) {
		memcpy(work, ct, 32);
		/* modify ciphertext block 0 to flip plaintext block 1 byte pos-16 */
		work[pos - 16] ^= 0x01;
		cipher_init(c, JCA_DECRYPT, key, 16, iv, 16);
		memset(out, 0xAA, sizeof out);
		memcpy(keep, out, sizeof out);
		v = cipher_do_final(c, work, 32, out, sizeof out, &a);
		if (pos - 16 >= 4) {
			ck_assert_int_eq(v, JCA_BADPAD);
			ck_assert_int_eq(jca_last_error(), JCA_BADPAD);
			ck_assert_msg(memcmp(out, keep, sizeof out) == 0, "plaintext released on bad padding");
			/* the object is unchanged: the right ciphertext still works */
			ck_assert_int_eq(cipher_do_final(c, ct, 32, out, sizeof out, &a), 0);
			ck_assert(a == 20 && memcmp(out, pt, 20) == 0);
		} else {
			ck_assert_int_eq(v, 0);
		}
	}
	/* every pad value 0..255 in a block of otherwise valid form */
	for (v = 0; v < 256; v++) {
		uint8_t blk[16], enc[16];
		size_t i, good;
		int rc;

		for (i = 0; i < 16; i++)
			blk[i] = (uint8_t)v;
		cipher_init(raw, JCA_ENCRYPT, key, 16, iv, 16);
		oneshot(raw, blk, 16, enc, 16);
		cipher_init(c, JCA_DECRYPT, key, 16, iv, 16);
		rc = cipher_do_final(c, enc, 16, out, sizeof out, &good);
		if (v >= 1 && v <= 16) {
			ck_assert_int_eq(rc, 0);
			ck_assert_uint_eq(good, 16 - (size_t)v);
		} else {
			ck_assert_int_eq(rc, JCA_BADPAD);
		}
		/* bad padding byte at each position for pad length 16 */
		if (v < 16) {
			for (i = 0; i < 16; i++)
				blk[i] = 16;
			blk[v] ^= 0x80;
			cipher_init(raw, JCA_ENCRYPT, key, 16, iv, 16);
			oneshot(raw, blk, 16, enc, 16);
			cipher_init(c, JCA_DECRYPT, key, 16, iv, 16);
			ck_assert_int_eq(cipher_do_final(c, enc, 16, out, sizeof out, &good), JCA_BADPAD);
		}
	}
	/* empty and non-block ciphertexts */
	cipher_init(c, JCA_DECRYPT, key, 16, iv, 16);
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, out, sizeof out, &a), JCA_BADPAD);
	ck_assert_int_eq(cipher_do_final(c, ct, 31, out, sizeof out, &a), JCA_NOTBLOCK);
	cipher_free(c);
	cipher_free(raw);
}
END_TEST

START_TEST(test_errors)
{
	uint8_t key[33] = { 0 }, iv[17] = { 0 }, buf[64] = { 0 }, out[64];
	size_t a, kl;
	cipher_ctx *c = get("AES/CBC/PKCS5Padding");

	/* before init */
	ck_assert_int_eq(cipher_update(c, buf, 16, out, sizeof out, &a), JCA_NOTINIT);
	ck_assert_int_eq(cipher_do_final(c, buf, 16, out, sizeof out, &a), JCA_NOTINIT);
	/* key sizes */
	for (kl = 0; kl <= 33; kl++) {
		int rc = cipher_init(c, JCA_ENCRYPT, key, kl, iv, 16);

		if (kl == 16 || kl == 24 || kl == 32)
			ck_assert_int_eq(rc, 0);
		else
			ck_assert_int_eq(rc, JCA_KEYLEN);
	}
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 15), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 17), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, NULL, 0), JCA_NOIV);
	ck_assert_int_eq(cipher_init(c, (cipher_opmode)7, key, 16, iv, 16), JCA_EINVAL);
	/* random IV when encrypting without one */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	ck_assert_ptr_nonnull(cipher_iv(c));
	ck_assert_uint_eq(cipher_iv_length(c), 16);
	{
		uint8_t iv1[16];
		const uint8_t *p;

		memcpy(iv1, cipher_iv(c), 16);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
		p = cipher_iv(c);
		ck_assert(memcmp(iv1, p, 16) != 0);
	}
	/* output too small: nothing consumed */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), 0);
	ck_assert_int_eq(cipher_update(c, buf, 40, out, 31, &a), JCA_BUFSIZE);
	ck_assert_int_eq(cipher_update(c, buf, 40, out, 32, &a), 0);
	ck_assert_uint_eq(a, 32);
	ck_assert_uint_eq(cipher_output_size(c, 0), 16);
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, out, 15, &a), JCA_BUFSIZE);
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, out, 16, &a), 0);
	/* overlapping but different buffers */
	ck_assert_int_eq(cipher_update(c, buf, 32, buf + 1, 40, &a), JCA_OVERLAP);
	cipher_free(c);
	/* NoPadding needs whole blocks at final */
	c = get("AES/CBC/NoPadding");
	cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16);
	ck_assert_int_eq(cipher_do_final(c, buf, 17, out, sizeof out, &a), JCA_NOTBLOCK);
	ck_assert_int_eq(cipher_do_final(c, buf, 32, out, sizeof out, &a), 0);
	ck_assert_uint_eq(a, 32);
	cipher_free(c);
	/* ECB takes no IV */
	c = get("AES/ECB/NoPadding");
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	ck_assert_ptr_null(cipher_iv(c));
	cipher_free(c);
	/* pinned key sizes */
	c = get("AES_256/CBC/PKCS5Padding");
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), JCA_KEYLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, iv, 16), 0);
	cipher_free(c);
	c = get("aes_128/cbc/nopadding");
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, iv, 16), JCA_KEYLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), 0);
	cipher_free(c);
	cipher_free(NULL);
}
END_TEST

START_TEST(test_names)
{
	static const struct {
		const char *in, *canon;
	} names[] = {
		{ "AES/CBC/PKCS5Padding", "AES/CBC/PKCS5Padding" },
		{ "aes/cbc/pkcs5padding", "AES/CBC/PKCS5Padding" },
		{ "AES/CBC/PKCS7Padding", "AES/CBC/PKCS5Padding" },
		{ "AES/CBC/NoPadding", "AES/CBC/NoPadding" },
		{ "AES/ECB/PKCS5Padding", "AES/ECB/PKCS5Padding" },
		{ "AES", "AES/ECB/PKCS5Padding" },
		{ "Rijndael/CBC/NoPadding", "AES/CBC/NoPadding" },
		{ "AES_128/CBC/NoPadding", "AES_128/CBC/NoPadding" },
		{ "AES_256/CBC/PKCS5Padding", "AES_256/CBC/PKCS5Padding" },
		{ "AES_192", "AES_192/ECB/PKCS5Padding" },
		{ "2.16.840.1.101.3.4.1.2", "AES_128/CBC/NoPadding" },
		{ "OID.2.16.840.1.101.3.4.1.42", "AES_256/CBC/NoPadding" },
		{ "2.16.840.1.101.3.4.1.21", "AES_192/ECB/NoPadding" },
	};
	static const char *const bad[] = { "AES/CBC", "AES/OFB/NoPadding", "AES/CBC/ISO10126Padding",
		"AES_512/CBC/NoPadding", "DES/CBC/NoPadding", "AES//", "" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		cipher_ctx *c = get(names[i].in);

		ck_assert_str_eq(cipher_algorithm(c), names[i].canon);
		ck_assert_str_eq(cipher_provider(c), "builtin");
		ck_assert_uint_eq(cipher_block_length(c), 16);
		cipher_free(c);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_ptr_null(cipher_get_instance(bad[i]));
		ck_assert(jca_last_error() == JCA_NOALG || jca_last_error() == JCA_EINVAL);
	}
	ck_assert_ptr_null(cipher_get_instance(NULL));
	ck_assert_ptr_null(cipher_get_instance_from("AES", "nosuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	{
		cipher_ctx *c = cipher_get_instance_from("AES/CBC/NoPadding", "builtin");

		ck_assert_ptr_nonnull(c);
		cipher_free(c);
	}
}
END_TEST

/* Resolve once, create many: a handle carries mode, padding and a pinned
 * key size, and its instances encrypt as cipher_get_instance's. */
START_TEST(test_handle)
{
	static const uint8_t key[16] = { 9, 8, 7 }, iv[16] = { 1 }, msg[20] = { 5 };
	const cipher_handle *h = cipher_lookup("aes/cbc/pkcs5padding");
	uint8_t a[32], b[32];
	size_t na, nb;
	cipher_ctx *c1, *c2;

	ck_assert_ptr_nonnull(h);
	ck_assert_ptr_eq(cipher_lookup("aes/cbc/pkcs5padding"), h);
	c1 = cipher_new(h);
	c2 = cipher_get_instance("AES/CBC/PKCS5Padding");
	ck_assert_ptr_nonnull(c1);
	ck_assert_ptr_nonnull(c2);
	ck_assert_str_eq(cipher_algorithm(c1), "AES/CBC/PKCS5Padding");
	ck_assert_int_eq(cipher_init(c1, JCA_ENCRYPT, key, 16, iv, 16), 0);
	ck_assert_int_eq(cipher_init(c2, JCA_ENCRYPT, key, 16, iv, 16), 0);
	ck_assert_int_eq(cipher_do_final(c1, msg, sizeof msg, a, sizeof a, &na), 0);
	ck_assert_int_eq(cipher_do_final(c2, msg, sizeof msg, b, sizeof b, &nb), 0);
	ck_assert_uint_eq(na, 32);
	ck_assert_uint_eq(nb, 32);
	ck_assert_msg(memcmp(a, b, 32) == 0, "handle and get_instance results differ");
	cipher_free(c1);
	cipher_free(c2);
	/* a key-size-pinned transformation stays pinned through the handle */
	h = cipher_lookup("AES_256/ECB/NoPadding");
	ck_assert_ptr_nonnull(h);
	c1 = cipher_new(h);
	ck_assert_ptr_nonnull(c1);
	ck_assert_int_eq(cipher_init(c1, JCA_ENCRYPT, key, 16, NULL, 0), JCA_KEYLEN);
	cipher_free(c1);
	ck_assert_ptr_null(cipher_lookup("AES/XTS/NoPadding"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(cipher_lookup(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(cipher_new(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
}
END_TEST

/* cipher_reset drops buffered input and restores the IV given at init. */
START_TEST(test_reset)
{
	static const uint8_t key[16] = { 3 }, iv[16] = { 4 }, msg[40] = { 6 };
	cipher_ctx *c = cipher_get_instance("AES/CBC/PKCS5Padding");
	uint8_t ref[48], out[48];
	size_t n, m;

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(cipher_reset(c), JCA_NOTINIT);   /* before init: nothing to return to */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), 0);
	ck_assert_int_eq(cipher_do_final(c, msg, sizeof msg, ref, sizeof ref, &n), 0);
	ck_assert_uint_eq(n, 48);
	/* 21 bytes in: one block out (the IV has moved), five held */
	ck_assert_int_eq(cipher_update(c, msg, 21, out, sizeof out, &m), 0);
	ck_assert_uint_eq(m, 16);
	ck_assert_int_eq(cipher_reset(c), 0);
	ck_assert_int_eq(cipher_update(c, msg, 21, out, sizeof out, &m), 0);
	ck_assert_int_eq(cipher_do_final(c, msg + 21, sizeof msg - 21, out + m, sizeof out - m, &n), 0);
	ck_assert_uint_eq(m + n, 48);
	ck_assert_msg(memcmp(out, ref, 48) == 0, "output after cipher_reset differs");
	ck_assert_uint_eq(cipher_block_length(c), 16);
	cipher_free(c);
	ck_assert_int_eq(cipher_reset(NULL), JCA_EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Cipher");
	TCase *tc = tcase_create("cipher");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tu_vectors_tcase(s), test_nist);
	tcase_add_test(tc, test_pkcs5_kat);
	tcase_add_test(tc, test_streaming);
	tcase_add_test(tc, test_in_place_buffered);
	tcase_add_test(tc, test_bad_padding);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_handle);
	tcase_add_test(tc, test_reset);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
