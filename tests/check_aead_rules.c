/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The AEAD rules by ranges and the stream shape (ABI 3.4), without
 * OpenSSL: a test provider "ccmwrap" declares AES/CCM/NoPadding as one
 * AEAD table (JCA_AEAD_RANGE: nonce 7 to 13, tags 4 to 16 step 2;
 * JCA_AEAD_WHOLE) whose functions run the built-in provider's CCM through
 * the public API. The engine must give it the whole message in one update
 * in both directions, agree with the built-in CCM on the SP 800-38C C.2
 * known answer (which the host also runs at load) and on random shapes,
 * refuse tampering with nothing written, and the validator must refuse
 * malformed tables: ranges that do not hold, a tag_len of 0 in an AEAD
 * table (a stream cipher is a jca_stream_impl), a stream table without
 * its functions or nonce.
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
#include "jca/names.h"
#include "testutil.h"

/* ---- the wrapping implementation ---- */

struct wstate {
	cipher_ctx *c;                 /* builtin AES/CCM/NoPadding */
	uint8_t key[32];
	size_t key_len;
	int enc;
	size_t tag_len;
	uint8_t tag[16];               /* encryption: the tag, made with the data */
	uint8_t *out;                  /* decryption: the data, run at final */
	const uint8_t *in;
	size_t len;
};
typedef struct { struct wstate *w; } wctx;

static int updates;                /* update calls since the last init */
static int bad_update_count;       /* an update that was not the message's only one */

static int w_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	wctx *x = ctx;

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return -1;
	if (!x->w) {
		x->w = calloc(1, sizeof *x->w);
		if (!x->w)
			return -1;
		x->w->c = cipher_get_instance_from("AES/CCM/NoPadding", "builtin");
		if (!x->w->c)
			return -1;
	}
	memcpy(x->w->key, key, key_len);
	x->w->key_len = key_len;
	return 0;
}

static int w_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                  size_t tag_len)
{
	struct wstate *w = ((const wctx *)ctx)->w;

	updates = 0;
	w->enc = encrypt;
	w->tag_len = tag_len;
	if (cipher_init_aead(w->c, encrypt ? JCA_ENCRYPT : JCA_DECRYPT, w->key, w->key_len, iv, iv_len, tag_len) != 0)
		return -1;
	return cipher_update_aad(w->c, aad, aad_len) != 0 ? -1 : 0;
}

/* JCA_AEAD_WHOLE: exactly one call per message, the whole data. */
static int w_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	struct wstate *w = ((const wctx *)ctx)->w;
	uint8_t *buf;
	size_t n;
	int rc;

	if (++updates != 1)
		bad_update_count = 1;
	if (!w->enc) {                 /* the tag comes at final */
		w->out = out;
		w->in = in;
		w->len = len;
		return 0;
	}
	buf = malloc(len + 16);
	if (!buf)
		return -1;
	rc = cipher_do_final(w->c, in, len, buf, len + 16, &n) != 0 || n != len + w->tag_len;
	if (!rc) {
		if (len)
			memcpy(out, buf, len);
		memcpy(w->tag, buf + len, w->tag_len);   /* for final */
	}
	free(buf);
	return rc ? -1 : 0;
}

static int w_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	struct wstate *w = ((const wctx *)ctx)->w;
	uint8_t *buf, none[1];
	size_t n;
	int rc;

	if (updates != 1)
		bad_update_count = 1;
	if (w->enc) {
		memcpy(tag, w->tag, tag_len);
		return 0;
	}
	buf = malloc(w->len + tag_len);
	if (!buf)
		return -1;
	if (w->len)
		memcpy(buf, w->in, w->len);
	memcpy(buf + w->len, tag, tag_len);
	rc = cipher_do_final(w->c, buf, w->len + tag_len, w->len ? w->out : none, w->len, &n);
	free(buf);
	return rc == JCA_BADTAG ? JCA_BADTAG : rc != 0 || n != w->len ? -1 : 0;
}

static void w_cleanup(void *ctx)
{
	wctx *x = ctx;

	if (x->w) {
		cipher_free(x->w->c);
		free(x->w);
		x->w = NULL;
	}
}

static const size_t aes_sizes[] = { 16, 24, 32, 0 };

#define W_BASE(name) .base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, name, JCA_PRIO_GENERIC, NULL, sizeof(wctx), \
	                                              NULL, NULL, w_cleanup), \
	.shape = JCA_CIPHER_AEAD, .key_sizes = aes_sizes, .set_key = w_set_key, .init = w_init, \
	.update = w_update, .final = w_final
#define W_CCM .rules = JCA_AEAD_RANGE, .nonce_len = 12, .tag_len = 16, .nonce_min = 7, .nonce_max = 13, \
	.tag_min = 4, .tag_max = 16, .tag_step = 2, .flags = JCA_AEAD_WHOLE

static jca_aead_impl w_impl = { W_BASE("aes-ccmwrap"), W_CCM };
static const jca_impl *const w_impls[] = { &w_impl.base, NULL };

/* SP 800-38C Appendix C.2 (as in tests/check_ccm.c) */
static const jca_kat kat_c2 = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_AEAD,
	.key = "\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a\x4b\x4c\x4d\x4e\x4f", .key_len = 16,
	.iv = "\x10\x11\x12\x13\x14\x15\x16\x17", .iv_len = 8,
	.aad = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", .aad_len = 16,
	.in = "\x20\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f", .in_len = 16,
	.out = "\xd2\xa1\xf0\xe0\x51\xea\x5f\x62\x08\x1a\x77\x92\x07\x3d\x59\x3d", .out_len = 16,
	.tag = "\x1f\xc6\x4f\xbf\xac\xcd", .tag_len = 6
};

static jca_service_desc svc = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES_CCM, NULL, NULL, w_impls, &kat_c2, NULL
};
static const jca_service_desc *const services[] = { &svc, NULL };
static const jca_provider_desc desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "ccmwrap", "1.0", "CCM through a range-rules AEAD table (test)",
	services, NULL
};

/* ---- the engine over the table ---- */

START_TEST(test_engine)
{
	uint8_t key[32], nonce[13], aad[40], pt[300], want[320], got[320], back[320], junk[320];
	size_t i, n, m, k;

	ck_assert_int_eq(jca_provider_add(&desc, NULL), 0);
	memset(junk, 0x5a, sizeof junk);
	for (i = 0; i < 60; i++) {
		size_t klen = 16 + 8 * (i % 3), nlen = 7 + i % 7, tl = 4 + 2 * (i % 7), alen = (i * 7) % sizeof aad;
		size_t len = (i * 37) % sizeof pt, split = len / 3;
		cipher_ctx *b = cipher_get_instance_from("AES/CCM/NoPadding", "builtin");
		cipher_ctx *w = cipher_get_instance_from("AES/CCM/NoPadding", "ccmwrap");

		ck_assert_ptr_nonnull(b);
		ck_assert_ptr_nonnull(w);
		ck_assert_str_eq(cipher_implementation(w), "aes-ccmwrap");
		for (k = 0; k < klen; k++)
			key[k] = (uint8_t)(i + k);
		for (k = 0; k < nlen; k++)
			nonce[k] = (uint8_t)(3 * i + k);
		for (k = 0; k < alen; k++)
			aad[k] = (uint8_t)(i ^ k);
		for (k = 0; k < len; k++)
			pt[k] = (uint8_t)(i * k);
		ck_assert_int_eq(cipher_init_aead(b, JCA_ENCRYPT, key, klen, nonce, nlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(b, aad, alen), 0);
		ck_assert_int_eq(cipher_do_final(b, pt, len, want, sizeof want, &n), 0);
		/* the table: encryption in pieces, the engine holds them (WHOLE) */
		bad_update_count = 0;
		ck_assert_int_eq(cipher_init_aead(w, JCA_ENCRYPT, key, klen, nonce, nlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(w, aad, alen), 0);
		ck_assert_int_eq(cipher_update(w, pt, split, got, sizeof got, &m), 0);
		ck_assert_uint_eq(m, 0);
		ck_assert_uint_eq(cipher_output_size(w, len - split), len + tl);
		ck_assert_int_eq(cipher_do_final(w, pt + split, len - split, got, sizeof got, &m), 0);
		ck_assert(m == n && !memcmp(got, want, n));
		/* decryption in pieces */
		ck_assert_int_eq(cipher_init_aead(w, JCA_DECRYPT, key, klen, nonce, nlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(w, aad, alen), 0);
		ck_assert_int_eq(cipher_update(w, want, split, back, sizeof back, &m), 0);
		ck_assert_uint_eq(m, 0);
		ck_assert_int_eq(cipher_do_final(w, want + split, n - split, back, sizeof back, &m), 0);
		ck_assert(m == len && !memcmp(back, pt, len));
		ck_assert_msg(!bad_update_count, "update was not called exactly once per message");
		/* tampered: JCA_BADTAG, nothing written */
		want[i % n] ^= 1;
		memcpy(back, junk, sizeof back);
		ck_assert_int_eq(cipher_init_aead(w, JCA_DECRYPT, key, klen, nonce, nlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(w, aad, alen), 0);
		ck_assert_int_eq(cipher_do_final(w, want, n, back, sizeof back, &m), JCA_BADTAG);
		ck_assert(!memcmp(back, junk, sizeof back));
		cipher_free(b);
		cipher_free(w);
	}
	/* the ranges, enforced by the engine */
	{
		cipher_ctx *w = cipher_get_instance_from("AES/CCM/NoPadding", "ccmwrap");

		ck_assert_uint_eq(cipher_iv_length(w), 12);
		ck_assert_uint_eq(cipher_tag_length(w), 16);
		ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, nonce, 6), JCA_IVLEN);
		ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, pt, 14), JCA_IVLEN);
		ck_assert_int_eq(cipher_init_aead(w, JCA_ENCRYPT, key, 16, nonce, 13, 5), JCA_EINVAL);
		ck_assert_int_eq(cipher_init_aead(w, JCA_ENCRYPT, key, 16, nonce, 13, 18), JCA_EINVAL);
		ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, NULL, 0), 0);
		ck_assert_uint_eq(cipher_iv_length(w), 12);
		cipher_free(w);
	}
	ck_assert_int_eq(jca_provider_remove("ccmwrap"), 0);
}
END_TEST

/* ---- the validator ---- */

static void refused(const jca_impl *impl, const char *words)
{
	const jca_impl *impls[] = { impl, NULL };
	int rc;

	svc.impls = impls;
	svc.kat = NULL;
	rc = jca_provider_add(&desc, NULL);
	ck_assert_msg(rc == JCA_BADDESC, "%s: got %s (%s)", impl->name, jca_error_name(rc), jca_last_error_message());
	ck_assert_msg(strstr(jca_last_error_message(), words) != NULL, "message '%s' lacks '%s'",
	              jca_last_error_message(), words);
	ck_assert_ptr_null(jca_provider_find("ccmwrap"));
	svc.impls = w_impls;
	svc.kat = &kat_c2;
}

static int s_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	(void)ctx;
	(void)key;
	return key_len == 32 ? 0 : -1;
}
static int s_start(void *ctx, const uint8_t *nonce, size_t nonce_len)
{
	(void)ctx;
	(void)nonce;
	(void)nonce_len;
	return 0;
}
static int s_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	(void)ctx;
	memmove(out, in, len);
	return 0;
}
static const size_t k32[] = { 32, 0 };

START_TEST(test_validator)
{
	static jca_aead_impl v[7];
	static const jca_stream_impl s_nononce = {
		.base = JCA_IMPL_BASE(jca_stream_impl, "s-nononce", JCA_PRIO_GENERIC, NULL, 8),
		.shape = JCA_CIPHER_STREAM, .key_sizes = k32, .set_key = s_set_key, .start = s_start, .crypt = s_crypt,
	};
	static const jca_stream_impl s_nocrypt = {
		.base = JCA_IMPL_BASE(jca_stream_impl, "s-nocrypt", JCA_PRIO_GENERIC, NULL, 8),
		.shape = JCA_CIPHER_STREAM, .key_sizes = k32, .set_key = s_set_key, .start = s_start, .nonce_len = 12,
	};
	size_t i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++)
		v[i] = w_impl;
	v[0].nonce_min = 0;                          /* ranges that do not hold */
	v[1].nonce_max = 33;
	v[2].nonce_len = 14;                         /* a random nonce outside them */
	v[3].tag_step = 5;                           /* 4 + 5k never reaches 16 */
	v[4].tag_len = 5;                            /* cipher_init's tag not a tag length */
	v[5].flags = 6;                              /* unknown flags */
	v[6].rules = JCA_AEAD_NONCE;                 /* an AEAD without a tag */
	v[6].tag_len = 0;
	v[6].nonce_min = v[6].nonce_max = v[6].tag_min = v[6].tag_max = v[6].tag_step = 0;
	refused(&v[0].base, "nonce_min 0");
	refused(&v[1].base, "nonce_max 33");
	refused(&v[2].base, "nonce_len 14");
	refused(&v[3].base, "tag_step 5");
	refused(&v[4].base, "tag_len 5");
	refused(&v[5].base, "flags 0x6");
	refused(&v[6].base, "tag_len 0");
	refused(&s_nononce.base, "nonce_len 0");
	refused(&s_nocrypt.base, "crypt is NULL");
	/* and the sound table is accepted, its known answer passing */
	ck_assert_int_eq(jca_provider_add(&desc, NULL), 0);
	ck_assert_int_eq(jca_provider_remove("ccmwrap"), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("AEAD rules (ABI 3.4)");
	TCase *tc = tcase_create("rules");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_engine);
	tcase_add_test(tc, test_validator);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
