/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MessageDigest: NIST CAVP vectors and own known answers for every
 * implementation usable on this machine, streaming properties, lookup
 * rules and concurrency.
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

static const char *const ALGS[] = {
	"MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512/224",
	"SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128", "SHAKE256"
};
#define NALGS (sizeof ALGS / sizeof ALGS[0])

/* Implementations of `alg` in the built-in provider that can run here. */
static size_t impls_of(const char *alg, const char **names, size_t max)
{
	return tu_builtin_impls(JCA_MESSAGE_DIGEST, alg, names, max);
}

static md_ctx *get(const char *name)
{
	md_ctx *md = md_get_instance(name);

	ck_assert_msg(md != NULL, "md_get_instance(%s): %s", name, jca_last_error_message());
	return md;
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
	const char *alg = ALGS[_i];
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
			md_ctx *md = get(impls[k]);
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
		md = get(impl);
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
	md = get(impl);
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
	md = get(impl);
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
	md = get(impl);
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
	size_t ni = impls_of(ALGS[_i], impls, 8), k;

	for (k = 0; k < ni; k++) {
		md_ctx *md = get(impls[k]);
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
	md_ctx *md = get("SHAKE256");
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
	md = get("SHAKE128");
	ck_assert_uint_eq(md_length(md), 32);
	md_free(md);
}
END_TEST

/* ---- lookup ---- */
START_TEST(test_lookup_names)
{
	static const char *const same[][7] = {
		{ "SHA-256", "sha256", "SHA2-256", "2.16.840.1.101.3.4.2.1", "OID.2.16.840.1.101.3.4.2.1", "sHa-256", "oid.2.16.840.1.101.3.4.2.1" },
		{ "SHA-1", "SHA", "sha1", "1.3.14.3.2.26", "OID.1.3.14.3.2.26", "Sha-1", NULL },
		{ "MD5", "md5", "1.2.840.113549.2.5", "OID.1.2.840.113549.2.5", NULL },
		{ "SHA-224", "sha224", "SHA2-224", "2.16.840.1.101.3.4.2.4", NULL },
		{ "SHA-384", "sha384", "SHA2-384", "2.16.840.1.101.3.4.2.2", NULL },
		{ "SHA-512", "sha512", "SHA2-512", "2.16.840.1.101.3.4.2.3", NULL },
		{ "SHA-512/224", "SHA512/224", "sha-512-224", "2.16.840.1.101.3.4.2.5", NULL },
		{ "SHA-512/256", "SHA512/256", "SHA2-512/256", "2.16.840.1.101.3.4.2.6", NULL },
		{ "SHA3-224", "sha3-224", "SHA3_224", "2.16.840.1.101.3.4.2.7", NULL },
		{ "SHA3-256", "sha3-256", "SHA3_256", "2.16.840.1.101.3.4.2.8", NULL },
		{ "SHA3-384", "sha3-384", "2.16.840.1.101.3.4.2.9", NULL },
		{ "SHA3-512", "sha3-512", "2.16.840.1.101.3.4.2.10", NULL },
		{ "SHAKE128", "shake128", "SHAKE-128", "2.16.840.1.101.3.4.2.11", NULL },
		{ "SHAKE256", "shake256", "SHAKE-256", "OID.2.16.840.1.101.3.4.2.12", NULL },
	};
	size_t i, j;

	for (i = 0; i < sizeof same / sizeof same[0]; i++) {
		for (j = 0; j < 7 && same[i][j]; j++) {
			md_ctx *md = get(same[i][j]);

			ck_assert_str_eq(md_algorithm(md), same[i][0]);
			ck_assert_str_eq(md_provider(md), "builtin");
			md_free(md);
		}
	}
}
END_TEST

START_TEST(test_lookup_errors)
{
	char longname[300];

	ck_assert_ptr_null(md_get_instance("SHA-257"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_str_eq(jca_last_error_message(), "no provider offers MessageDigest \"SHA-257\"");
	ck_assert_ptr_null(md_get_instance(""));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(md_get_instance(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	memset(longname, 'A', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	ck_assert_ptr_null(md_get_instance(longname));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* a Cipher or Mac name is not a MessageDigest */
	ck_assert_ptr_null(md_get_instance("HmacSHA256"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* explicit provider */
	{
		md_ctx *md = md_get_instance_from("sha-256", "BUILTIN");

		ck_assert_ptr_nonnull(md);
		ck_assert_str_eq(md_provider(md), "builtin");
		md_free(md);
	}
	ck_assert_ptr_null(md_get_instance_from("SHA-256", "nosuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	ck_assert_str_eq(jca_last_error_message(), "no provider named \"nosuch\"");
	ck_assert_ptr_null(md_get_instance_from("SHA-256", NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(md_get_instance_from("SHA-257", "builtin"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* output buffer too small: error, state unchanged */
	{
		md_ctx *md = get("SHA-256");
		uint8_t out[32], ref[32];

		md_update(md, "abc", 3);
		ck_assert_int_eq(tu_digest(md, out, 31), JCA_BUFSIZE);
		ck_assert_int_eq(tu_digest(md, out, 32), 32);
		md_update(md, "abc", 3);
		tu_digest(md, ref, 32);
		ck_assert(memcmp(out, ref, 32) == 0);
		ck_assert_int_eq(md_update(md, NULL, 1), JCA_EINVAL);
		md_free(md);
	}
	ck_assert_str_eq(jca_error_name(JCA_BADPAD), "JCA_BADPAD");
	ck_assert_str_eq(jca_strerror(JCA_NOALG), "no such algorithm");
	ck_assert_str_eq(jca_strerror(12345), "unknown error");
	md_free(NULL);
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

START_TEST(test_introspection)
{
	const jca_provider *p = tu_provider_at(0);
	const jca_service *s;
	size_t i, digests = 0, macs = 0;

	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(jca_provider_name(p), "builtin");
	ck_assert_ptr_nonnull(jca_provider_version(p));
	ck_assert_ptr_nonnull(jca_provider_description(p));
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		ck_assert_ptr_eq(jca_service_provider(s), p);
		ck_assert_ptr_nonnull(jca_service_attribute(s, "Implementation"));
		if (jca_service_type_of(s) == JCA_MESSAGE_DIGEST) {
			digests++;
			ck_assert_ptr_nonnull(tu_alias_at(s, 0));
		}
		if (jca_service_type_of(s) == JCA_MAC)
			macs++;
	}
	ck_assert_uint_eq(digests, NALGS);
	ck_assert_uint_eq(macs, NALGS - 2);   /* HMAC over all but the XOFs */
}
END_TEST

static const jca_service *builtin_service(jca_service_type type, const char *alg)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	size_t i;

	for (i = 0; p && jca_provider_service_at(p, i, &s) == 0; i++)
		if (jca_service_type_of(s) == type && strcmp(jca_service_algorithm(s), alg) == 0)
			return s;
	ck_abort_msg("builtin offers no %s %s", jca_service_type_name(type), alg);
	return NULL;
}

/* Is `oid` among the OIDs of s, naming `name`? Aliases hold no OID. */
static int has_oid(const jca_service *s, const char *oid, const char *name)
{
	jca_oid_info oi;
	const char *a;
	size_t i;
	int found = 0;

	for (i = 0; jca_service_alias_at(s, i, &a) == 0; i++)
		ck_assert_msg(strcmp(a, oid) != 0 && !strchr(a, '='), "%s: alias %s", jca_service_algorithm(s), a);
	for (i = 0; jca_service_oid_at(s, i, &oi) == 0; i++)
		found |= strcmp(oi.oid, oid) == 0 && strcmp(oi.name, name) == 0;
	ck_assert_int_eq(jca_service_oid_at(s, i, &oi), JCA_END);
	return found;
}

/* OIDs come back structured; every iterator ends with JCA_END and leaves
 * the last error alone; NULL arguments are JCA_EINVAL. */
START_TEST(test_oids_iterators)
{
	const jca_service *d = builtin_service(JCA_MESSAGE_DIGEST, "SHA-256");
	const jca_service *c = builtin_service(JCA_CIPHER, "AES");
	const jca_service *m = builtin_service(JCA_MAC, "HmacSHA256");
	const char *k, *v;
	jca_impl_info info;
	jca_oid_info oi;
	cipher_ctx *cc;
	size_t i;

	ck_assert(has_oid(d, "2.16.840.1.101.3.4.2.1", "SHA-256"));
	ck_assert(has_oid(m, "1.2.840.113549.2.9", "HmacSHA256"));
	ck_assert(has_oid(c, "2.16.840.1.101.3.4.1.2", "AES_128/CBC/NoPadding"));
	ck_assert(has_oid(c, "2.16.840.1.101.3.4.1.41", "AES_256/ECB/NoPadding"));
	/* both the OID and the name it gives reach the same transformation */
	for (i = 0; jca_service_oid_at(c, i, &oi) == 0; i++) {
		cc = cipher_get_instance(oi.oid);
		ck_assert_msg(cc != NULL, "%s: %s", oi.oid, jca_last_error_message());
		ck_assert_str_eq(cipher_algorithm(cc), oi.name);
		cipher_free(cc);
	}
	ck_assert_uint_ge(i, 6);
	ck_assert_ptr_nonnull(tu_alias_at(d, 0));

	ck_assert_ptr_null(md_get_instance("SHA-257"));   /* sets the last error */
	for (i = 0; jca_service_attribute_at(d, i, &k, &v) == 0; i++)
		;
	ck_assert_int_eq(jca_service_attribute_at(d, i, &k, &v), JCA_END);
	for (i = 0; jca_service_impl_at(d, i, &info) == 0; i++)
		;
	ck_assert_uint_ge(i, 1);
	ck_assert_int_eq(jca_service_impl_at(d, i, &info), JCA_END);
	ck_assert_int_eq(jca_service_impl_at(m, 1, &info), JCA_END);
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_int_eq(jca_service_impl_at(NULL, 0, &info), JCA_EINVAL);
	ck_assert_int_eq(jca_service_impl_at(d, 0, NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_service_attribute_at(NULL, 0, &k, &v), JCA_EINVAL);
	ck_assert_int_eq(jca_service_attribute_at(d, 0, NULL, &v), JCA_EINVAL);
	ck_assert_int_eq(jca_service_oid_at(NULL, 0, &oi), JCA_EINVAL);
	ck_assert_int_eq(jca_service_oid_at(d, 0, NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	{
		const char *a = "x";

		ck_assert_int_eq(jca_service_alias_at(NULL, 0, &a), JCA_EINVAL);
		ck_assert_int_eq(jca_service_alias_at(d, 0, NULL), JCA_EINVAL);
		ck_assert_int_eq(jca_service_alias_at(d, 1000, &a), JCA_END);
		ck_assert_ptr_null(a);
	}
}
END_TEST

/* ---- concurrency ---- */
static void *worker(void *arg)
{
	size_t t = (size_t)arg, i;
	uint8_t out[64], ref[64];
	md_ctx *first = md_get_instance(ALGS[t % NALGS]);
	size_t dl = md_length(first);

	md_update(first, "concurrency", 11);
	tu_digest(first, ref, dl);
	md_free(first);
	for (i = 0; i < 2000; i++) {
		md_ctx *md = md_get_instance(ALGS[(t + i) % NALGS]);

		if (!md)
			return (void *)1;
		md_update(md, "concurrency", 11);
		tu_digest(md, out, md_length(md));
		if ((t + i) % NALGS == t % NALGS && memcmp(out, ref, dl))
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
	md = get("TU-FLAKY");
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
	tcase_add_loop_test(tc, test_own_kat, 0, NALGS);
	tcase_add_loop_test(tu_vectors_tcase(s), test_nist, 0, NFILES);
	tcase_add_loop_test(tc, test_streaming, 0, NALGS);
	tcase_add_test(tc, test_shake_lengths);
	tcase_add_test(tc, test_lookup_names);
	tcase_add_test(tc, test_lookup_errors);
	tcase_add_test(tc, test_handle);
	tcase_add_test(tc, test_oneshot);
	tcase_add_test(tc, test_introspection);
	tcase_add_test(tc, test_oids_iterators);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_failed_final);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
