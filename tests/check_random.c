/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SecureRandom: the NIST CAVP DRBG vectors (Hash_DRBG, HMAC_DRBG, CTR_DRBG
 * with and without derivation function; no reseed, reseed, prediction
 * resistance) through the public API with an injected entropy source;
 * reseed policy, request splitting, parameters and errors; NativePRNG; the
 * default jca_random() from many threads; fork() and a raw fork syscall
 * (which skips the atfork handlers) never repeat the parent's output.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"

/* ---- an entropy source that hands out queued strings ---- */
typedef struct queue {
	uint8_t *item[4];
	size_t len[4];
	int n, next, calls, fail;
} queue;

static int pop(void *arg, void *buf, size_t lo, size_t hi)
{
	queue *q = arg;
	size_t n;

	q->calls++;
	if (q->fail)
		return -1;
	if (q->next >= q->n) {           /* out of vectors: a counter pattern */
		memset(buf, q->calls, lo);
		return (int)lo;
	}
	n = q->len[q->next];
	if (n < lo || n > hi)
		return -1;
	memcpy(buf, q->item[q->next++], n);
	return (int)n;
}

static void push(queue *q, const char *hex)
{
	q->item[q->n] = tu_unhex(hex ? hex : "", &q->len[q->n]);
	q->n++;
}

static void queue_free(queue *q)
{
	int i;

	for (i = 0; i < q->n; i++)
		free(q->item[i]);
	memset(q, 0, sizeof *q);
}

/* ---- CAVP .rsp reader: records keep their field order (two lines are
 * named AdditionalInput) ---- */
typedef struct field {
	char name[32];
	char *value;
} field;

static void strip(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = 0;
}

/* The SecureRandom the vectors run on, and (NULL: all) the only CTR_DRBG
 * cipher ("AES-256") to run. */
static const char *cavp_alg = "DRBG", *cavp_only;

static int run_file(const char *dir, const char *set, const char *file, int *skipped)
{
	char path[4096], mech[64] = "", *line = NULL;
	size_t cap = 0;
	field f[12];
	int nf = 0, done = 0, pr = strstr(set, "pr_true") != NULL, reseed = strstr(set, "pr_false") != NULL;
	int mech_ok = 0;
	FILE *fp;

	snprintf(path, sizeof path, "%s/drbg/%s/%s.rsp", dir, set, file);
	fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "cannot open %s", path);
	for (;;) {
		int eof = getline(&line, &cap, fp) <= 0;

		if (!eof)
			strip(line);
		if (eof || !line[0]) {
			if (nf && mech_ok) {
				/* one record: COUNT, EntropyInput, Nonce, PersonalizationString,
				 * then per set: AdditionalInput, [EntropyInputPR,] ... ReturnedBits */
				queue q;
				random_params p;
				random_ctx *r = random_get_instance(cavp_alg);
				uint8_t *pers, *want = NULL, *ai[2] = { 0 }, *out;
				size_t pl = 0, wl = 0, al[2] = { 0 };
				int i, k = 0, rc;
				const char *ai_reseed = NULL;

				memset(&q, 0, sizeof q);
				ck_assert_ptr_nonnull(r);
				for (i = 0; i < nf; i++) {
					if (!strcmp(f[i].name, "EntropyInput") || !strcmp(f[i].name, "Nonce") ||
					    !strcmp(f[i].name, "EntropyInputReseed") || !strcmp(f[i].name, "EntropyInputPR"))
						push(&q, f[i].value);
					else if (!strcmp(f[i].name, "AdditionalInput") && k < 2) {
						ai[k] = tu_unhex(f[i].value, &al[k]);
						k++;
					} else if (!strcmp(f[i].name, "AdditionalInputReseed"))
						ai_reseed = f[i].value;
				}
				/* CTR_DRBG no df: no nonce is drawn; drop the empty Nonce */
				if (strstr(mech, "no_df") && q.n > 1 && q.len[1] == 0) {
					free(q.item[1]);
					memmove(&q.item[1], &q.item[2], sizeof q.item[0] * 2);
					memmove(&q.len[1], &q.len[2], sizeof q.len[0] * 2);
					q.n--;
				}
				pers = NULL;
				for (i = 0; i < nf; i++)
					if (!strcmp(f[i].name, "PersonalizationString"))
						pers = tu_unhex(f[i].value, &pl);
				for (i = 0; i < nf; i++)
					if (!strcmp(f[i].name, "ReturnedBits"))
						want = tu_unhex(f[i].value, &wl);
				out = malloc(wl);
				memset(&p, 0, sizeof p);
				p.mechanism = mech;
				p.prediction_resistance = pr;
				p.personalization = pers;
				p.personalization_len = pl;
				p.entropy = pop;
				p.entropy_arg = &q;
				rc = random_init(r, &p);
				ck_assert_msg(rc == 0, "%s %s [%s] line %d: random_init: %s", set, file, mech, done,
				              jca_last_error_message());
				if (reseed) {
					size_t rl;
					uint8_t *ra = tu_unhex(ai_reseed ? ai_reseed : "", &rl);

					ck_assert_int_eq(random_reseed(r, ra, rl), 0);
					free(ra);
				}
				ck_assert_int_eq(random_generate(r, out, wl, 0, ai[0], al[0]), 0);
				ck_assert_int_eq(random_generate(r, out, wl, 0, ai[1], al[1]), 0);
				ck_assert_msg(memcmp(out, want, wl) == 0, "%s/%s [%s] record %d: wrong output",
				              set, file, mech, done);
				ck_assert_int_eq(q.next, q.n);   /* every entropy string consumed */
				random_free(r);
				free(out);
				free(want);
				free(pers);
				free(ai[0]);
				free(ai[1]);
				queue_free(&q);
				done++;
			} else if (nf) {
				(*skipped)++;
			}
			for (; nf > 0; nf--)
				free(f[nf - 1].value);
			if (eof)
				break;
			continue;
		}
		if (line[0] == '#')
			continue;
		if (line[0] == '[') {
			char *e = strchr(line, ']');

			if (e)
				*e = 0;
			if (!strchr(line, '=')) {
				const char *m = line + 1;

				mech_ok = 1;
				if (!strncmp(m, "AES-", 4))
					snprintf(mech, sizeof mech, "CTR_DRBG,%.7s,%s", m,
					         strstr(m, "no df") ? "no_df" : "use_df");
				else if (!strncmp(m, "SHA-", 4))
					snprintf(mech, sizeof mech, "%s,%s", file, m);
				else
					mech_ok = 0;   /* 3KeyTDEA: no TDEA in libjca */
				if (cavp_only && strncmp(m, cavp_only, strlen(cavp_only)))
					mech_ok = 0;   /* not the one cipher asked for */
			}
			continue;
		}
		if (nf < 12) {
			char *eq = strchr(line, '=');
			size_t n;

			if (!eq)
				continue;
			n = (size_t)(eq - line);
			while (n && line[n - 1] == ' ')
				n--;
			snprintf(f[nf].name, sizeof f[nf].name, "%.*s", (int)n, line);
			eq++;
			while (*eq == ' ')
				eq++;
			f[nf].value = strdup(eq);
			nf++;
		}
	}
	free(line);
	fclose(fp);
	return done;
}

START_TEST(test_cavp)
{
	static const char *sets[] = { "drbgvectors_no_reseed", "drbgvectors_pr_false", "drbgvectors_pr_true" };
	static const char *files[] = { "Hash_DRBG", "HMAC_DRBG", "CTR_DRBG" };
	const char *dir = tu_vectors_dir();
	int s, f, total = 0, skipped = 0;

	if (!dir) {
		printf("SKIP: NIST DRBG vectors (folder absent)\n");
		return;
	}
	for (s = 0; s < 3; s++)
		for (f = 0; f < 3; f++) {
			int n = run_file(dir, sets[s], files[f], &skipped);

			ck_assert_msg(n == (f == 2 ? 1440 : 1680), "%s/%s: %d records", sets[s], files[f], n);
			total += n;
		}
	{
		md_ctx *m1 = md_get_instance("SHA-1"), *m2 = md_get_instance("SHA-256"), *m5 = md_get_instance("SHA-512");
		cipher_ctx *c = cipher_get_instance("AES_256/ECB/NoPadding");

		printf("DRBG CAVP backends: %s, %s, %s, %s\n", md_implementation(m1), md_implementation(m2),
		       md_implementation(m5), c ? cipher_implementation(c) : "?");
		md_free(m1);
		md_free(m2);
		md_free(m5);
		cipher_free(c);
	}
	printf("DRBG CAVP: %d records passed (Hash/HMAC_DRBG over SHA-1/224/256/384/512/512-224/512-256, "
	       "CTR_DRBG AES-128/192/256 use_df and no_df; no reseed, reseed, prediction resistance); "
	       "SKIP: %d 3KeyTDEA records (no TDEA)\n", total, skipped);
}
END_TEST

static void child_draw(int raw, random_ctx *r, uint8_t *out, size_t n);

/* OpenSSL's CTR_DRBG through the bridge ("OpenSSL-CTR-DRBG", seeded by
 * the engine, so deterministic): the CTR_DRBG AES-256 records, with and
 * without df, in the three sets. */
START_TEST(test_cavp_openssl)
{
	static const char *sets[] = { "drbgvectors_no_reseed", "drbgvectors_pr_false", "drbgvectors_pr_true" };
	const char *dir = tu_vectors_dir();
	char text[4096];
	int s, total = 0, skipped = 0;
	random_ctx *r;

	if (access(tu_shipped("openssl"), R_OK) != 0) {
		printf("UNAVAILABLE: the OpenSSL bridge (%s not built): OpenSSL-CTR-DRBG vectors not run\n",
		       tu_shipped("openssl"));
		return;
	}
	if (!dir) {
		printf("SKIP: NIST DRBG vectors (folder absent)\n");
		return;
	}
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = openssl\n"
	         "jca.plugin.dir = %s/plugins/.libs\n", JCA_TOP_BUILDDIR);
	tu_config(text);
	r = random_get_instance("OpenSSL-CTR-DRBG");
	ck_assert_msg(r != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(random_provider(r), "openssl");
	ck_assert_str_eq(random_implementation(r), "openssl-ctr-drbg");
	random_free(r);
	cavp_alg = "OpenSSL-CTR-DRBG";
	cavp_only = "AES-256";
	for (s = 0; s < 3; s++) {
		int n = run_file(dir, sets[s], "CTR_DRBG", &skipped);

		ck_assert_msg(n == 480, "%s/CTR_DRBG AES-256: %d records", sets[s], n);
		total += n;
	}
	cavp_alg = "DRBG";
	cavp_only = NULL;
	/* fork: the engine reseeds OpenSSL's DRBG in the child too */
	{
		uint8_t parent[64], c1[64], c2[64];

		r = random_get_instance("OpenSSL-CTR-DRBG");
		ck_assert_int_eq(random_next_bytes(r, parent, 16), 0);
		child_draw(0, r, c1, 64);
		child_draw(1, r, c2, 64);
		ck_assert_int_eq(random_next_bytes(r, parent, 64), 0);
		ck_assert(memcmp(parent, c1, 64) != 0 && memcmp(parent, c2, 64) != 0 && memcmp(c1, c2, 64) != 0);
		random_free(r);
	}
	printf("DRBG CAVP on OpenSSL-CTR-DRBG: %d records passed (CTR_DRBG AES-256 use_df and no_df; no "
	       "reseed, reseed, prediction resistance)\n", total);
}
END_TEST

/* A DRBG on a fixed entropy pattern (the queue's fallback). */
static random_ctx *fixed(const char *mech, queue *q, uint64_t interval, int pr)
{
	random_ctx *r = random_get_instance("DRBG");
	random_params p;

	memset(&p, 0, sizeof p);
	p.mechanism = mech;
	p.entropy = pop;
	p.entropy_arg = q;
	p.reseed_interval = interval;
	p.prediction_resistance = pr;
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(random_init(r, &p) == 0, "random_init(%s): %s", mech ? mech : "default",
	              jca_last_error_message());
	return r;
}

START_TEST(test_policy)
{
	static const char *mechs[] = { "Hash_DRBG,SHA-256", "HMAC_DRBG,SHA-512", "CTR_DRBG,AES-128,no_df", NULL };
	queue q;
	uint8_t a[70000], b[70000];
	random_ctx *r, *s;
	int i;

	for (i = 0; i < 4; i++) {
		/* reseed interval 2: one reseed every second request */
		memset(&q, 0, sizeof q);
		r = fixed(mechs[i], &q, 2, 0);
		ck_assert_int_eq(q.calls, mechs[i] && strstr(mechs[i], "no_df") ? 1 : 2);   /* entropy (+ nonce) */
		q.calls = 0;
		ck_assert_int_eq(random_next_bytes(r, a, 16), 0);
		ck_assert_int_eq(random_next_bytes(r, a, 16), 0);
		ck_assert_int_eq(q.calls, 0);
		ck_assert_int_eq(random_next_bytes(r, a, 16), 0);
		ck_assert_int_eq(q.calls, 1);
		ck_assert_int_eq(random_reseed(r, "x", 1), 0);
		ck_assert_int_eq(q.calls, 2);
		/* prediction resistance on request: one entropy draw per request */
		ck_assert_int_eq(random_generate(r, a, 16, 1, NULL, 0), 0);
		ck_assert_int_eq(q.calls, 3);
		random_free(r);

		/* a request over 64 KiB is two requests; same seed, same bytes */
		memset(&q, 0, sizeof q);
		r = fixed(mechs[i], &q, 0, 0);
		memset(&q, 0, sizeof q);
		s = fixed(mechs[i], &q, 0, 0);
		ck_assert_int_eq(random_next_bytes(r, a, sizeof a), 0);
		ck_assert_int_eq(random_next_bytes(s, b, 65536), 0);
		ck_assert_int_eq(random_next_bytes(s, b + 65536, sizeof b - 65536), 0);
		ck_assert(memcmp(a, b, sizeof a) == 0);
		/* every split of 100 bytes as one request differs from two requests
		 * (the state moves on after each), but is reproducible */
		ck_assert_int_eq(random_next_bytes(r, a, 100), 0);
		ck_assert_int_eq(random_next_bytes(s, b, 100), 0);
		ck_assert(memcmp(a, b, 100) == 0);
		random_free(r);
		random_free(s);

		/* always-on prediction resistance via the capability item */
		memset(&q, 0, sizeof q);
		if (mechs[i] && !strstr(mechs[i], "no_df")) {
			char m[64];

			snprintf(m, sizeof m, "%s,pr_and_reseed", mechs[i]);
			r = fixed(m, &q, 0, 0);
			q.calls = 0;
			ck_assert_int_eq(random_next_bytes(r, a, 1), 0);
			ck_assert_int_eq(random_next_bytes(r, a, 1), 0);
			ck_assert_int_eq(q.calls, 2);
			ck_assert_ptr_nonnull(strstr(random_mechanism(r), "pr_and_reseed"));
			random_free(r);
		}
	}
}
END_TEST

START_TEST(test_params_errors)
{
	static const struct { const char *mech; const char *want; } good[] = {
		{ NULL, "CTR_DRBG,AES-256,256,reseed_only,use_df" },
		{ "Hash_DRBG", "Hash_DRBG,SHA-256,256,reseed_only" },
		{ "sha-512", "Hash_DRBG,SHA-512,256,reseed_only" },
		{ "HMAC_DRBG,SHA-1", "HMAC_DRBG,SHA-1,128,reseed_only" },
		{ " hmac_drbg , SHA-512/224 , 112 ", "HMAC_DRBG,SHA-512/224,112,reseed_only" },
		{ "AES-128", "CTR_DRBG,AES-128,128,reseed_only,use_df" },
		{ "CTR_DRBG,AES-192,no_df,none", "CTR_DRBG,AES-192,192,reseed_only,no_df" },
		{ "Hash_DRBG,SHA-256,128,none", "Hash_DRBG,SHA-256,128,reseed_only" },
	};
	static const char *bad[] = {
		"Hash_DRBG,SHA-1,256", "CTR_DRBG,SHA-256", "Hash_DRBG,AES-128", "HMAC_DRBG,use_df",
		"Hash_DRBG,SHA3-256", "Dual_EC_DRBG", "Hash_DRBG,CTR_DRBG", "SHA-256,SHA-512", "CTR_DRBG,AES-256,100",
		"AES-128,192",
	};
	random_params p;
	random_ctx *r = random_get_instance("drbg");
	uint8_t buf[64], big[100];
	queue q;
	size_t i;

	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_algorithm(r), "DRBG");
	ck_assert_str_eq(random_provider(r), "builtin");
	/* first use instantiates with the defaults */
	ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	ck_assert_str_eq(random_mechanism(r), "CTR_DRBG,AES-256,256,reseed_only,use_df");
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		memset(&p, 0, sizeof p);
		p.mechanism = good[i].mech;
		ck_assert_msg(random_init(r, &p) == 0, "%s: %s", good[i].mech, jca_last_error_message());
		ck_assert_str_eq(random_mechanism(r), good[i].want);
		ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&p, 0, sizeof p);
		p.mechanism = bad[i];
		ck_assert_msg(random_init(r, &p) == JCA_EINVAL, "%s accepted", bad[i]);
		ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
		printf("  random_init(\"%s\"): %s\n", bad[i], jca_last_error_message());
	}
	/* strength field and mechanism must agree; strength alone works */
	memset(&p, 0, sizeof p);
	p.mechanism = "Hash_DRBG,SHA-256,128";
	p.strength = 256;
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	p.mechanism = "HMAC_DRBG";
	p.strength = 192;
	ck_assert_int_eq(random_init(r, &p), 0);
	ck_assert_str_eq(random_mechanism(r), "HMAC_DRBG,SHA-256,192,reseed_only");
	p.strength = 300;
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	/* lengths: no_df takes at most seedlen bytes of personalization and input */
	memset(&p, 0, sizeof p);
	memset(big, 7, sizeof big);
	p.mechanism = "CTR_DRBG,AES-128,no_df";
	p.personalization = big;
	p.personalization_len = 33;
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	p.personalization_len = 32;
	ck_assert_int_eq(random_init(r, &p), 0);
	ck_assert_int_eq(random_generate(r, buf, 16, 0, big, 33), JCA_EINVAL);
	ck_assert_int_eq(random_generate(r, buf, 16, 0, big, 32), 0);
	ck_assert_int_eq(random_reseed(r, big, 33), JCA_EINVAL);
	p.reseed_interval = (1ull << 48) + 1;
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	/* a failing entropy source: JCA_RANDOM, no output */
	memset(&p, 0, sizeof p);
	memset(&q, 0, sizeof q);
	q.fail = 1;
	p.entropy = pop;
	p.entropy_arg = &q;
	ck_assert_int_eq(random_init(r, &p), JCA_RANDOM);
	/* an entropy source that delivers too little */
	memset(&q, 0, sizeof q);
	push(&q, "0011");
	ck_assert_int_eq(random_init(r, &p), JCA_RANDOM);
	queue_free(&q);
	/* NULLs */
	ck_assert_int_eq(random_next_bytes(NULL, buf, 1), JCA_EINVAL);
	ck_assert_int_eq(random_next_bytes(r, NULL, 1), JCA_EINVAL);
	ck_assert_int_eq(random_next_bytes(r, NULL, 0), 0);
	ck_assert_int_eq(random_generate(r, buf, 1, 0, NULL, 1), JCA_EINVAL);
	ck_assert_int_eq(random_init(NULL, NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_random(NULL, 1), JCA_EINVAL);
	ck_assert_int_eq(jca_random(NULL, 0), 0);
	random_free(r);
	random_free(NULL);
	ck_assert_ptr_null(random_get_instance("SHA1PRNG"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(random_get_instance(NULL));
	ck_assert_ptr_null(random_get_instance_from("DRBG", "nosuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	ck_assert_ptr_null(random_new(NULL));
}
END_TEST

START_TEST(test_native)
{
	const random_handle *h = random_lookup("NativePRNG");
	random_ctx *r;
	random_params p;
	uint8_t a[4096], b[4096];

	ck_assert_ptr_nonnull(h);
	r = random_new(h);
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_algorithm(r), "NativePRNG");
	ck_assert_str_eq(random_mechanism(r), "getrandom");
	ck_assert_int_eq(random_next_bytes(r, a, sizeof a), 0);
	ck_assert_int_eq(random_next_bytes(r, b, sizeof b), 0);
	ck_assert(memcmp(a, b, sizeof a) != 0);
	ck_assert_int_eq(random_reseed(r, NULL, 0), 0);
	ck_assert_int_eq(random_init(r, NULL), 0);
	memset(&p, 0, sizeof p);
	p.mechanism = "Hash_DRBG";
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	random_free(r);
}
END_TEST

/* ---- the default generator ---- */

START_TEST(test_default)
{
	static const size_t sizes[] = { 1, 2, 15, 16, 17, 31, 100, 128, 129, 511, 512, 513, 4096, 70000 };
	uint8_t *a = malloc(70000), *b = malloc(70000), zero[64];
	size_t i, j, ones = 0;

	memset(zero, 0, sizeof zero);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		ck_assert_int_eq(jca_random(a, sizes[i]), 0);
		ck_assert_int_eq(jca_random(b, sizes[i]), 0);
		if (sizes[i] >= 16)
			ck_assert(memcmp(a, b, sizes[i]) != 0);
	}
	/* crude balance: 70000 bytes have about half their bits set */
	for (j = 0; j < 70000; j++)
		ones += (size_t)__builtin_popcount(a[j]);
	ck_assert(ones > 270000 && ones < 290000);
	/* byte-by-byte draws never repeat a 16-byte window of block-served output */
	for (j = 0; j < 1000; j++)
		ck_assert_int_eq(jca_random(a + j, 1), 0);
	for (j = 0; j + 32 <= 1000; j += 16)
		ck_assert(memcmp(a + j, a + j + 16, 16) != 0);
	free(a);
	free(b);
}
END_TEST

#define THREADS 8
#define DRAWS 20000

static uint8_t firsts[THREADS][DRAWS / 1000][16];

static void *worker(void *arg)
{
	int t = (int)(intptr_t)arg, i;
	uint8_t buf[4096];

	for (i = 0; i < DRAWS; i++) {
		size_t n = (i % 97) == 0 ? sizeof buf : 16;

		if (jca_random(buf, n) != 0)
			return (void *)1;
		if (i % 1000 == 0)
			memcpy(firsts[t][i / 1000], buf, 16);
	}
	return NULL;
}

START_TEST(test_threads)
{
	pthread_t th[THREADS];
	int t, u, i, j;

	for (t = 0; t < THREADS; t++)
		ck_assert_int_eq(pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t), 0);
	for (t = 0; t < THREADS; t++) {
		void *rv;

		ck_assert_int_eq(pthread_join(th[t], &rv), 0);
		ck_assert_ptr_null(rv);
	}
	/* no two samples of any two threads are equal */
	for (t = 0; t < THREADS; t++)
		for (i = 0; i < DRAWS / 1000; i++)
			for (u = 0; u < THREADS; u++)
				for (j = 0; j < DRAWS / 1000; j++)
					if (t != u || i != j)
						ck_assert(memcmp(firsts[t][i], firsts[u][j], 16) != 0);
}
END_TEST

/* ---- fork ---- */

/* Draws n bytes in a child made by fork() (or by the raw syscall, which
 * skips the pthread_atfork handlers) and returns them through a pipe. */
static void child_draw(int raw, random_ctx *r, uint8_t *out, size_t n)
{
	int fd[2], status;
	pid_t pid;
	size_t got = 0;

	ck_assert_int_eq(pipe(fd), 0);
#ifdef SYS_fork
	pid = raw ? (pid_t)syscall(SYS_fork) : fork();
#else
	pid = fork();
	(void)raw;
#endif
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		uint8_t buf[256];
		int rc = r ? random_next_bytes(r, buf, n) : jca_random(buf, n);

		close(fd[0]);
		if (rc == 0 && write(fd[1], buf, n) == (ssize_t)n)
			_exit(0);
		_exit(1);
	}
	close(fd[1]);
	while (got < n) {
		ssize_t k = read(fd[0], out + got, n - got);

		if (k <= 0)
			break;
		got += (size_t)k;
	}
	close(fd[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ck_assert_uint_eq(got, n);
}

static int wipeonfork(void)
{
#if defined(MADV_WIPEONFORK) && defined(SYS_fork)
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int ok = p != MAP_FAILED && madvise(p, 4096, MADV_WIPEONFORK) == 0;

	if (p != MAP_FAILED)
		munmap(p, 4096);
	return ok;
#else
	return 0;
#endif
}

START_TEST(test_fork)
{
	static const char *mechs[] = { "Hash_DRBG", "HMAC_DRBG", "CTR_DRBG", "CTR_DRBG,AES-128,no_df" };
	uint8_t parent[64], c1[64], c2[64];
	int raw, i;

	for (raw = 0; raw < 2; raw++) {
		if (raw && !wipeonfork()) {
			printf("SKIP: raw fork syscall (the kernel lacks MADV_WIPEONFORK; only fork() is detected)\n");
			break;
		}
		/* default: the parent's next bytes (already made ahead in its
		 * block) must not show up in either child */
		ck_assert_int_eq(jca_random(parent, 1), 0);
		child_draw(raw, NULL, c1, 64);
		child_draw(raw, NULL, c2, 64);
		ck_assert_int_eq(jca_random(parent, 64), 0);
		ck_assert(memcmp(parent, c1, 64) != 0);
		ck_assert(memcmp(parent, c2, 64) != 0);
		ck_assert(memcmp(c1, c2, 64) != 0);
		for (i = 0; i < 4; i++) {
			random_params p;
			random_ctx *r = random_get_instance("DRBG");

			memset(&p, 0, sizeof p);
			p.mechanism = mechs[i];
			ck_assert_int_eq(random_init(r, &p), 0);
			ck_assert_int_eq(random_next_bytes(r, parent, 16), 0);
			child_draw(raw, r, c1, 64);
			child_draw(raw, r, c2, 64);
			ck_assert_int_eq(random_next_bytes(r, parent, 64), 0);
			ck_assert_msg(memcmp(parent, c1, 64) != 0, "%s: child repeats parent (%s fork)", mechs[i],
			              raw ? "raw" : "libc");
			ck_assert(memcmp(c1, c2, 64) != 0);
			random_free(r);
		}
	}
}
END_TEST

int main(void)
{
	int failed;
	Suite *s = suite_create("SecureRandom");
	TCase *tc = tcase_create("random");
	SRunner *sr;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_cavp);
	tcase_add_test(tc, test_cavp_openssl);
	tcase_add_test(tc, test_policy);
	tcase_add_test(tc, test_params_errors);
	tcase_add_test(tc, test_native);
	tcase_add_test(tc, test_default);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_fork);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
