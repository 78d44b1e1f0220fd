/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Signature ML-DSA-44/65/87 of the built-in provider through the
 * signature_* engine:
 *  - tests/kat/mldsa_sig.txt (python3 cryptography, gen_mldsa_sig_kat.py):
 *    keys from their seeds give python's public key, SPKI and PKCS#8 byte
 *    for byte, python's signatures verify (with their contexts, the
 *    message fed in pieces), altered ones do not;
 *  - the CCTV accumulated test (100 iterations, the digest read from
 *    ../shared/vectors/pqc/ML-DSA/accumulated/README.md; SKIP printed when
 *    absent): keys from raw seeds, deterministic signatures of the empty
 *    message through the engine, on every Signature implementation here;
 *  - context strings (0 to 255 bytes; 256, odd or non-hex refused; a
 *    signature under one context does not verify under another);
 *  - deterministic signatures stable, hedged ones not; streaming in every
 *    kind of pieces = one shot;
 *  - the engine contract: sizes, wrong lengths, flipped bits, kinds,
 *    clone, reset, NOTINIT.
 * The key encodings are in check_mldsa_sig_keys.c.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_mldsa_sig.h"
#include "testutil.h"

#define SIG_MAX 4627

/* Signs msg (fed in pieces of `piece` bytes; 0: one update) with priv
 * under algorithm alg (a name or an implementation's), context ctx (hex,
 * NULL: none set), deterministic or not. Returns the length. */
static size_t sign(const char *alg, jca_key *priv, const char *ctx, int det, const uint8_t *msg, size_t n,
                   size_t piece, uint8_t *sig)
{
	signature_ctx *s = signature_get_instance(alg);
	size_t len = 0, i, k;

	ck_assert_msg(s != NULL, "%s: %s", alg, jca_last_error_message());
	if (ctx)
		ck_assert_msg(signature_set_parameter(s, "context", ctx) == 0, "%s", jca_last_error_message());
	if (det)
		ck_assert_int_eq(signature_set_parameter(s, "deterministic", "true"), 0);
	ck_assert_msg(signature_init_sign(s, priv) == 0, "%s", jca_last_error_message());
	for (i = 0; i < n || (i == 0 && n == 0); i += k) {
		k = piece && n - i > piece ? piece : n - i;
		ck_assert_int_eq(signature_update(s, msg + i, k), 0);
		if (n == 0)
			break;
	}
	ck_assert_msg(signature_sign(s, sig, SIG_MAX, &len) == 0, "%s", jca_last_error_message());
	signature_free(s);
	return len;
}

/* 0 or the status of verifying sig over msg (in pieces). */
static int verify(const char *alg, jca_key *pub, const char *ctx, const uint8_t *msg, size_t n, size_t piece,
                  const uint8_t *sig, size_t len)
{
	signature_ctx *s = signature_get_instance(alg);
	size_t i, k;
	int rc;

	ck_assert_ptr_nonnull(s);
	if (ctx)
		ck_assert_int_eq(signature_set_parameter(s, "context", ctx), 0);
	ck_assert_msg(signature_init_verify(s, pub) == 0, "%s", jca_last_error_message());
	for (i = 0; i < n; i += k) {
		k = piece && n - i > piece ? piece : n - i;
		ck_assert_int_eq(signature_update(s, msg + i, k), 0);
	}
	rc = signature_verify(s, sig, len);
	signature_free(s);
	return rc;
}

static const ms_set *set_of(int level)
{
	return &ms_sets[level == 44 ? 0 : level == 65 ? 1 : 2];
}

static uint8_t *unhex(const char *h, size_t *n)
{
	uint8_t *p;

	if (!strcmp(h, "-")) {
		*n = 0;
		return calloc(1, 1);
	}
	p = tu_unhex(h, n);
	ck_assert_ptr_nonnull(p);
	return p;
}

static void sha256(const void *in, size_t n, char hex[65])
{
	uint8_t d[32];
	size_t len;

	ck_assert_int_eq(md_oneshot("SHA-256", in, n, d, sizeof d, &len), 0);
	tu_hex(hex, d, 32);
}

START_TEST(test_python_kat)
{
	FILE *f = fopen(JCA_TOP_SRCDIR "/tests/kat/mldsa_sig.txt", "r");
	char *line = NULL, *tok[10], *save, hex[65];
	size_t cap = 0, sn, pn, mn, gn, an;
	int records = 0, t;

	ck_assert_msg(f != NULL, "tests/kat/mldsa_sig.txt missing");
	while (getline(&line, &cap, f) > 0) {
		uint8_t *seed, *p8, *msg, *sig, *a, *ours;
		const ms_set *s;
		jca_key *priv, *pub;
		const char *ctx;

		if (line[0] == '#')
			continue;
		line[strcspn(line, "\n")] = 0;
		for (t = 0, save = NULL; t < 10 && (tok[t] = strtok_r(t ? NULL : line, " ", &save)); t++)
			;
		ck_assert_msg(t == 9 && !strcmp(tok[0], "mldsa"), "bad line in mldsa_sig.txt");
		s = set_of(atoi(tok[1]));
		seed = unhex(tok[2], &sn);
		p8 = unhex(tok[4], &pn);
		msg = unhex(tok[6], &mn);
		ctx = strcmp(tok[7], "-") ? tok[7] : NULL;
		sig = unhex(tok[8], &gn);
		ck_assert_uint_eq(gn, s->sig);
		/* the key: python's public key, SPKI and PKCS#8 */
		ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, seed, sn, &priv), 0);
		ck_assert_int_eq(jca_key_public(priv, &pub), 0);
		a = ms_encode(pub, JCA_FORMAT_RAW, &an);
		sha256(a, an, hex);
		ck_assert_str_eq(hex, tok[3]);
		free(a);
		a = ms_encode(pub, JCA_FORMAT_DER, &an);
		sha256(a, an, hex);
		ck_assert_str_eq(hex, tok[5]);
		free(a);
		a = ms_encode(priv, JCA_FORMAT_DER, &an);
		ck_assert_uint_eq(an, pn);
		ck_assert_mem_eq(a, p8, pn);
		free(a);
		jca_key_free(priv);
		ck_assert_int_eq(jca_key_decode(p8, pn, &priv), 0);
		/* python's signature, whole and in pieces; altered */
		ck_assert_msg(verify(s->name, pub, ctx, msg, mn, 0, sig, gn) == 0, "%s", jca_last_error_message());
		ck_assert_int_eq(verify(s->name, pub, ctx, msg, mn, 7, sig, gn), 0);
		ck_assert_int_eq(verify(s->name, priv, ctx, msg, mn, 1, sig, gn), 0);
		if (mn) {
			msg[mn / 2] ^= 0x20;
			ck_assert_int_eq(verify(s->name, pub, ctx, msg, mn, 0, sig, gn), JCA_BADSIG);
			msg[mn / 2] ^= 0x20;
		}
		ck_assert_int_eq(verify(s->name, pub, ctx ? NULL : "00", msg, mn, 0, sig, gn), JCA_BADSIG);
		sig[gn - 100] ^= 1;
		ck_assert_int_eq(verify(s->name, pub, ctx, msg, mn, 0, sig, gn), JCA_BADSIG);
		sig[gn - 100] ^= 1;
		ck_assert_int_eq(verify(s->name, pub, ctx, msg, mn, 0, sig, gn - 1), JCA_BADSIG);
		/* ours under the same context verifies */
		ours = malloc(SIG_MAX);
		ck_assert_ptr_nonnull(ours);
		ck_assert_uint_eq(sign(s->name, priv, ctx, 0, msg, mn, 5, ours), s->sig);
		ck_assert_int_eq(verify(s->name, pub, ctx, msg, mn, 0, ours, s->sig), 0);
		free(ours);
		jca_key_free(priv);
		jca_key_free(pub);
		free(seed);
		free(p8);
		free(msg);
		free(sig);
		records++;
	}
	free(line);
	fclose(f);
	ck_assert_int_ge(records, 12);
}
END_TEST

/* The 100-iteration digest of set `name` in the CCTV README, or 0. */
static int accumulated_digest(const char *name, char out[65])
{
	const char *dir = tu_vectors_dir();
	char path[4096], head[64], *line = NULL, *p;
	size_t cap = 0;
	int in = 0, found = 0;
	FILE *f;

	if (!dir)
		return 0;
	snprintf(path, sizeof path, "%s/pqc/ML-DSA/accumulated/README.md", dir);
	if (!(f = fopen(path, "r")))
		return 0;
	snprintf(head, sizeof head, "### %s", name);
	while (!found && getline(&line, &cap, f) > 0) {
		if (!strncmp(line, "### ", 4))
			in = !strncmp(line, head, strlen(head));
		else if (in && strstr(line, "- 100 iterations:") && (p = strchr(line, '`')) && strlen(p) > 65) {
			memcpy(out, p + 1, 64);
			out[64] = 0;
			found = 1;
		}
	}
	free(line);
	fclose(f);
	return found;
}

START_TEST(test_accumulated)
{
	const ms_set *s = &ms_sets[_i];
	const char *impls[8];
	size_t ni = tu_builtin_impls(JCA_SIGNATURE, s->name, impls, 8), k, len, i;
	uint8_t *seeds = malloc(32 * 100), *pk = malloc(s->pk), sig[SIG_MAX], got[32];
	char want[65], hex[65];

	ck_assert(seeds && pk);
	if (!accumulated_digest(s->name, want)) {
		printf("SKIP: %s accumulated test: ML-DSA/accumulated/README.md not found under the vectors\n", s->name);
		free(seeds);
		free(pk);
		return;
	}
	for (k = 0; k < ni; k++) {
		md_ctx *in = md_get_instance("SHAKE128"), *acc = md_get_instance("SHAKE128");

		ck_assert(in && acc);
		ck_assert_int_eq(md_digest_xof(in, seeds, 32 * 100), 0);
		for (i = 0; i < 100; i++) {
			jca_key *priv, *pub;
			size_t pn;

			ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, seeds + 32 * i, 32, &priv), 0);
			ck_assert_int_eq(jca_key_public(priv, &pub), 0);
			ck_assert_int_eq(jca_key_encode(pub, JCA_FORMAT_RAW, pk, s->pk, &pn), 0);
			ck_assert_int_eq(md_update(acc, pk, pn), 0);
			len = sign(impls[k], priv, NULL, 1, NULL, 0, 0, sig);
			ck_assert_int_eq(md_update(acc, sig, len), 0);
			ck_assert_int_eq(verify(impls[k], pub, NULL, NULL, 0, 0, sig, len), 0);
			jca_key_free(priv);
			jca_key_free(pub);
		}
		ck_assert_int_eq(md_digest_xof(acc, got, 32), 0);
		tu_hex(hex, got, 32);
		ck_assert_msg(!strcmp(hex, want), "%s on %s: accumulated %s, want %s", s->name, impls[k], hex, want);
		md_free(in);
		md_free(acc);
	}
	free(seeds);
	free(pk);
}
END_TEST

START_TEST(test_contexts)
{
	const ms_set *s = &ms_sets[_i];
	char ctx255[511], ctx256[513];
	uint8_t sig[SIG_MAX], msg[] = "context test";
	signature_ctx *g;
	jca_key *priv, *pub;
	size_t len;

	memset(ctx255, 'a', 510);
	ctx255[510] = 0;
	memset(ctx256, 'b', 512);
	ctx256[512] = 0;
	ms_generate(s, NULL, &priv, &pub);
	g = signature_get_instance(s->name);
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(signature_set_parameter(g, "context", ctx256), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "255"));
	ck_assert_int_eq(signature_set_parameter(g, "context", "abc"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(g, "context", "zz"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(g, "deterministic", "maybe"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(g, "saltLength", "32"), JCA_EINVAL);
	/* set before init, kept by init; set after init, before the message */
	ck_assert_int_eq(signature_set_parameter(g, "context", ctx255), 0);
	ck_assert_int_eq(signature_init_sign(g, priv), 0);
	ck_assert_int_eq(signature_update(g, msg, sizeof msg), 0);
	ck_assert_int_eq(signature_set_parameter(g, "context", ""), JCA_EINVAL);
	ck_assert_int_eq(signature_sign(g, sig, sizeof sig, &len), 0);
	ck_assert_int_eq(verify(s->name, pub, ctx255, msg, sizeof msg, 0, sig, len), 0);
	ck_assert_int_eq(verify(s->name, pub, NULL, msg, sizeof msg, 0, sig, len), JCA_BADSIG);
	ck_assert_int_eq(verify(s->name, pub, "", msg, sizeof msg, 0, sig, len), JCA_BADSIG);
	/* the next signature keeps the context; a new one after sign */
	ck_assert_int_eq(signature_update(g, msg, sizeof msg), 0);
	ck_assert_int_eq(signature_sign(g, sig, sizeof sig, &len), 0);
	ck_assert_int_eq(verify(s->name, pub, ctx255, msg, sizeof msg, 0, sig, len), 0);
	ck_assert_int_eq(signature_set_parameter(g, "context", "00ff"), 0);
	ck_assert_int_eq(signature_update(g, msg, sizeof msg), 0);
	ck_assert_int_eq(signature_sign(g, sig, sizeof sig, &len), 0);
	ck_assert_int_eq(verify(s->name, pub, "00FF", msg, sizeof msg, 0, sig, len), 0);
	ck_assert_int_eq(verify(s->name, pub, "00fe", msg, sizeof msg, 0, sig, len), JCA_BADSIG);
	/* the empty context is no context */
	len = sign(s->name, priv, "", 0, msg, sizeof msg, 0, sig);
	ck_assert_int_eq(verify(s->name, pub, NULL, msg, sizeof msg, 0, sig, len), 0);
	signature_free(g);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

START_TEST(test_deterministic_streaming)
{
	const ms_set *s = &ms_sets[_i];
	static const size_t pieces[] = { 1, 7, 135, 136, 137, 1000 };
	uint8_t msg[1000], a[SIG_MAX], b[SIG_MAX];
	jca_key *priv, *pub;
	size_t i, la, lb;

	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 13 + 1);
	ms_generate(s, NULL, &priv, &pub);
	la = sign(s->name, priv, "0102", 1, msg, sizeof msg, 0, a);
	ck_assert_uint_eq(la, s->sig);
	for (i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		lb = sign(s->name, priv, "0102", 1, msg, sizeof msg, pieces[i], b);
		ck_assert_uint_eq(lb, la);
		ck_assert_msg(!memcmp(a, b, la), "deterministic signature in pieces of %zu differs", pieces[i]);
		ck_assert_int_eq(verify(s->name, pub, "0102", msg, sizeof msg, pieces[i], a, la), 0);
	}
	/* hedged (the default, and "false"): two signatures differ, both verify */
	la = sign(s->name, priv, NULL, 0, msg, 100, 0, a);
	lb = sign(s->name, priv, NULL, 0, msg, 100, 0, b);
	ck_assert(memcmp(a, b, la) != 0);
	ck_assert_int_eq(verify(s->name, pub, NULL, msg, 100, 0, a, la), 0);
	ck_assert_int_eq(verify(s->name, pub, NULL, msg, 100, 0, b, lb), 0);
	{
		signature_ctx *g = signature_get_instance(s->name);

		ck_assert_int_eq(signature_set_parameter(g, "deterministic", "true"), 0);
		ck_assert_int_eq(signature_set_parameter(g, "deterministic", "false"), 0);
		ck_assert_int_eq(signature_init_sign(g, priv), 0);
		ck_assert_int_eq(signature_update(g, msg, 100), 0);
		ck_assert_int_eq(signature_sign(g, a, sizeof a, &la), 0);
		ck_assert(memcmp(a, b, la) != 0);
		signature_free(g);
	}
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

START_TEST(test_contract)
{
	const ms_set *s = &ms_sets[_i], *o = &ms_sets[(_i + 1) % 3];
	uint8_t sig[SIG_MAX], ref[SIG_MAX], msg[300];
	signature_ctx *g, *c;
	jca_key *priv, *pub, *opriv, *opub;
	size_t len, rl;

	memset(msg, 0x5a, sizeof msg);
	ms_generate(s, NULL, &priv, &pub);
	ms_generate(o, NULL, &opriv, &opub);
	g = signature_get_instance(s->name);
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(signature_algorithm(g), s->name);
	ck_assert_str_eq(signature_provider(g), "builtin");
	ck_assert_uint_eq(signature_length(g), 0);
	ck_assert_int_eq(signature_update(g, msg, 1), JCA_NOTINIT);
	ck_assert_int_eq(signature_init_sign(g, pub), JCA_BADKEY);
	ck_assert_int_eq(signature_init_sign(g, opriv), JCA_BADKEY);
	ck_assert_int_eq(signature_init_verify(g, opub), JCA_BADKEY);
	ck_assert_int_eq(signature_set_parameter(g, "deterministic", "1"), 0);
	ck_assert_int_eq(signature_init_sign(g, priv), 0);
	ck_assert_uint_eq(signature_length(g), s->sig);
	ck_assert_int_eq(signature_sign(g, sig, s->sig - 1, &len), JCA_BUFSIZE);
	/* clone mid-message: both finish to the same deterministic signature */
	ck_assert_int_eq(signature_update(g, msg, 100), 0);
	c = signature_clone(g);
	ck_assert_msg(c != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(signature_update(g, msg + 100, 200), 0);
	ck_assert_int_eq(signature_update(c, msg + 100, 200), 0);
	ck_assert_int_eq(signature_sign(g, ref, sizeof ref, &rl), 0);
	ck_assert_int_eq(signature_sign(c, sig, sizeof sig, &len), 0);
	ck_assert_uint_eq(len, rl);
	ck_assert_mem_eq(sig, ref, rl);
	signature_free(c);
	/* reset drops the message so far */
	ck_assert_int_eq(signature_update(g, msg, 17), 0);
	ck_assert_int_eq(signature_reset(g), 0);
	ck_assert_int_eq(signature_update(g, msg, 300), 0);
	ck_assert_int_eq(signature_sign(g, sig, sizeof sig, &len), 0);
	ck_assert_mem_eq(sig, ref, rl);
	ck_assert_int_eq(signature_verify(g, sig, len), JCA_NOTINIT);
	/* verify: every wrong length, a flipped bit in each third */
	ck_assert_int_eq(signature_init_verify(g, pub), 0);
	ck_assert_int_eq(signature_update(g, msg, 300), 0);
	ck_assert_int_eq(signature_verify(g, ref, rl), 0);
	ck_assert_int_eq(signature_verify(g, ref, 0), JCA_BADSIG);
	ck_assert_int_eq(signature_update(g, msg, 300), 0);
	ck_assert_int_eq(signature_verify(g, ref, rl - 1), JCA_BADSIG);
	ck_assert_int_eq(signature_update(g, msg, 300), 0);
	ck_assert_int_eq(signature_verify(g, ref, rl + 1), JCA_BADSIG);
	for (len = 0; len < rl; len += rl / 3) {
		memcpy(sig, ref, rl);
		sig[len] ^= 0x04;
		ck_assert_int_eq(signature_update(g, msg, 300), 0);
		ck_assert_int_eq(signature_verify(g, sig, rl), JCA_BADSIG);
	}
	ck_assert_int_eq(signature_sign(g, sig, sizeof sig, &len), JCA_NOTINIT);
	/* a private key verifies with its public half */
	ck_assert_int_eq(signature_init_verify(g, priv), 0);
	ck_assert_int_eq(signature_update(g, msg, 300), 0);
	ck_assert_int_eq(signature_verify(g, ref, rl), 0);
	signature_free(g);
	/* by OID and alias */
	g = signature_get_instance(_i == 0 ? "2.16.840.1.101.3.4.3.17" : _i == 1 ? "MLDSA65" : "ml-dsa-87");
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(signature_algorithm(g), s->name);
	signature_free(g);
	jca_key_free(priv);
	jca_key_free(pub);
	jca_key_free(opriv);
	jca_key_free(opub);
}
END_TEST

int main(void)
{
	int failed;
	Suite *s = suite_create("ML-DSA Signature and keys");
	TCase *tc = tcase_create("mldsa");
	SRunner *sr;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_python_kat);
	tcase_add_loop_test(tc, test_accumulated, 0, 3);
	tcase_add_loop_test(tc, test_contexts, 0, 3);
	tcase_add_loop_test(tc, test_deterministic_streaming, 0, 3);
	tcase_add_loop_test(tc, test_contract, 0, 3);
	ms_add_key_tests(tc);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
