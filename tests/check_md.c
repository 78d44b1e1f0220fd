/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MessageDigest: NIST CAVP vectors and own known answers for every
 * implementation usable on this machine, streaming properties, one-shot
 * calls, failed finals and concurrency. Lookup by name, OID and provider
 * is in check_registry.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "outlen.h"

/* Implementations of `alg` in the built-in provider that can run here. */
static size_t impls_of(const char *alg, const char **names, size_t max)
{
	return tu_builtin_impls(JCA_MESSAGE_DIGEST, alg, names, max);
}

static void pattern(uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 31 + 7);
}

/* ---- own known answers (tests/kat/md.txt, made with Python hashlib) ---- */
START_TEST(test_own_kat)
{
	const char *alg = tu_md_algs[_i];
	char *txt = tu_read_file(tu_srcpath("tests/kat/md.txt"), NULL);
	const char *impls[8];
	size_t ni = impls_of(alg, impls, 8), k;
	uint8_t *million = malloc(1000000), buf[301], out[64];
	char hex[129], *line, *save = NULL;
	int checked = 0;

	ck_assert_msg(txt != NULL, "tests/kat/md.txt missing");
	memset(million, 'a', 1000000);
	pattern(buf, sizeof buf);
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char a[32], msg[32], want[160];

		if (sscanf(line, "%31s %31s %159s", a, msg, want) != 3 || strcmp(a, alg))
			continue;
		for (k = 0; k < ni; k++) {
			md_ctx *md = tu_md_get(impls[k]);
			size_t olen = strlen(want) / 2;

			if (strcmp(msg, "abc") == 0)
				md_update(md, "abc", 3);
			else if (strcmp(msg, "million-a") == 0)
				md_update(md, million, 1000000);
			else if (strncmp(msg, "pattern:", 8) == 0)
				md_update(md, buf, (size_t)atoi(msg + 8));
			ck_assert_int_eq(tu_digest(md, out, olen), (int)olen);
			tu_hex(hex, out, olen);
			ck_assert_msg(strcmp(hex, want) == 0, "%s (%s) of %s: got %s want %s",
			              alg, impls[k], msg, hex, want);
			md_free(md);
			checked++;
		}
	}
	ck_assert_int_ge(checked, 304 * (int)ni);
	free(million);
	free(txt);
}
END_TEST

/* ---- NIST CAVP files ---- */
static const struct {
	const char *alg, *dir, *prefix;
} FILES[] = {
	{ "SHA-1", "sha", "SHA1" }, { "SHA-224", "sha", "SHA224" }, { "SHA-256", "sha", "SHA256" },
	{ "SHA-384", "sha", "SHA384" }, { "SHA-512", "sha", "SHA512" },
	{ "SHA-512/224", "sha", "SHA512_224" }, { "SHA-512/256", "sha", "SHA512_256" },
	{ "SHA3-224", "sha3", "SHA3_224" }, { "SHA3-256", "sha3", "SHA3_256" },
	{ "SHA3-384", "sha3", "SHA3_384" }, { "SHA3-512", "sha3", "SHA3_512" },
	{ "SHAKE128", "sha3", "SHAKE128" }, { "SHAKE256", "sha3", "SHAKE256" },
};
#define NFILES (sizeof FILES / sizeof FILES[0])

static tu_rsp *open_vec(const char *dir, const char *prefix, const char *kind)
{
	const char *base = tu_vectors_dir();
	char path[4096];
	tu_rsp *r;

	if (!base)
		return NULL;
	snprintf(path, sizeof path, "%s/%s/%s%s.rsp", base, dir, prefix, kind);
	r = tu_rsp_open(path);
	ck_assert_msg(r != NULL, "cannot open %s", path);
	return r;
}

/* ShortMsg and LongMsg: Len (bits), Msg, MD or Output. */
static int run_msg_file(const char *impl, const char *dir, const char *prefix, const char *kind)
{
	tu_rsp *r = open_vec(dir, prefix, kind);
	tu_rec rec;
	int n = 0;

	if (!r)
		return 0;
	while (tu_rsp_next(r, &rec)) {
		const char *len = tu_get(&rec, "Len"), *msg = tu_get(&rec, "Msg");
		const char *want = tu_get(&rec, "MD") ? tu_get(&rec, "MD") : tu_get(&rec, "Output");
		size_t mlen, wlen;
		uint8_t *m, *w, out[512];
		md_ctx *md;

		if (!len || !msg || !want)
			continue;
		m = tu_unhex(msg, &mlen);
		w = tu_unhex(want, &wlen);
		md = tu_md_get(impl);
		md_update(md, m, (size_t)atol(len) / 8);
		ck_assert_int_eq(tu_digest(md, out, wlen), (int)wlen);
		ck_assert_msg(memcmp(out, w, wlen) == 0, "%s %s%s line %d", impl, prefix, kind, rec.line);
		md_free(md);
		free(m);
		free(w);
		n++;
	}
	tu_rsp_close(r);
	return n;
}

/* SHA-1/SHA-2 Monte Carlo (SHAVS): M_i = MD_{i-3} || MD_{i-2} || MD_{i-1}. */
static int run_sha2_monte(const char *impl, const char *prefix)
{
	tu_rsp *r = open_vec("sha", prefix, "Monte");
	uint8_t md3[3][64], seed[64], *p;
	tu_rec rec;
	size_t dl = 0, l;
	md_ctx *md;
	int n = 0, j, i;

	if (!r)
		return 0;
	md = tu_md_get(impl);
	dl = md_length(md);
	ck_assert(tu_rsp_next(r, &rec));
	p = tu_unhex(tu_get(&rec, "Seed"), &l);
	ck_assert_uint_eq(l, dl);
	memcpy(seed, p, dl);
	free(p);
	for (j = 0; j < 100 && tu_rsp_next(r, &rec); j++) {
		uint8_t *want = tu_unhex(tu_get(&rec, "MD"), &l);

		memcpy(md3[0], seed, dl);
		memcpy(md3[1], seed, dl);
		memcpy(md3[2], seed, dl);
		for (i = 3; i < 1003; i++) {
			md_update(md, md3[0], dl);
			md_update(md, md3[1], dl);
			md_update(md, md3[2], dl);
			memmove(md3[0], md3[1], 2 * 64);
			tu_digest(md, md3[2], dl);
		}
		memcpy(seed, md3[2], dl);
		ck_assert_msg(memcmp(seed, want, dl) == 0, "%s Monte COUNT=%d", impl, j);
		free(want);
		n++;
	}
	md_free(md);
	tu_rsp_close(r);
	return n;
}

/* SHA-3 Monte Carlo (SHA3VS): MD_i = SHA3(MD_{i-1}). */
static int run_sha3_monte(const char *impl, const char *prefix)
{
	tu_rsp *r = open_vec("sha3", prefix, "Monte");
	uint8_t cur[64], *p;
	tu_rec rec;
	size_t dl, l;
	md_ctx *md;
	int n = 0, i;

	if (!r)
		return 0;
	md = tu_md_get(impl);
	dl = md_length(md);
	ck_assert(tu_rsp_next(r, &rec));
	p = tu_unhex(tu_get(&rec, "Seed"), &l);
	memcpy(cur, p, dl);
	free(p);
	while (tu_rsp_next(r, &rec)) {
		uint8_t *want = tu_unhex(tu_get(&rec, "MD"), &l);

		for (i = 0; i < 1000; i++) {
			md_update(md, cur, dl);
			tu_digest(md, cur, dl);
		}
		ck_assert_msg(memcmp(cur, want, dl) == 0, "%s Monte line %d", impl, rec.line);
		free(want);
		n++;
	}
	md_free(md);
	tu_rsp_close(r);
	return n;
}

/* SHAKE Monte Carlo (SHA3VS), variable output length. */
static int run_shake_monte(const char *impl, const char *prefix)
{
	tu_rsp *r = open_vec("sha3", prefix, "Monte");
	uint8_t out[1024], msg[16];
	tu_rec rec;
	size_t l, minb, maxb, range, olen;
	md_ctx *md;
	int n = 0, i;
	uint8_t *p;

	if (!r)
		return 0;
	md = tu_md_get(impl);
	ck_assert(tu_rsp_next(r, &rec));
	minb = (size_t)atoi(tu_param(&rec, "Minimum Output Length (bits)")) / 8;
	maxb = (size_t)atoi(tu_param(&rec, "Maximum Output Length (bits)")) / 8;
	range = maxb - minb + 1;
	p = tu_unhex(tu_get(&rec, "Msg"), &l);
	memcpy(out, p, 16);
	free(p);
	olen = maxb;
	l = 16;
	while (tu_rsp_next(r, &rec)) {
		uint8_t *want;
		size_t wl, olen_j = 0;

		for (i = 1; i <= 1000; i++) {
			memset(msg, 0, 16);
			memcpy(msg, out, l < 16 ? l : 16);
			md_update(md, msg, 16);
			tu_digest(md, out, olen);
			l = olen;
			if (i == 1000)
				olen_j = olen;
			olen = minb + ((size_t)(out[olen - 2] << 8 | out[olen - 1]) % range);
		}
		want = tu_unhex(tu_get(&rec, "Output"), &wl);
		ck_assert_uint_eq(olen_j * 8, (size_t)atoi(tu_get(&rec, "Outputlen")));
		ck_assert_msg(wl == olen_j && memcmp(out, want, wl) == 0, "%s Monte line %d", impl, rec.line);
		free(want);
		n++;
	}
	md_free(md);
	tu_rsp_close(r);
	return n;
}

START_TEST(test_nist)
{
	const char *impls[8];
	size_t ni, k;
	int shake = strncmp(FILES[_i].prefix, "SHAKE", 5) == 0;
	int sha3 = strcmp(FILES[_i].dir, "sha3") == 0;

	if (!tu_vectors_dir()) {
		printf("SKIP: NIST vectors for %s (folder absent)\n", FILES[_i].alg);
		return;
	}
	ni = impls_of(FILES[_i].alg, impls, 8);
	for (k = 0; k < ni; k++) {
		int n = run_msg_file(impls[k], FILES[_i].dir, FILES[_i].prefix, "ShortMsg");

		n += run_msg_file(impls[k], FILES[_i].dir, FILES[_i].prefix, "LongMsg");
		if (shake) {
			n += run_msg_file(impls[k], FILES[_i].dir, FILES[_i].prefix, "VariableOut");
			n += run_shake_monte(impls[k], FILES[_i].prefix);
		} else if (sha3) {
			n += run_sha3_monte(impls[k], FILES[_i].prefix);
		} else {
			n += run_sha2_monte(impls[k], FILES[_i].prefix);
		}
		ck_assert_int_ge(n, 200);
	}
}
END_TEST

/* ---- streaming properties ---- */
START_TEST(test_streaming)
{
	const char *impls[8];
	size_t ni = impls_of(tu_md_algs[_i], impls, 8), k;

	for (k = 0; k < ni; k++) {
		md_ctx *md = tu_md_get(impls[k]);
		size_t bl = md_block_length(md), dl = md_length(md), len, cut, i;
		uint8_t *msg = malloc(3 * bl + 2), ref[64], out[64];

		pattern(msg, 3 * bl + 2);
		for (len = 0; len <= 3 * bl; len += (len < 2 * bl ? 1 : 7)) {
			md_update(md, msg, len);
			ck_assert_int_eq(tu_digest(md, ref, dl), (int)dl);
			/* every split point, with zero-length updates around it */
			for (cut = 0; cut <= len; cut++) {
				md_update(md, msg, cut);
				md_update(md, NULL, 0);
				md_update(md, msg + cut, len - cut);
				tu_digest(md, out, dl);
				ck_assert_msg(memcmp(out, ref, dl) == 0, "%s len %zu cut %zu", impls[k], len, cut);
			}
			/* byte by byte, then from a misaligned copy */
			for (i = 0; i < len; i++) {
				md_update(md, msg, 0);
				md_update(md, &msg[i], 1);
			}
			tu_digest(md, out, dl);
			ck_assert(memcmp(out, ref, dl) == 0);
			{
				uint8_t *mis = malloc(len + 3);

				memcpy(mis + 3, msg, len);
				md_update(md, mis + 3, len);
				tu_digest(md, out, dl);
				ck_assert(memcmp(out, ref, dl) == 0);
				free(mis);
			}
			/* clone mid-stream: both finish to the same digest */
			if (len) {
				md_ctx *c;
				uint8_t out2[64];

				md_update(md, msg, len / 2);
				c = md_clone(md);
				ck_assert_ptr_nonnull(c);
				md_update(md, msg + len / 2, len - len / 2);
				md_update(c, msg + len / 2, len - len / 2);
				tu_digest(md, out, dl);
				tu_digest(c, out2, dl);
				ck_assert(memcmp(out, ref, dl) == 0 && memcmp(out2, ref, dl) == 0);
				md_free(c);
			}
			/* reset drops input */
			md_update(md, "junk", 4);
			ck_assert_int_eq(md_reset(md), 0);
			md_update(md, msg, len);
			tu_digest(md, out, dl);
			ck_assert(memcmp(out, ref, dl) == 0);
		}
		free(msg);
		md_free(md);
	}
}
END_TEST

START_TEST(test_shake_lengths)
{
	/* Any output length; a longer output extends a shorter one. */
	md_ctx *md = tu_md_get("SHAKE256");
	uint8_t big[1000], small[1000];
	size_t n;

	md_update(md, "abc", 3);
	ck_assert_int_eq(tu_digest(md, big, sizeof big), 1000);
	for (n = 0; n < sizeof big; n += 37) {
		md_update(md, "abc", 3);
		ck_assert_int_eq(tu_digest(md, small, n), (int)n);
		ck_assert(memcmp(small, big, n) == 0);
	}
	ck_assert_uint_eq(md_length(md), 64);
	md_free(md);
	md = tu_md_get("SHAKE128");
	ck_assert_uint_eq(md_length(md), 32);
	md_free(md);
}
END_TEST

START_TEST(test_handle)
{
	const md_handle *h = md_lookup("sha-512");
	md_ctx *md;

	ck_assert_ptr_nonnull(h);
	md = md_new(h);
	ck_assert_ptr_nonnull(md);
	ck_assert_str_eq(md_algorithm(md), "SHA-512");
	md_free(md);
	ck_assert_ptr_null(md_lookup("nope"));
	ck_assert_ptr_null(md_new(NULL));
	ck_assert_int_eq(md_reset(NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
}
END_TEST

/* md_oneshot and md_handle_oneshot give what an instance's md_digest
 * gives, for every algorithm and a few lengths, and fail as md_digest
 * does (SHAKE: its default length). */
START_TEST(test_oneshot)
{
	static const char *const algs[] = { "MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512",
		                            "SHA-512/224", "SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384",
		                            "SHA3-512", "SHAKE128", "SHAKE256" };
	static const size_t lens[] = { 0, 1, 55, 56, 64, 111, 112, 128, 1000 };
	uint8_t data[1000], a[200], b[200], c[200];
	size_t i, j, na, nb, nc;

	for (i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)(i * 37 + 11);
	for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
		const md_handle *h = md_lookup(algs[i]);
		md_ctx *md = md_get_instance(algs[i]);
		size_t n;

		ck_assert_ptr_nonnull(h);
		ck_assert_ptr_nonnull(md);
		n = md_length(md);
		for (j = 0; j < sizeof lens / sizeof lens[0]; j++) {
			memset(b, 0xee, sizeof b);
			memset(c, 0xdd, sizeof c);
			ck_assert_int_eq(md_update(md, data, lens[j]), 0);
			ck_assert_int_eq(md_digest(md, a, sizeof a, &na), 0);
			ck_assert_int_eq(md_oneshot(algs[i], data, lens[j], b, sizeof b, &nb), 0);
			ck_assert_int_eq(md_handle_oneshot(h, data, lens[j], c, n, &nc), 0);
			ck_assert_uint_eq(na, n);
			ck_assert_uint_eq(nb, n);
			ck_assert_uint_eq(nc, n);
			ck_assert_msg(memcmp(a, b, n) == 0 && memcmp(a, c, n) == 0, "%s one-shot of %zu bytes differs",
			              algs[i], lens[j]);
			ck_assert_int_eq(b[n], 0xee);
		}
		nb = 99;
		ck_assert_int_eq(md_oneshot(algs[i], data, 10, b, n - 1, &nb), JCA_BUFSIZE);
		ck_assert_uint_eq(nb, 0);
		md_free(md);
	}
	ck_assert_int_eq(md_oneshot("SHA-257", data, 1, a, sizeof a, &na), JCA_NOALG);
	ck_assert_int_eq(md_oneshot(NULL, data, 1, a, sizeof a, &na), JCA_EINVAL);
	ck_assert_int_eq(md_oneshot("SHA-256", NULL, 1, a, sizeof a, &na), JCA_EINVAL);
	ck_assert_int_eq(md_oneshot("SHA-256", NULL, 0, a, sizeof a, &na), 0);
	ck_assert_uint_eq(na, 32);
	ck_assert_int_eq(md_oneshot("SHA-256", data, 1, NULL, 32, &na), JCA_EINVAL);
	ck_assert_int_eq(md_oneshot("SHA-256", data, 1, a, sizeof a, NULL), JCA_EINVAL);
	ck_assert_int_eq(md_handle_oneshot(NULL, data, 1, a, sizeof a, &na), JCA_EINVAL);
	ck_assert_int_eq(md_oneshot("SHAKE128", data, 1, NULL, 0, &na), JCA_BUFSIZE);
}
END_TEST

/* ---- concurrency ---- */
static void *worker(void *arg)
{
	size_t t = (size_t)arg, i;
	uint8_t out[64], ref[64];
	md_ctx *first = md_get_instance(tu_md_algs[t % TU_N_MD_ALGS]);
	size_t dl = md_length(first);

	md_update(first, "concurrency", 11);
	tu_digest(first, ref, dl);
	md_free(first);
	for (i = 0; i < 2000; i++) {
		md_ctx *md = md_get_instance(tu_md_algs[(t + i) % TU_N_MD_ALGS]);

		if (!md)
			return (void *)1;
		md_update(md, "concurrency", 11);
		tu_digest(md, out, md_length(md));
		if ((t + i) % TU_N_MD_ALGS == t % TU_N_MD_ALGS && memcmp(out, ref, dl))
			return (void *)1;
		md_free(md);
	}
	return NULL;
}

START_TEST(test_threads)
{
	pthread_t th[8];
	size_t i;

	jca_shutdown();   /* the threads race on first use too */
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, worker, (void *)i), 0);
	for (i = 0; i < 8; i++) {
		void *rv;

		pthread_join(th[i], &rv);
		ck_assert_ptr_null(rv);
	}
}
END_TEST

/* After an implementation's final fails the object stays failed until
 * md_reset: md_digest, md_update and md_clone fail, even once the
 * implementation works again (it must not hand out the digest of the
 * empty message), and write nothing. */
START_TEST(test_failed_final)
{
	static const uint8_t three[8] = { 0, 0, 0, 0, 0, 0, 0, 3 }, two[8] = { 0, 0, 0, 0, 0, 0, 0, 2 };
	uint8_t out[8], junk[8];
	md_ctx *md, *c;

	ck_assert_int_eq(jca_provider_add(&tu_flaky_provider, NULL), 0);
	md = tu_md_get("TU-FLAKY");
	ck_assert_int_eq(md_update(md, "abc", 3), 0);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 8);
	ck_assert(memcmp(out, three, 8) == 0);
	ck_assert_int_eq(md_update(md, "abc", 3), 0);
	tu_flaky_finals_ok = 0;
	memset(out, 0x11, sizeof out);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), JCA_IMPL);
	for (size_t i = 0; i < 8; i++)
		ck_assert_uint_eq(out[i], 0);              /* wiped */
	tu_flaky_finals_ok = -1;                        /* the implementation works again */
	memset(junk, 0x11, sizeof junk);
	memcpy(out, junk, sizeof out);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), JCA_IMPL);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "md_reset"));
	ck_assert(memcmp(out, junk, 8) == 0);          /* nothing written */
	ck_assert_int_eq(tu_digest(md, out, 4), JCA_IMPL);
	ck_assert_ptr_null(md_clone(md));
	ck_assert_int_eq(jca_last_error(), JCA_IMPL);
	ck_assert_int_eq(md_update(md, "x", 1), JCA_IMPL);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), JCA_IMPL);
	/* md_reset makes it usable again */
	ck_assert_int_eq(md_reset(md), 0);
	ck_assert_int_eq(md_update(md, "abc", 3), 0);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 8);
	ck_assert(memcmp(out, three, 8) == 0);
	/* a clone taken before the failure is independent of it */
	ck_assert_int_eq(md_update(md, "ab", 2), 0);
	c = md_clone(md);
	ck_assert_ptr_nonnull(c);
	tu_flaky_finals_ok = 0;
	ck_assert_int_eq(tu_digest(md, out, sizeof out), JCA_IMPL);
	tu_flaky_finals_ok = -1;
	ck_assert_int_eq(tu_digest(c, out, sizeof out), 8);
	ck_assert(memcmp(out, two, 8) == 0);
	md_free(c);
	md_free(md);
	ck_assert_int_eq(jca_provider_remove("flaky"), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("MessageDigest");
	TCase *tc = tcase_create("md");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_own_kat, 0, TU_N_MD_ALGS);
	tcase_add_loop_test(tu_vectors_tcase(s), test_nist, 0, NFILES);
	tcase_add_loop_test(tc, test_streaming, 0, TU_N_MD_ALGS);
	tcase_add_test(tc, test_shake_lengths);
	tcase_add_test(tc, test_handle);
	tcase_add_test(tc, test_oneshot);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_failed_final);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
