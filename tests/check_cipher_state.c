/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Cipher object's state across modes (issue 22, items 4 to 7 and 13;
 * issue 24's cipher items), for every AES implementation usable here and
 * the OpenSSL bridge when it is built:
 *  - cipher_reset returns CTR and GCM to the initialised state (counter
 *    back to the start, AAD and held ciphertext dropped); a GCM encryption
 *    that has released output cannot be reset into encrypting again;
 *  - the GCM IV-reuse guard compares J0, not the IV bytes, on every
 *    provider, and remembers the last message actually encrypted;
 *  - IVs of any length on the message-level providers (the bridge);
 *  - cipher_output_size saturates at SIZE_MAX in every mode;
 *  - the rules for iv == NULL, and cipher_iv's lifetime.
 * GF(2^128), bitwise (gf128.h, SP 800-38D Algorithm 1), builds IVs of
 * other lengths with a chosen J0.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "gf128.h"

#define MAXI 8

/* The providers whose GCM the engine drives differently: the built-in one
 * (GHASH building blocks) and the bridge (message-level functions). */
static const char *const providers[] = {
	"builtin",
#ifdef JCA_TEST_OPENSSL_BRIDGE
	"openssl",
#endif
};
#define NPROV (sizeof providers / sizeof providers[0])

/* Implementations by driver name: the built-in ones usable here, and the
 * bridge's. */
static size_t impls(const char **names, size_t max)
{
	size_t n = tu_builtin_impls(JCA_CIPHER, "AES", names, max - 1);

#ifdef JCA_TEST_OPENSSL_BRIDGE
	names[n++] = "aes-openssl";
#endif
	return n;
}

static cipher_ctx *get(const char *impl, const char *mode)
{
	char name[128];
	cipher_ctx *c;

	/* the bridge's GCM is a service of its own (an AEAD table) */
	if (!strcmp(impl, "aes-openssl") && !strcmp(mode, "GCM"))
		impl = "aes-gcm-openssl";
	snprintf(name, sizeof name, "%s/%s/NoPadding", impl, mode);
	c = cipher_get_instance(name);
	ck_assert_msg(c != NULL, "%s: %s", name, jca_last_error_message());
	return c;
}

static cipher_ctx *get_from(const char *transformation, const char *provider)
{
	cipher_ctx *c = cipher_get_instance_from(transformation, provider);

	ck_assert_msg(c != NULL, "%s from %s: %s", transformation, provider, jca_last_error_message());
	return c;
}

static void fill(uint8_t *p, size_t n, unsigned mul, unsigned add)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * mul + add);
}

/* ---- GF(2^128) (gf128.h) and GHASH, bitwise ---- */

typedef gf128_blk blk;

static blk xor_blk(blk a, blk b)
{
	for (int i = 0; i < 16; i++)
		a.b[i] ^= b.b[i];
	return a;
}

/* The GHASH length block of an IV of n bytes. */
static blk len_blk(size_t n)
{
	blk l = { { 0 } };

	for (int k = 0; k < 8; k++)
		l.b[15 - k] = (uint8_t)(((uint64_t)n * 8) >> (8 * k));
	return l;
}

/* H = AES_K(0), by the built-in provider's ECB. */
static blk hash_key(const uint8_t *key, size_t klen)
{
	cipher_ctx *e = get_from("AES/ECB/NoPadding", "builtin");
	blk z = { { 0 } }, h;
	size_t n;

	ck_assert_int_eq(cipher_init(e, JCA_ENCRYPT, key, klen, NULL, 0), 0);
	ck_assert_int_eq(cipher_do_final(e, z.b, 16, h.b, 16, &n), 0);
	cipher_free(e);
	return h;
}

/* J0 of an IV other than 12 bytes (SP 800-38D 7.1). */
static blk j0_of(blk h, const uint8_t *iv, size_t len)
{
	blk y = { { 0 } };

	for (size_t off = 0; off < len; off += 16) {
		for (size_t k = 0; k < 16 && off + k < len; k++)
			y.b[k] ^= iv[off + k];
		y = gf128_mul(y, h);
	}
	return gf128_mul(xor_blk(y, len_blk(len)), h);
}

/* An IV of 16 (or 32) bytes whose J0 is that of the 12-byte IV a: with one
 * block X, J0 = ((X*H) ^ L)*H, so X = ((J0*H^-1) ^ L)*H^-1; with two, A1
 * chosen, A2 = ((J0*H^-1) ^ L)*H^-1 ^ A1*H. */
static void same_j0(blk h, const uint8_t a[12], uint8_t *out, size_t len)
{
	blk j0 = { { 0 } }, hinv = gf128_inv(h), x, a1;

	memcpy(j0.b, a, 12);
	j0.b[15] = 1;
	x = gf128_mul(xor_blk(gf128_mul(j0, hinv), len_blk(len)), hinv);
	if (len == 32) {
		fill(a1.b, 16, 29, 7);
		memcpy(out, a1.b, 16);
		x = xor_blk(x, gf128_mul(a1, h));
		memcpy(out + 16, x.b, 16);
	} else {
		memcpy(out, x.b, 16);
	}
	x = j0_of(h, out, len);
	ck_assert_msg(memcmp(x.b, j0.b, 16) == 0, "the test's own GF(2^128) arithmetic is wrong");
}

/* One whole GCM encryption; returns the output length. */
static size_t seal(cipher_ctx *c, const uint8_t *key, const uint8_t *iv, size_t iv_len, const uint8_t *pt,
                   size_t len, uint8_t *out)
{
	size_t n = 0;

	ck_assert_msg(cipher_init(c, JCA_ENCRYPT, key, 16, iv, iv_len) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(cipher_update_aad(c, "aad", 3), 0);
	ck_assert_msg(cipher_do_final(c, pt, len, out, len + 16, &n) == 0, "%s: %s", cipher_provider(c),
	              jca_last_error_message());
	ck_assert_uint_eq(n, len + 16);
	return n;
}

/* ---- item 4: cipher_reset in CTR and GCM ---- */

START_TEST(test_ctr_reset)
{
	const char *names[MAXI];
	size_t ni = impls(names, MAXI), n, m;
	uint8_t key[16], iv[16], pt[100], ref[100], out[100], back[100];

	fill(key, 16, 3, 1);
	fill(iv, 16, 5, 2);
	memset(iv + 12, 0xff, 4);          /* the low 32 bits wrap after one block */
	fill(pt, sizeof pt, 7, 3);
	for (size_t k = 0; k < ni; k++) {
		cipher_ctx *r = get(names[k], "CTR"), *c = get(names[k], "CTR");

		ck_assert_int_eq(cipher_init(r, JCA_ENCRYPT, key, 16, iv, 16), 0);
		ck_assert_int_eq(cipher_do_final(r, pt, sizeof pt, ref, sizeof ref, &n), 0);
		/* encryption: part of a message, reset, the whole message again */
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), 0);
		ck_assert_int_eq(cipher_update(c, pt, 37, out, sizeof out, &n), 0);
		ck_assert_int_eq(cipher_reset(c), 0);
		ck_assert_int_eq(cipher_update(c, pt, 20, out, sizeof out, &n), 0);
		ck_assert_int_eq(cipher_do_final(c, pt + 20, sizeof pt - 20, out + 20, sizeof out - 20, &m), 0);
		ck_assert_msg(memcmp(out, ref, sizeof ref) == 0, "%s: CTR encryption after cipher_reset", names[k]);
		/* and it decrypts under the key and IV */
		ck_assert_int_eq(cipher_init(r, JCA_DECRYPT, key, 16, iv, 16), 0);
		ck_assert_int_eq(cipher_do_final(r, out, sizeof out, back, sizeof back, &n), 0);
		ck_assert(memcmp(back, pt, sizeof pt) == 0);
		/* decryption retried after a reset */
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv, 16), 0);
		ck_assert_int_eq(cipher_update(c, ref, 5, back, sizeof back, &n), 0);
		ck_assert_int_eq(cipher_reset(c), 0);
		ck_assert_int_eq(cipher_do_final(c, ref, sizeof ref, back, sizeof back, &n), 0);
		ck_assert_msg(memcmp(back, pt, sizeof pt) == 0, "%s: CTR decryption after cipher_reset", names[k]);
		cipher_free(r);
		cipher_free(c);
	}
}
END_TEST

START_TEST(test_gcm_reset)
{
	const char *names[MAXI];
	size_t ni = impls(names, MAXI), n, m;
	uint8_t key[16], iv[12], iv2[12], pt[50], sealed[66], out[66], back[66];

	fill(key, 16, 11, 1);
	fill(iv, 12, 13, 2);
	fill(iv2, 12, 17, 3);
	fill(pt, sizeof pt, 19, 4);
	for (size_t k = 0; k < ni; k++) {
		cipher_ctx *r = get(names[k], "GCM"), *c = get(names[k], "GCM");

		seal(r, key, iv, 12, pt, sizeof pt, sealed);
		/* decryption: half the message held, reset, the whole message */
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv, 12), 0);
		ck_assert_int_eq(cipher_update_aad(c, "junk", 4), 0);
		ck_assert_int_eq(cipher_update(c, sealed, 30, back, sizeof back, &n), 0);
		ck_assert_int_eq(cipher_reset(c), 0);
		ck_assert_int_eq(cipher_update_aad(c, "aad", 3), 0);
		ck_assert_msg(cipher_do_final(c, sealed, sizeof sealed, back, sizeof back, &n) == 0,
		              "%s: GCM decryption after cipher_reset: %s", names[k], jca_last_error_message());
		ck_assert(n == sizeof pt && memcmp(back, pt, sizeof pt) == 0);

		/* encryption reset before any output: AAD dropped, encrypts again */
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 12), 0);
		ck_assert_int_eq(cipher_update_aad(c, "junk", 4), 0);
		ck_assert_int_eq(cipher_update(c, pt, 0, out, sizeof out, &n), 0);
		ck_assert_int_eq(cipher_reset(c), 0);
		ck_assert_int_eq(cipher_update_aad(c, "aad", 3), 0);
		ck_assert_int_eq(cipher_update(c, pt, 7, out, sizeof out, &n), 0);
		ck_assert_int_eq(cipher_do_final(c, pt + 7, sizeof pt - 7, out + 7, sizeof out - 7, &m), 0);
		ck_assert_msg(n + m == sizeof sealed && memcmp(out, sealed, sizeof sealed) == 0,
		              "%s: GCM encryption after a reset before output", names[k]);

		/* encryption reset after output: finished, the IV refused again */
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv2, 12), 0);
		ck_assert_int_eq(cipher_update(c, pt, 10, out, sizeof out, &n), 0);
		ck_assert_int_eq(cipher_reset(c), JCA_IVREUSE);
		ck_assert_int_eq(cipher_update(c, pt, 10, out, sizeof out, &n), JCA_NOTINIT);
		ck_assert_int_eq(cipher_update_aad(c, "a", 1), JCA_NOTINIT);
		ck_assert_int_eq(cipher_do_final(c, pt, 10, out, sizeof out, &n), JCA_NOTINIT);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv2, 12), JCA_IVREUSE);
		/* after do_final too, and however often */
		iv2[0] ^= 1;
		seal(c, key, iv2, 12, pt, 5, out);
		ck_assert_int_eq(cipher_reset(c), JCA_IVREUSE);
		ck_assert_int_eq(cipher_reset(c), JCA_IVREUSE);
		ck_assert_int_eq(cipher_update(c, pt, 1, out, sizeof out, &n), JCA_NOTINIT);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv2, 12), JCA_IVREUSE);
		/* decryption under it is fine, and so is a new IV */
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv2, 12), 0);
		ck_assert_int_eq(cipher_reset(c), 0);
		iv2[0] ^= 2;
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv2, 12), 0);
		ck_assert_int_eq(cipher_do_final(c, pt, 1, out, sizeof out, &n), 0);
		cipher_free(r);
		cipher_free(c);
	}
}
END_TEST

/* ---- item 5: the guard remembers the last message encrypted ---- */

START_TEST(test_guard_memory)
{
	cipher_ctx *c = get_from("AES/GCM/NoPadding", providers[_i]);
	uint8_t key[16], key2[16], a[12], b[12], pt[20], out[36];
	size_t n;

	fill(key, 16, 3, 3);
	fill(key2, 16, 3, 4);
	fill(a, 12, 5, 5);
	fill(b, 12, 5, 6);
	fill(pt, sizeof pt, 1, 1);
	seal(c, key, a, 12, pt, sizeof pt, out);
	/* initialised under another IV without encrypting: A is still refused */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, b, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, a, 12), JCA_IVREUSE);
	/* nor do another key, a decryption or a failed init make it forget */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key2, 16, a, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, a, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 15, b, 12), JCA_KEYLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, a, 12), JCA_IVREUSE);
	/* AAD and empty updates release nothing: the guard moves on only with
	 * output (ciphertext or a tag) */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, b, 12), 0);
	ck_assert_int_eq(cipher_update_aad(c, "x", 1), 0);
	ck_assert_int_eq(cipher_update(c, pt, 0, out, sizeof out, &n), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key2, 16, b, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, b, 12), 0);
	/* the last initialisation is refused too (nothing encrypted yet) */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, b, 12), JCA_IVREUSE);
	/* what the header promises, no more: the last message encrypted and
	 * the last initialisation; A, two messages back, is not */
	ck_assert_int_eq(cipher_do_final(c, pt, sizeof pt, out, sizeof out, &n), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, a, 12), 0);
	ck_assert_int_eq(cipher_do_final(c, NULL, 0, out, sizeof out, &n), 0);
	ck_assert_uint_eq(n, 16);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key2, 16, a, 12), 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, a, 12), JCA_IVREUSE);
	cipher_free(c);
}
END_TEST

/* ---- item 6: J0, not the IV bytes, on every provider ---- */

START_TEST(test_guard_j0)
{
	uint8_t key[16], a[12], x16[16], x32[32], pt[40], ca[56], cx[56], cy[56];
	const char *prov = providers[_i];
	cipher_ctx *c;
	blk h;

	fill(key, 16, 7, 9);
	fill(a, 12, 9, 7);
	fill(pt, sizeof pt, 3, 1);
	h = hash_key(key, 16);
	same_j0(h, a, x16, 16);
	same_j0(h, a, x32, 32);
	/* the three IVs give the same keystream and tag on this provider */
	c = get_from("AES/GCM/NoPadding", prov);
	seal(c, key, a, 12, pt, sizeof pt, ca);
	cipher_free(c);
	c = get_from("AES/GCM/NoPadding", prov);
	seal(c, key, x16, 16, pt, sizeof pt, cx);
	cipher_free(c);
	c = get_from("AES/GCM/NoPadding", prov);
	seal(c, key, x32, 32, pt, sizeof pt, cy);
	cipher_free(c);
	ck_assert_msg(memcmp(ca, cx, sizeof ca) == 0 && memcmp(ca, cy, sizeof ca) == 0, "%s: same J0, other output",
	              prov);
	/* so after any one of them, the others are refused */
	c = get_from("AES/GCM/NoPadding", prov);
	seal(c, key, a, 12, pt, sizeof pt, ca);
	ck_assert_msg(cipher_init(c, JCA_ENCRYPT, key, 16, x16, 16) == JCA_IVREUSE,
	              "%s: a 16-byte IV with the J0 of the last 12-byte IV accepted", prov);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, x32, 32), JCA_IVREUSE);
	cipher_free(c);
	c = get_from("AES/GCM/NoPadding", prov);
	seal(c, key, x32, 32, pt, sizeof pt, cy);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, a, 12), JCA_IVREUSE);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, x16, 16), JCA_IVREUSE);
	a[0] ^= 1;
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, a, 12), 0);
	cipher_free(c);
}
END_TEST

/* ---- item 7: long IVs on every provider ---- */

START_TEST(test_long_iv)
{
	static const size_t lens[] = { 1, 13, 16, 17, 128, 129, 200, 1000 };
	static uint8_t iv[1000];
	uint8_t key[16], pt[33], want[49], got[49], back[49];
	const char *prov = providers[_i];
	size_t n;

	fill(key, 16, 5, 3);
	fill(pt, sizeof pt, 9, 9);
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		cipher_ctx *r = get_from("aes-generic/GCM/NoPadding", "builtin");
		cipher_ctx *c = get_from("AES/GCM/NoPadding", prov);

		fill(iv, lens[i], 31, (unsigned)i);
		seal(r, key, iv, lens[i], pt, sizeof pt, want);
		seal(c, key, iv, lens[i], pt, sizeof pt, got);
		ck_assert_msg(memcmp(got, want, sizeof want) == 0, "%s: IV of %zu bytes", prov, lens[i]);
		ck_assert_int_eq(cipher_iv_length(c), lens[i]);
		ck_assert(memcmp(cipher_iv(c), iv, lens[i]) == 0);
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, iv, lens[i]), 0);
		ck_assert_int_eq(cipher_update_aad(c, "aad", 3), 0);
		ck_assert_int_eq(cipher_do_final(c, want, sizeof want, back, sizeof back, &n), 0);
		ck_assert(n == sizeof pt && memcmp(back, pt, n) == 0);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, lens[i]), JCA_IVREUSE);
		cipher_free(r);
		cipher_free(c);
	}
}
END_TEST

/* ---- item 13: cipher_output_size saturates ---- */

typedef unsigned __int128 u128;

/* What the output size is, without wrapping: buffered bytes b (held
 * ciphertext for GCM decryption), in_len n. */
static u128 true_size(const char *mode, int padding, int enc, size_t b, size_t n)
{
	u128 t = (u128)b + n;

	if (!strcmp(mode, "CTR"))
		return n;
	if (!strcmp(mode, "GCM"))
		return enc ? (u128)n + 16 : t > 16 ? t - 16 : 0;
	if (padding && enc)
		return t / 16 * 16 + 16;
	return t;
}

START_TEST(test_output_size)
{
	static const char *const modes[] = { "ECB", "CBC", "CTR", "GCM" };
	static const size_t ns[] = { 0, 1, 15, 16, 1000, SIZE_MAX / 2, SIZE_MAX - 40, SIZE_MAX - 20, SIZE_MAX - 17,
		SIZE_MAX - 16, SIZE_MAX - 15, SIZE_MAX - 5, SIZE_MAX - 1, SIZE_MAX };
	uint8_t key[16] = { 1 }, iv[16] = { 2 }, in[20] = { 3 }, out[64];
	const char *prov = providers[_i];

	for (size_t m = 0; m < 4; m++) {
		for (int pad = 0; pad < (m < 2 ? 2 : 1); pad++) {
			for (int enc = 0; enc < 2; enc++) {
				char name[64];
				cipher_ctx *c;
				size_t held, got;

				snprintf(name, sizeof name, "AES/%s/%s", modes[m], pad ? "PKCS5Padding" : "NoPadding");
				c = get_from(name, prov);
				ck_assert_int_eq(cipher_init(c, enc ? JCA_ENCRYPT : JCA_DECRYPT, key, 16, m ? iv : NULL,
				                             m == 0 ? 0 : m == 3 ? 12 : 16), 0);
				/* with nothing held, then with 4 bytes held (20 for a GCM
				 * decryption: held ciphertext) */
				for (int h = 0; h < 2; h++) {
					held = 0;
					if (h) {
						size_t w = m == 3 && !enc ? 20 : 4;

						ck_assert_int_eq(cipher_update(c, in, w, out, sizeof out, &got), 0);
						held = m >= 2 && !(m == 3 && !enc) ? 0 : w;
					}
					for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
						u128 t = true_size(modes[m], pad, enc, held, ns[i]);
						size_t want = t > SIZE_MAX ? SIZE_MAX : (size_t)t;

						ck_assert_msg(cipher_output_size(c, ns[i]) == want,
						              "%s %s %s held %zu: cipher_output_size(%zu) = %zu, not %zu", prov, name,
						              enc ? "encrypt" : "decrypt", held, ns[i], cipher_output_size(c, ns[i]), want);
					}
				}
				cipher_free(c);
			}
		}
	}
}
END_TEST

/* ---- issue 24: iv == NULL, and cipher_iv's lifetime ---- */

START_TEST(test_iv_rules)
{
	uint8_t key[16] = { 4 }, out[64], iv[16];
	const char *prov = providers[_i];
	const uint8_t *p;
	cipher_ctx *c;
	size_t n;

	/* GCM draws 12 bytes: iv_len 0 or 12 with iv == NULL, nothing else */
	c = get_from("AES/GCM/NoPadding", prov);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 16), JCA_IVLEN);
	ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 16, NULL, 1, 16), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 12), 0);
	ck_assert_uint_eq(cipher_iv_length(c), 12);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	ck_assert_uint_eq(cipher_iv_length(c), 12);
	/* cipher_iv: the object's own copy, the same through the message */
	p = cipher_iv(c);
	ck_assert_ptr_nonnull(p);
	memcpy(iv, p, 12);
	ck_assert_int_eq(cipher_update(c, "abc", 3, out, sizeof out, &n), 0);
	ck_assert_int_eq(cipher_do_final(c, "abc", 3, out, sizeof out, &n), 0);
	ck_assert_int_eq(cipher_reset(c), JCA_IVREUSE);
	ck_assert(cipher_iv(c) == p && memcmp(p, iv, 12) == 0);
	/* given back to cipher_init (decryption) it still works */
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, cipher_iv(c), 12), 0);
	ck_assert(memcmp(cipher_iv(c), iv, 12) == 0);
	cipher_free(c);

	/* CTR draws 16 bytes, CBC one block */
	c = get_from("AES/CTR/NoPadding", prov);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 12), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 16), 0);
	ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, NULL, 16), JCA_NOIV);
	cipher_free(c);
	c = get_from("AES/CBC/PKCS5Padding", prov);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 5), JCA_IVLEN);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 16), 0);
	p = cipher_iv(c);
	memcpy(iv, p, 16);
	memset(out, 7, sizeof out);
	ck_assert_int_eq(cipher_update(c, out, 40, out + 0, 48, &n), 0);
	ck_assert_int_eq(cipher_reset(c), 0);
	ck_assert(cipher_iv(c) == p && memcmp(p, iv, 16) == 0);
	cipher_free(c);
	c = get_from("AES/ECB/NoPadding", prov);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 16), JCA_IVLEN);
	cipher_free(c);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Cipher state");
	TCase *tc = tcase_create("state");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	if (jca_provider_load(JCA_TOP_BUILDDIR "/plugins/.libs/openssl.so", 0) != 0) {
		printf("FAIL: cannot load the OpenSSL bridge: %s\n", jca_last_error_message());
		return 1;
	}
#else
	printf("SKIP: the OpenSSL bridge is not built: the built-in provider only\n");
#endif
	tcase_add_test(tc, test_ctr_reset);
	tcase_add_test(tc, test_gcm_reset);
	tcase_add_loop_test(tc, test_guard_memory, 0, (int)NPROV);
	tcase_add_loop_test(tc, test_guard_j0, 0, (int)NPROV);
	tcase_add_loop_test(tc, test_long_iv, 0, (int)NPROV);
	tcase_add_loop_test(tc, test_output_size, 0, (int)NPROV);
	tcase_add_loop_test(tc, test_iv_rules, 0, (int)NPROV);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
