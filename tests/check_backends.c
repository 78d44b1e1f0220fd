/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Backends: every implementation usable on this machine agrees with the
 * portable one on random lengths and random update splits (digests, HMAC
 * over them, AES ECB/CBC in both directions, in place and streamed); the
 * ones this CPU cannot run are printed as UNAVAILABLE. The NIST vectors run
 * per implementation in check_md and check_cipher.
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
#include "outlen.h"

/* xorshift: reproducible random numbers */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void fill_random(uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)rnd();
}

/* Each service of the built-in provider with its generic implementation
 * and every other one; runs fn(service, generic, other) for the available
 * ones and prints the unavailable ones. */
typedef void (*pair_fn)(const jca_service *s, const char *generic, const char *impl);

static int for_each_pair(jca_service_type type, pair_fn fn)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	jca_impl_info info, gen;
	size_t i, j;
	int pairs = 0;

	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		if (jca_service_type_of(s) != type)
			continue;
		ck_assert_int_eq(jca_service_impl_at(s, 0, &gen), 0);
		ck_assert_int_eq(gen.priority, JCA_PRIO_GENERIC);
		for (j = 1; jca_service_impl_at(s, j, &info) == 0; j++) {
			if (!info.available) {
				printf("UNAVAILABLE: %s %s (priority %d): this CPU lacks the feature or JCA_CPU removed it\n",
				       jca_service_algorithm(s), info.name, info.priority);
				continue;
			}
			fn(s, gen.name, info.name);
			pairs++;
		}
	}
	return pairs;
}

/* The number of pairs for_each_pair would run, counted in main (outside
 * a test, so without Check's assertions). */
static int count_pairs(jca_service_type type)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	jca_impl_info info;
	size_t i, j;
	int pairs = 0;

	for (i = 0; p && jca_provider_service_at(p, i, &s) == 0; i++)
		if (jca_service_type_of(s) == type)
			for (j = 1; jca_service_impl_at(s, j, &info) == 0; j++)
				pairs += info.available != 0;
	return pairs;
}

static void md_pair(const jca_service *s, const char *generic, const char *impl)
{
	static uint8_t msg[70000];
	int round;

	fill_random(msg, sizeof msg);
	for (round = 0; round < 300; round++) {
		size_t len = round < 200 ? (size_t)round * 3 : rnd() % sizeof msg, done = 0;
		md_ctx *a = md_get_instance(generic), *b = md_get_instance(impl);
		uint8_t da[200], db[200];
		size_t out = md_length(a);

		ck_assert_msg(a && b, "%s / %s: %s", generic, impl, jca_last_error_message());
		ck_assert_str_eq(md_implementation(b), impl);
		md_update(a, msg, len);
		/* random splits, from random (misaligned) offsets */
		while (done < len) {
			size_t step = rnd() % 300;

			if (step > len - done)
				step = len - done;
			md_update(b, msg + done, step);
			done += step;
		}
		if (jca_service_attribute(s, "HmacOID") == NULL && strstr(generic, "shake"))
			out = 1 + rnd() % 199;   /* XOF: any length */
		ck_assert_int_eq(tu_digest(a, da, out), (int)out);
		ck_assert_int_eq(tu_digest(b, db, out), (int)out);
		ck_assert_msg(memcmp(da, db, out) == 0, "%s vs %s: length %zu differs", generic, impl, len);
		md_free(a);
		md_free(b);
	}
}

START_TEST(test_digests)
{
	int n = for_each_pair(JCA_MESSAGE_DIGEST, md_pair);

	printf("digest backends compared with the portable code: %d\n", n);
}
END_TEST

/* Is the implementation an AEAD of its own ("ChaCha20-Poly1305": named
 * without a mode)? */
static int own_aead(const char *impl)
{
	cipher_ctx *c = cipher_get_instance(impl);
	int own = c && !strchr(cipher_algorithm(c), '/');

	cipher_free(c);
	return own;
}

/* An AEAD of its own: random messages, nonces and AAD sealed whole by the
 * portable code and in random pieces by impl must agree, and impl must
 * open them back in place. */
static void aead_pair(const char *generic, const char *impl)
{
	static uint8_t msg[20000], ca[20016], cb[20016], aad[100];
	int round;

	for (round = 0; round < 60; round++) {
		cipher_ctx *a = cipher_get_instance(generic), *b = cipher_get_instance(impl);
		size_t len = round < 20 ? (size_t)round * 67 : rnd() % sizeof msg, alen = rnd() % sizeof aad, la, lb = 0,
		       done = 0, part, nl, tl;
		uint8_t key[32], nonce[32];

		ck_assert_msg(a && b, "%s: %s", impl, jca_last_error_message());
		nl = cipher_iv_length(a);
		tl = cipher_tag_length(a);
		if (!tl)
			alen = 0;                  /* a stream cipher takes no AAD */
		fill_random(msg, len);
		fill_random(key, sizeof key);
		fill_random(nonce, sizeof nonce);
		fill_random(aad, alen);
		ck_assert_int_eq(cipher_init(a, JCA_ENCRYPT, key, 32, nonce, nl), 0);
		ck_assert_int_eq(cipher_init(b, JCA_ENCRYPT, key, 32, nonce, nl), 0);
		if (alen) {
			ck_assert_int_eq(cipher_update_aad(a, aad, alen), 0);
			ck_assert_int_eq(cipher_update_aad(b, aad, alen), 0);
		}
		ck_assert_int_eq(cipher_do_final(a, msg, len, ca, sizeof ca, &la), 0);
		while (done < len) {
			size_t step = rnd() % 5000;

			if (step > len - done)
				step = len - done;
			ck_assert_int_eq(cipher_update(b, msg + done, step, cb + lb, sizeof cb - lb, &part), 0);
			lb += part;
			done += step;
		}
		ck_assert_int_eq(cipher_do_final(b, NULL, 0, cb + lb, sizeof cb - lb, &part), 0);
		lb += part;
		ck_assert_msg(la == lb && la == len + tl && memcmp(ca, cb, la) == 0, "%s: %zu bytes sealed differ", impl,
		              len);
		ck_assert_int_eq(cipher_init(b, JCA_DECRYPT, key, 32, nonce, nl), 0);
		if (alen)
			ck_assert_int_eq(cipher_update_aad(b, aad, alen), 0);
		ck_assert_int_eq(cipher_do_final(b, cb, lb, cb, sizeof cb, &part), 0);
		ck_assert_msg(part == len && memcmp(cb, msg, len) == 0, "%s: %zu bytes opened in place differ", impl, len);
		cipher_free(a);
		cipher_free(b);
	}
}

static void cipher_pair(const jca_service *s, const char *generic, const char *impl)
{
	static const char *const modes[] = { "CBC/NoPadding", "ECB/NoPadding", "CBC/PKCS5Padding" };
	static uint8_t msg[20000], ca[20032], cb[20032], back[20032];
	int round;

	(void)s;
	if (own_aead(impl)) {
		aead_pair(generic, impl);
		return;
	}
	for (round = 0; round < 120; round++) {
		char na[64], nb[64];
		const char *mode = modes[round % 3];
		int pad = strstr(mode, "PKCS5") != NULL, ecb = strstr(mode, "ECB") != NULL;
		size_t klen = 16 + 8 * (rnd() % 3), len = rnd() % sizeof msg, la, lb, done = 0, part;
		uint8_t key[32], iv[16];
		cipher_ctx *a, *b;

		if (!pad)
			len -= len % 16;
		if (round < 24)
			len = (size_t)round * 16 + (pad ? (size_t)round % 16 : 0);
		fill_random(msg, len);
		fill_random(key, sizeof key);
		fill_random(iv, sizeof iv);
		snprintf(na, sizeof na, "%s/%s", generic, mode);
		snprintf(nb, sizeof nb, "%s/%s", impl, mode);
		a = cipher_get_instance(na);
		b = cipher_get_instance(nb);
		ck_assert_msg(a && b, "%s: %s", nb, jca_last_error_message());
		ck_assert_int_eq(cipher_init(a, JCA_ENCRYPT, key, klen, ecb ? NULL : iv, ecb ? 0 : 16), 0);
		ck_assert_int_eq(cipher_init(b, JCA_ENCRYPT, key, klen, ecb ? NULL : iv, ecb ? 0 : 16), 0);
		ck_assert_int_eq(cipher_do_final(a, msg, len, ca, sizeof ca, &la), 0);
		/* b: streamed in random pieces */
		lb = 0;
		while (done < len) {
			size_t step = rnd() % 5000;

			if (step > len - done)
				step = len - done;
			ck_assert_int_eq(cipher_update(b, msg + done, step, cb + lb, sizeof cb - lb, &part), 0);
			lb += part;
			done += step;
		}
		ck_assert_int_eq(cipher_do_final(b, NULL, 0, cb + lb, sizeof cb - lb, &part), 0);
		lb += part;
		ck_assert_msg(la == lb && memcmp(ca, cb, la) == 0, "%s encrypt of %zu bytes differs", nb, len);
		/* decrypt in place with the accelerated one, out of place with generic */
		memcpy(back, ca, la);
		ck_assert_int_eq(cipher_init(b, JCA_DECRYPT, key, klen, ecb ? NULL : iv, ecb ? 0 : 16), 0);
		ck_assert_int_eq(cipher_do_final(b, back, la, back, sizeof back, &lb), 0);
		ck_assert_msg(lb == len && memcmp(back, msg, len) == 0, "%s decrypt of %zu bytes differs", nb, len);
		ck_assert_int_eq(cipher_init(a, JCA_DECRYPT, key, klen, ecb ? NULL : iv, ecb ? 0 : 16), 0);
		ck_assert_int_eq(cipher_do_final(a, ca, la, cb, sizeof cb, &lb), 0);
		ck_assert(lb == len && memcmp(cb, msg, len) == 0);
		cipher_free(a);
		cipher_free(b);
	}
}

START_TEST(test_ciphers)
{
	int n = for_each_pair(JCA_CIPHER, cipher_pair);

	printf("cipher backends compared with the portable code: %d\n", n);
}
END_TEST

/* Buffers past the size from which a backend may switch to non-temporal
 * stores (4 MiB in vaes512.c): CBC decryption out of place at every output
 * alignment, and in place, must give the plaintext back. */
static void large_pair(const jca_service *s, const char *generic, const char *impl)
{
	const size_t len = (4u << 20) + 16 * 5;
	uint8_t *msg = malloc(len), *ct = malloc(len), *out = malloc(len + 64);
	uint8_t key[32], iv[16];
	char name[64];
	cipher_ctx *b;
	size_t got;

	(void)s;
	(void)generic;
	ck_assert(msg && ct && out);
	if (own_aead(impl)) {              /* (the non-temporal stores are AES's) */
		free(msg);
		free(ct);
		free(out);
		return;
	}
	fill_random(msg, len);
	fill_random(key, sizeof key);
	fill_random(iv, sizeof iv);
	snprintf(name, sizeof name, "%s/CBC/NoPadding", impl);
	b = cipher_get_instance(name);
	ck_assert_msg(b != NULL, "%s: %s", name, jca_last_error_message());
	ck_assert_int_eq(cipher_init(b, JCA_ENCRYPT, key, 16, iv, 16), 0);
	ck_assert_int_eq(cipher_do_final(b, msg, len, ct, len, &got), 0);
	ck_assert_int_eq(cipher_init(b, JCA_DECRYPT, key, 16, iv, 16), 0);
	for (size_t off = 0; off < 64; off += 16) {
		memset(out, 0, len + 64);
		ck_assert_int_eq(cipher_do_final(b, ct, len, out + off, len, &got), 0);
		ck_assert_msg(got == len && memcmp(out + off, msg, len) == 0,
		              "%s: %zu-byte decrypt to offset %zu differs", name, len, off);
	}
	memcpy(out, ct, len);
	ck_assert_int_eq(cipher_do_final(b, out, len, out, len, &got), 0);
	ck_assert_msg(memcmp(out, msg, len) == 0, "%s: %zu-byte decrypt in place differs", name, len);
	cipher_free(b);
	free(msg);
	free(ct);
	free(out);
}

START_TEST(test_cipher_large)
{
	for_each_pair(JCA_CIPHER, large_pair);
}
END_TEST

/* JCA_CPU=generic binds the portable implementation everywhere; the active
 * implementation is the best available one. */
START_TEST(test_binding)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	const char *cpu = getenv("JCA_CPU");
	size_t i, j;

	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		jca_impl_info info;
		int best = -1, active = -1, actives = 0;

		if (jca_service_type_of(s) == JCA_MAC)
			continue;
		for (j = 0; jca_service_impl_at(s, j, &info) == 0; j++) {
			if (info.available && info.priority > best)
				best = info.priority;
			if (info.active) {
				active = info.priority;
				actives++;
			}
		}
		ck_assert_int_eq(actives, 1);
		ck_assert_int_eq(active, best);
		if (cpu && strcmp(cpu, "generic") == 0)
			ck_assert_int_eq(active, JCA_PRIO_GENERIC);
	}
}
END_TEST

/* The comparisons run only where there is something to compare: a suite
 * that compared nothing must not pass. With no implementation besides the
 * portable one usable (a CPU without the features, JCA_CPU=generic), the
 * binding check still runs and the program exits 77 (SKIP to automake's
 * test driver, tests/tiers.sh, tests/cross.sh and tests/sanitize.sh). */
int main(void)
{
	Suite *s = suite_create("Backends");
	TCase *tc = tcase_create("backends");
	SRunner *sr;
	int failed, md_pairs, cipher_pairs;

	md_pairs = count_pairs(JCA_MESSAGE_DIGEST);
	cipher_pairs = count_pairs(JCA_CIPHER);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_binding);
	if (md_pairs)
		tcase_add_test(tc, test_digests);
	else
		printf("not compared: digests (no digest implementation besides the portable one is usable here)\n");
	if (cipher_pairs) {
		tcase_add_test(tc, test_ciphers);
		tcase_add_test(tc, test_cipher_large);
	} else {
		printf("not compared: ciphers (no cipher implementation besides the portable one is usable here)\n");
	}
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	jca_shutdown();
	if (failed)
		return 1;
	if (!md_pairs && !cipher_pairs) {
		printf("SKIP: nothing to compare: only the portable implementation of each algorithm is usable "
		       "(JCA_CPU=%s); the binding check passed\n", getenv("JCA_CPU") ? getenv("JCA_CPU") : "unset");
		return 77;
	}
	return 0;
}
