/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GCM from an AEAD table (jca_aead_impl: init, update, final), without
 * OpenSSL: a test provider "gcmwrap" whose implementation runs the
 * built-in provider's AES/GCM through the public API. It must agree with the built-in provider for random shapes and
 * every split, keep the engine's contract (nothing released before the
 * tag verifies, tampering refused), and the GCM known-answer test
 * (JCA_KAT_AEAD, jca_service_desc.extra_kats) must pass for it and refuse
 * providers whose GCM is wrong: a wrong known answer, a decryption that
 * accepts any tag, a malformed test.
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
	cipher_ctx *c;                 /* builtin AES/GCM/NoPadding */
	uint8_t key[32];
	size_t key_len;
	int enc;
	uint8_t *out;                  /* decryption: where the plaintext goes */
	const uint8_t *in;
	size_t len;
};
typedef struct { struct wstate *w; } wctx;

static int accept_any_tag;         /* the broken variant */
static int calls_final;

static int w_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	wctx *x = ctx;

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return -1;
	if (!x->w) {
		x->w = calloc(1, sizeof *x->w);
		if (!x->w)
			return -1;
		x->w->c = cipher_get_instance_from("AES/GCM/NoPadding", "builtin");
		if (!x->w->c)
			return -1;
	}
	memcpy(x->w->key, key, key_len);
	x->w->key_len = key_len;
	return 0;
}

/* ECB by the built-in provider: the engine encrypts the zero block with it
 * for GCM's hash key H when an IV is not 12 bytes long. */
static int w_ecb_run(const void *ctx, int encrypt, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const struct wstate *w = ((const wctx *)ctx)->w;
	cipher_ctx *e = cipher_get_instance_from("AES/ECB/NoPadding", "builtin");
	size_t n = 0;
	int rc = !w || !e || cipher_init(e, encrypt ? JCA_ENCRYPT : JCA_DECRYPT, w->key, w->key_len, NULL, 0) != 0 ||
	         cipher_do_final(e, in, 16 * nblocks, out, 16 * nblocks, &n) != 0 || n != 16 * nblocks;

	cipher_free(e);
	return rc ? -1 : 0;
}

static int w_ecb(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	return w_ecb_run(ctx, 1, out, in, nblocks);
}

static int w_block(void *ctx, uint8_t out[16], const uint8_t in[16])
{
	return w_ecb_run(ctx, 1, out, in, 1);
}

static int w_ecb_dec(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	return w_ecb_run(ctx, 0, out, in, nblocks);
}

static int w_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                  size_t aad_len, size_t tag_len)
{
	struct wstate *w = ((const wctx *)ctx)->w;

	w->enc = encrypt;
	w->out = NULL;
	w->in = NULL;
	w->len = 0;
	if (cipher_init_aead(w->c, encrypt ? JCA_ENCRYPT : JCA_DECRYPT, w->key, w->key_len, iv, iv_len,
	                     tag_len) != 0)
		return -1;
	return cipher_update_aad(w->c, aad, aad_len) != 0 ? -1 : 0;
}

static int w_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	struct wstate *w = ((const wctx *)ctx)->w;
	size_t n;

	if (!w->enc) {                 /* the plaintext comes at final */
		w->out = out;
		w->in = in;
		w->len = len;
		return 0;
	}
	return cipher_update(w->c, in, len, out, len, &n) != 0 || n != len ? -1 : 0;
}

static int w_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	struct wstate *w = ((const wctx *)ctx)->w;
	uint8_t t[16], *buf, none[1];
	size_t n;
	int rc;

	calls_final++;
	if (w->enc) {
		if (cipher_do_final(w->c, NULL, 0, t, sizeof t, &n) != 0 || n != tag_len)
			return -1;
		memcpy(tag, t, tag_len);
		return 0;
	}
	buf = malloc(w->len + tag_len);
	if (!buf)
		return -1;
	if (w->len)
		memcpy(buf, w->in, w->len);
	memcpy(buf + w->len, tag, tag_len);
	rc = cipher_do_final(w->c, buf, w->len + tag_len, w->out ? w->out : none, w->len, &n);
	free(buf);
	if (accept_any_tag)
		return 0;
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
static const jca_aead_impl w_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, "aes-gcmwrap", JCA_PRIO_GENERIC, NULL, sizeof(wctx), NULL, NULL, w_cleanup),
	.shape = JCA_CIPHER_AEAD, .key_sizes = aes_sizes, .set_key = w_set_key, .block_encrypt = w_block,
	.init = w_init, .update = w_update, .final = w_final
};
/* final missing: refused */
static const jca_aead_impl w_half = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, "aes-gcmhalf", JCA_PRIO_GENERIC, NULL, sizeof(wctx), NULL, NULL, w_cleanup),
	.shape = JCA_CIPHER_AEAD, .key_sizes = aes_sizes, .set_key = w_set_key, .block_encrypt = w_block,
	.init = w_init, .update = w_update
};
/* no block_encrypt: refused (GCM needs it for IVs other than 12 bytes) */
static const jca_aead_impl w_noblock = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, "aes-gcmnoblock", JCA_PRIO_GENERIC, NULL, sizeof(wctx), NULL, NULL, w_cleanup),
	.shape = JCA_CIPHER_AEAD, .key_sizes = aes_sizes, .set_key = w_set_key,
	.init = w_init, .update = w_update, .final = w_final
};
/* no GCM at all */
static const jca_cipher_impl w_ecb_only = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_cipher_impl, "aes-ecbonly", JCA_PRIO_GENERIC, NULL, sizeof(wctx), NULL, NULL, w_cleanup),
	.shape = JCA_CIPHER_BLOCK, .block_size = 16, .key_sizes = aes_sizes, .set_key = w_set_key,
	.ecb_encrypt = w_ecb, .ecb_decrypt = w_ecb_dec
};
static const jca_impl *const w_impls[] = { &w_impl.base, NULL };
static const jca_impl *const half_impls[] = { &w_half.base, NULL };
static const jca_impl *const noblock_impls[] = { &w_noblock.base, NULL };
static const jca_impl *const ecb_impls[] = { &w_ecb_only.base, NULL };
static const jca_attr w_attrs[] = { { JCA_ATTR_MODES, "GCM" }, { NULL, NULL } };

/* GCM Test Case 16 (tests/kat/gen_gcm_kat.py); the variants change one
 * field. */
#define TC16_KEY "\xfe\xff\xe9\x92\x86\x65\x73\x1c\x6d\x6a\x8f\x94\x67\x30\x83\x08" \
	"\xfe\xff\xe9\x92\x86\x65\x73\x1c\x6d\x6a\x8f\x94\x67\x30\x83\x08"
#define TC16_IV "\xca\xfe\xba\xbe\xfa\xce\xdb\xad\xde\xca\xf8\x88"
#define TC16_AAD "\xfe\xed\xfa\xce\xde\xad\xbe\xef\xfe\xed\xfa\xce\xde\xad\xbe\xef\xab\xad\xda\xd2"
#define TC16_PT "\xd9\x31\x32\x25\xf8\x84\x06\xe5\xa5\x59\x09\xc5\xaf\xf5\x26\x9a" \
	"\x86\xa7\xa9\x53\x15\x34\xf7\xda\x2e\x4c\x30\x3d\x8a\x31\x8a\x72" \
	"\x1c\x3c\x0c\x95\x95\x68\x09\x53\x2f\xcf\x0e\x24\x49\xa6\xb5\x25" \
	"\xb1\x6a\xed\xf5\xaa\x0d\xe6\x57\xba\x63\x7b\x39"
#define TC16_CT "\x52\x2d\xc1\xf0\x99\x56\x7d\x07\xf4\x7f\x37\xa3\x2a\x84\x42\x7d" \
	"\x64\x3a\x8c\xdc\xbf\xe5\xc0\xc9\x75\x98\xa2\xbd\x25\x55\xd1\xaa" \
	"\x8c\xb0\x8e\x48\x59\x0d\xbb\x3d\xa7\xb0\x8b\x10\x56\x82\x88\x38" \
	"\xc5\xf6\x1e\x63\x93\xba\x7a\x0a\xbc\xc9\xf6\x62"
#define TC16_TAG "\x76\xfc\x6e\xce\x0f\x4e\x17\x68\xcd\xdf\x88\x53\xbb\x2d\x55\x1b"
#define KAT(name, tag_bytes, taglen) \
	static const jca_kat name = { .struct_size = sizeof(jca_kat), .flags = JCA_KAT_AEAD, \
		.key = TC16_KEY, .key_len = 32, .iv = TC16_IV, .iv_len = 12, .aad = TC16_AAD, .aad_len = 20, \
		.in = TC16_PT, .in_len = 60, .out = TC16_CT, .out_len = 60, .tag = tag_bytes, .tag_len = taglen }
KAT(kat_good, TC16_TAG, 16);
KAT(kat_good_trunc, TC16_TAG, 12);                 /* a truncated tag is its prefix */
KAT(kat_wrong, "\x76\xfc\x6e\xce\x0f\x4e\x17\x68\xcd\xdf\x88\x53\xbb\x2d\x55\x1c", 16);
KAT(kat_badlen, TC16_TAG, 5);
static const jca_kat *const good_kats[] = { &kat_good, &kat_good_trunc, NULL };
static const jca_kat *const wrong_kats[] = { &kat_good, &kat_wrong, NULL };
static const jca_kat *const badlen_kats[] = { &kat_badlen, NULL };

static jca_service_desc svc = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES_GCM, NULL, w_attrs, w_impls, NULL, good_kats
};
static const jca_service_desc *const services[] = { &svc, NULL };
static const jca_provider_desc desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "gcmwrap", "1.0", "GCM through an AEAD table (test)", services, NULL
};

static void add_variant(const jca_impl *const *impls, const jca_kat *kat, const jca_kat *const *extra, int want,
                        const char *words)
{
	int rc;

	svc.impls = impls;
	svc.kat = kat;
	svc.extra_kats = extra;
	rc = jca_provider_add(&desc, NULL);
	ck_assert_msg(rc == want, "got %s (%s), want %s", jca_error_name(rc), jca_last_error_message(),
	              jca_error_name(want));
	if (words)
		ck_assert_msg(strstr(jca_last_error_message(), words) != NULL, "message '%s' lacks '%s'",
		              jca_last_error_message(), words);
	if (rc == 0) {
		ck_assert_int_eq(jca_provider_remove("gcmwrap"), 0);
	} else {
		ck_assert_ptr_null(jca_provider_find("gcmwrap"));
		ck_assert_ptr_null(cipher_get_instance_from("AES/GCM/NoPadding", "gcmwrap"));
	}
}

/* A provider whose GCM fails its known answer is refused, whatever the
 * failure; a sound one passes (the test sealed, opened and refused a
 * flipped tag through the implementation). */
START_TEST(test_kat)
{
	calls_final = 0;
	/* a successful load leaves the last error alone (the test's own
	 * flipped-tag refusal does not show) */
	ck_assert_ptr_null(md_get_instance("NO-SUCH-DIGEST"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	add_variant(w_impls, NULL, good_kats, 0, NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_int_ge(calls_final, 6);          /* 2 tests x (seal, open, tampered open) */
	add_variant(w_impls, &kat_good, NULL, 0, NULL);      /* as the service's main test */
	add_variant(w_impls, NULL, wrong_kats, JCA_SELFTEST, "known-answer test 2 of AES/GCM/NoPadding (aes-gcmwrap) failed");
	add_variant(w_impls, &kat_wrong, NULL, JCA_SELFTEST, "known-answer test of AES/GCM/NoPadding");
	accept_any_tag = 1;
	/* the host's own GCM vector (src/api/cipher_kat.c) sees it first */
	add_variant(w_impls, NULL, good_kats, JCA_SELFTEST, "the host's vector GCM specification test case 4");
	accept_any_tag = 0;
	add_variant(w_impls, NULL, badlen_kats, JCA_BADDESC, "tag_len 5");
	add_variant(ecb_impls, NULL, good_kats, JCA_BADDESC, "offers no GCM");
	add_variant(half_impls, NULL, NULL, JCA_BADDESC, "final is NULL");
	add_variant(noblock_impls, NULL, NULL, JCA_BADDESC, "block_encrypt is NULL");
	{
		const jca_impl *mixed[] = { &w_impl.base, &w_ecb_only.base, NULL };

		add_variant(mixed, NULL, NULL, JCA_BADDESC, "one service, one shape");
	}
	/* the built-in provider passed its own GCM test when it loaded */
	ck_assert_ptr_nonnull(jca_provider_find("builtin"));
}
END_TEST

static uint64_t rs = 0x243f6a8885a308d3u;
static uint8_t rb(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (uint8_t)rs;
}

/* The message-level path agrees with the built-in provider: random
 * shapes, split updates, in place; tampering is refused with nothing
 * written. */
START_TEST(test_agrees)
{
	static uint8_t pt[700], aad[90], want[720], got[720], back[720];
	uint8_t key[32], iv[40];
	cipher_ctx *b = cipher_get_instance_from("AES/GCM/NoPadding", "builtin"), *w;
	size_t n, m, k;

	svc.impls = w_impls;
	svc.kat = NULL;
	svc.extra_kats = good_kats;
	ck_assert_int_eq(jca_provider_add(&desc, NULL), 0);
	w = cipher_get_instance_from("AES/GCM/NoPadding", "gcmwrap");
	ck_assert_ptr_nonnull(w);
	ck_assert_str_eq(cipher_implementation(w), "aes-gcmwrap");
	for (int trial = 0; trial < 200; trial++) {
		size_t klen = 16 + 8 * (trial % 3), len = rb() * (size_t)(trial % 7 == 0 ? 2 : 1) % sizeof pt;
		size_t alen = rb() % sizeof aad, ivlen = trial % 4 ? 12 : 1 + rb() % sizeof iv;
		size_t tl = trial % 5 == 0 ? 12 : 16, split = len ? rb() % (len + 1) : 0;

		for (k = 0; k < klen; k++)
			key[k] = rb();
		for (k = 0; k < ivlen; k++)
			iv[k] = rb();
		for (k = 0; k < len; k++)
			pt[k] = rb();
		for (k = 0; k < alen; k++)
			aad[k] = rb();
		ck_assert_int_eq(cipher_init_aead(b, JCA_ENCRYPT, key, klen, iv, ivlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(b, aad, alen), 0);
		ck_assert_int_eq(cipher_do_final(b, pt, len, want, sizeof want, &n), 0);
		/* the wrapper: AAD in two pieces, data split, the second half in place */
		ck_assert_int_eq(cipher_init_aead(w, JCA_ENCRYPT, key, klen, iv, ivlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(w, aad, alen / 2), 0);
		ck_assert_int_eq(cipher_update_aad(w, aad + alen / 2, alen - alen / 2), 0);
		ck_assert_int_eq(cipher_update(w, pt, split, got, sizeof got, &m), 0);
		ck_assert_uint_eq(m, split);               /* encryption streams */
		memcpy(got + split, pt + split, len - split);
		ck_assert_int_eq(cipher_do_final(w, got + split, len - split, got + split, sizeof got - split, &n), 0);
		ck_assert_uint_eq(m + n, len + tl);
		ck_assert_msg(memcmp(got, want, len + tl) == 0, "trial %d (len %zu aad %zu iv %zu)", trial, len, alen,
		              ivlen);
		/* decryption, split; then tampered */
		ck_assert_int_eq(cipher_init_aead(w, JCA_DECRYPT, key, klen, iv, ivlen, tl), 0);
		ck_assert_int_eq(cipher_update_aad(w, aad, alen), 0);
		ck_assert_int_eq(cipher_update(w, want, split, back, sizeof back, &m), 0);
		ck_assert_uint_eq(m, 0);                   /* nothing before the tag */
		ck_assert_int_eq(cipher_do_final(w, want + split, len + tl - split, back, sizeof back, &n), 0);
		ck_assert_uint_eq(n, len);
		ck_assert(len == 0 || memcmp(back, pt, len) == 0);
		want[rb() % (len + tl)] ^= (uint8_t)(1u << (rb() % 8));
		memset(back, 0xa5, sizeof back);
		ck_assert_int_eq(cipher_update_aad(w, aad, alen), 0);
		ck_assert_int_eq(cipher_do_final(w, want, len + tl, back, sizeof back, &n), JCA_BADTAG);
		for (k = 0; k < sizeof back; k++)
			ck_assert(back[k] == 0xa5);
	}
	/* the engine keeps the IV-reuse refusal for this path too */
	ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, iv, 12), JCA_IVREUSE);
	ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, iv, 13), 0);
	ck_assert_int_eq(cipher_init(w, JCA_ENCRYPT, key, 16, iv, 13), JCA_IVREUSE);
	ck_assert_int_eq(cipher_init(w, JCA_DECRYPT, key, 16, iv, 13), 0);
	/* and the output size of a held decryption */
	ck_assert_int_eq(cipher_update(w, want, 20, back, sizeof back, &n), 0);
	ck_assert_uint_eq(cipher_output_size(w, 6), 10);
	cipher_free(w);
	cipher_free(b);
	ck_assert_int_eq(jca_provider_remove("gcmwrap"), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("GCM message-level");
	TCase *tc = tcase_create("gcm_kat");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_kat);
	tcase_add_test(tc, test_agrees);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
