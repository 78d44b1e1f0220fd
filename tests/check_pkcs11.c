/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pkcs11 plugin's services through the registry, against SoftHSM2
 * tokens that tests/pkcs11.sh makes for the run (it exports SOFTHSM2_CONF
 * and JCA_TEST_P11_MODULE, JCA_TEST_P11_DIR, JCA_TEST_PIN, JCA_TEST_PIN2):
 * every offered service against the NIST vectors and the built-in provider
 * on random inputs and every split; keys on the token; threads; fork; a
 * token failing under live objects. Configuration and refusals:
 * check_pkcs11_conf.c.
 *
 * Every test runs in its own process (Check's fork mode) with its own
 * configuration.
 */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "pkcs11_testutil.h"

#include <p11-kit/pkcs11.h>
#include "outlen.h"


/* ---- digests: NIST vectors, random inputs, every split, clones ---- */

START_TEST(test_digest_vectors)
{
	const char *vec = tu_vectors_dir();
	size_t i, f, total = 0;

	config_token();
	if (!vec)
		return;
	for (i = 0; i < NDIGESTS; i++) {
		char file[64], path[4096];
		int sha3 = strncmp(digests[i], "SHA3", 4) == 0;

		if (!offered("MessageDigest", digests[i])) {
			printf("SKIP: the token does not offer %s\n", digests[i]);
			continue;
		}
		for (f = 0; f < 2; f++) {
			tu_rsp *r;
			tu_rec rec;
			const char *a = digests[i] + (sha3 ? 5 : 4);   /* "256", "512/224", "1" */
			char base[16];
			size_t k;

			snprintf(base, sizeof base, "%s", a);
			for (k = 0; base[k]; k++)
				if (base[k] == '/')
					base[k] = '_';
			snprintf(file, sizeof file, "%s%s%s", sha3 ? "SHA3_" : "SHA", base, f ? "LongMsg.rsp" : "ShortMsg.rsp");
			snprintf(path, sizeof path, "%s/%s/%s", vec, sha3 ? "sha3" : "sha", file);
			if (!(r = tu_rsp_open(path))) {
				printf("SKIP: %s not found\n", path);
				continue;
			}
			while (tu_rsp_next(r, &rec)) {
				size_t bits = strtoul(tu_get(&rec, "Len"), NULL, 10), ml, dl;
				uint8_t *msg = tu_unhex(tu_get(&rec, "Msg"), &ml), *want = tu_unhex(tu_get(&rec, "MD"), &dl);
				uint8_t got[64];

				if (bits % 8 == 0) {
					digest_of(digests[i], "softhsm", msg, bits / 8, got);
					ck_assert_msg(memcmp(got, want, dl) == 0, "%s line %d", file, rec.line);
					total++;
				}
				free(msg);
				free(want);
			}
			tu_rsp_close(r);
		}
	}
	printf("digest vectors through the token: %zu\n", total);
	ck_assert_int_gt(total, 0);
}
END_TEST

START_TEST(test_digest_splits)
{
	static uint8_t msg[70000];
	size_t i, cut, round;

	config_token();
	fill(msg, sizeof msg);
	for (i = 0; i < NDIGESTS; i++) {
		uint8_t want[64], got[64];

		if (!offered("MessageDigest", digests[i]))
			continue;
		/* every split of 300 bytes (both sides of the 256-byte buffer) */
		digest_of(digests[i], "builtin", msg, 300, want);
		for (cut = 0; cut <= 300; cut++) {
			md_ctx *md = md_get_instance_from(digests[i], "softhsm");

			ck_assert_int_eq(md_update(md, msg, cut), 0);
			ck_assert_int_eq(md_update(md, msg + cut, 0), 0);
			ck_assert_int_eq(md_update(md, msg + cut, 300 - cut), 0);
			tu_digest(md, got, md_length(md));
			ck_assert_msg(memcmp(got, want, md_length(md)) == 0, "%s split at %zu", digests[i], cut);
			md_free(md);
		}
		/* random lengths, reused object (md_digest resets) */
		{
			md_ctx *md = md_get_instance_from(digests[i], "softhsm");

			for (round = 0; round < 20; round++) {
				size_t len = (size_t)rand() % sizeof msg;

				digest_of(digests[i], "builtin", msg, len, want);
				md_update(md, msg, len / 3);
				md_update(md, msg + len / 3, len - len / 3);
				tu_digest(md, got, md_length(md));
				ck_assert_msg(memcmp(got, want, md_length(md)) == 0, "%s of %zu bytes", digests[i], len);
			}
			md_free(md);
		}
	}
	/* clones: while the input is buffered, always; later only where the
	 * token can save its state; otherwise a clear error, no crash */
	{
		uint8_t want[32], got[32];
		md_ctx *md = md_get_instance_from("SHA-256", "softhsm"), *c;

		md_update(md, msg, 100);
		c = md_clone(md);
		ck_assert_msg(c != NULL, "%s", jca_last_error_message());
		md_update(c, msg + 100, 900);
		tu_digest(c, got, 32);
		digest_of("SHA-256", "builtin", msg, 1000, want);
		ck_assert(memcmp(got, want, 32) == 0);
		md_free(c);
		md_update(md, msg + 100, 5000);
		c = md_clone(md);
		if (!c) {
			printf("clone of a digest the token holds: %s\n", jca_last_error_message());
			ck_assert(jca_last_error() < 0);
		}
		md_free(c);
		md_free(md);
	}
}
END_TEST

/* ---- Mac: HMAC over the token's digests ---- */

START_TEST(test_mac)
{
	static const char *const macs[] = { "HmacSHA1", "HmacSHA224", "HmacSHA256", "HmacSHA384", "HmacSHA512" };
	const char *vec = tu_vectors_dir();
	uint8_t msg[5000], key[200], want[64], got[64];
	size_t i, round, total = 0;

	config_token();
	fill(msg, sizeof msg);
	if (vec) {
		char path[4096];
		tu_rsp *r;
		tu_rec rec;

		snprintf(path, sizeof path, "%s/hmac/HMAC.rsp", vec);
		r = tu_rsp_open(path);
		while (r && tu_rsp_next(r, &rec)) {
			size_t l = strtoul(tu_param(&rec, "L"), NULL, 10), kl, ml, tl;
			uint8_t *k = tu_unhex(tu_get(&rec, "Key"), &kl), *m = tu_unhex(tu_get(&rec, "Msg"), &ml);
			uint8_t *t = tu_unhex(tu_get(&rec, "Mac"), &tl);
			const char *name = l == 20 ? macs[0] : l == 28 ? macs[1] : l == 32 ? macs[2] : l == 48 ? macs[3] : macs[4];
			mac_ctx *mc = mac_get_instance_from(name, "softhsm");

			ck_assert_msg(mc != NULL, "%s: %s", name, jca_last_error_message());
			ck_assert_int_eq(mac_init(mc, k, kl), 0);
			ck_assert_int_eq(mac_update(mc, m, ml), 0);
			ck_assert_int_eq(tu_mac_final(mc, got, sizeof got), (int)l);
			ck_assert_msg(memcmp(got, t, tl) == 0, "HMAC.rsp line %d", rec.line);
			mac_free(mc);
			free(k);
			free(m);
			free(t);
			total++;
		}
		if (r)
			tu_rsp_close(r);
		printf("HMAC vectors through the token: %zu\n", total);
	}
	for (i = 0; i < sizeof macs / sizeof macs[0]; i++) {
		for (round = 0; round < 30; round++) {
			size_t kl = round ? (size_t)rand() % sizeof key : 0, len = (size_t)rand() % sizeof msg;
			size_t cut = len ? (size_t)rand() % len : 0;
			mac_ctx *a = mac_get_instance_from(macs[i], "builtin"), *b = mac_get_instance_from(macs[i], "softhsm");

			ck_assert_msg(b != NULL, "%s", jca_last_error_message());
			fill(key, kl);
			mac_init(a, key, kl);
			mac_update(a, msg, len);
			tu_mac_final(a, want, sizeof want);
			ck_assert_int_eq(mac_init(b, key, kl), 0);
			ck_assert_int_eq(mac_update(b, msg, cut), 0);
			ck_assert_int_eq(mac_update(b, msg + cut, len - cut), 0);
			ck_assert_int_gt(tu_mac_final(b, got, sizeof got), 0);
			ck_assert_msg(memcmp(got, want, mac_length(a)) == 0, "%s key %zu len %zu", macs[i], kl, len);
			/* keyed state kept: the same tag again */
			mac_update(b, msg, len);
			tu_mac_final(b, got, sizeof got);
			ck_assert(memcmp(got, want, mac_length(a)) == 0);
			mac_free(a);
			mac_free(b);
		}
	}
}
END_TEST

/* Secret keys this process sees on the token (session objects included):
 * through the module the plugin loaded, already logged in. */
static long token_keys(void)
{
	CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
	CK_ATTRIBUTE a = { CKA_CLASS, &cls, sizeof cls };
	CK_OBJECT_HANDLE h[64];
	CK_SLOT_ID slots[8];
	CK_ULONG ns = 8, n = 0, i;
	CK_SESSION_HANDLE s;
	CK_C_GetFunctionList get;
	CK_FUNCTION_LIST_PTR f;
	CK_TOKEN_INFO ti;
	long total = -1;
	void *dl = dlopen(module, RTLD_NOW | RTLD_NOLOAD);

	ck_assert_ptr_nonnull(dl);
	*(void **)&get = dlsym(dl, "C_GetFunctionList");
	ck_assert_int_eq(get(&f), CKR_OK);
	ck_assert_int_eq(f->C_GetSlotList(CK_TRUE, slots, &ns), CKR_OK);
	for (i = 0; i < ns; i++)
		if (f->C_GetTokenInfo(slots[i], &ti) == CKR_OK && memcmp(ti.label, "jca-test ", 9) == 0)
			break;
	ck_assert_uint_lt(i, ns);
	ck_assert_int_eq(f->C_OpenSession(slots[i], CKF_SERIAL_SESSION, NULL, NULL, &s), CKR_OK);
	if (f->C_FindObjectsInit(s, &a, 1) == CKR_OK) {
		total = 0;
		while (f->C_FindObjects(s, h, 64, &n) == CKR_OK && n)
			total += (long)n;
		f->C_FindObjectsFinal(s);
	}
	f->C_CloseSession(s);
	dlclose(dl);
	return total;
}

/* HMAC on the token: the key is a token object while the Mac lives, gone
 * when it is freed; cipher keys likewise. */
START_TEST(test_keys_on_token)
{
	uint8_t key[32] = { 1, 2, 3 }, iv[16] = { 0 }, tag[32], want[32];
	mac_ctx *m, *b;
	cipher_ctx *c;
	long base;

	config_token();
	m = mac_get_instance_from("HmacSHA256", "softhsm");
	ck_assert_ptr_nonnull(m);
	base = token_keys();
	ck_assert_int_ge(base, 0);
	ck_assert_int_eq(mac_init(m, key, sizeof key), 0);
	ck_assert_int_eq(token_keys(), base + 1);
	c = cipher_get_instance_from("AES/CBC/NoPadding", "softhsm");
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, iv, 16), 0);
	ck_assert_int_eq(token_keys(), base + 2);
	/* re-keying replaces the key */
	ck_assert_int_eq(mac_init(m, key, 20), 0);
	ck_assert_int_eq(token_keys(), base + 2);
	mac_update(m, "abc", 3);
	ck_assert_int_eq(tu_mac_final(m, tag, sizeof tag), 32);
	b = mac_get_instance_from("HmacSHA256", "builtin");
	mac_init(b, key, 20);
	mac_update(b, "abc", 3);
	tu_mac_final(b, want, sizeof want);
	mac_free(b);
	ck_assert(memcmp(tag, want, 32) == 0);
	/* mac_reset drops the input, keeps the key */
	mac_update(m, "zzz", 3);
	ck_assert_int_eq(mac_reset(m), 0);
	mac_update(m, "abc", 3);
	ck_assert_int_eq(tu_mac_final(m, tag, sizeof tag), 32);
	ck_assert(memcmp(tag, want, 32) == 0);
	/* the token's own Mac (a declared Mac service), not HMAC derived over
	 * the token's digest */
	ck_assert_str_eq(mac_provider(m), "softhsm");
	ck_assert_str_eq(mac_implementation(m), "hmac-sha256-softhsm");
	/* a keyed MAC cannot leave the token: clone is refused with the reason */
	ck_assert_ptr_null(mac_clone(m));
	ck_assert_int_eq(jca_last_error(), JCA_UNSUPPORTED);
	ck_assert_msg(strstr(jca_last_error_message(), "cannot be cloned") != NULL, "%s", jca_last_error_message());
	mac_free(m);
	cipher_free(c);
	ck_assert_int_eq(token_keys(), base);
}
END_TEST

/* ---- Cipher: NIST CBC vectors, ECB/CBC with both paddings, splits, in place ---- */

START_TEST(test_cipher)
{
	static const char *const files[] = { "CBCGFSbox", "CBCKeySbox", "CBCVarKey", "CBCVarTxt", "CBCMMT" };
	static const char *const trans[] = { "AES/CBC/NoPadding", "AES/ECB/NoPadding", "AES/CBC/PKCS5Padding",
		"AES/ECB/PKCS5Padding", "AES" };
	const char *vec = tu_vectors_dir();
	static uint8_t msg[4096], a[4200], b[4200];
	uint8_t key[32], iv[16];
	size_t i, f, round, total = 0;

	config_token();
	ck_assert(offered("Cipher", "AES"));
	for (f = 0; vec && f < sizeof files / sizeof files[0]; f++) {
		static const int bits[] = { 128, 192, 256 };
		size_t kb;

		for (kb = 0; kb < 3; kb++) {
			char path[4096];
			tu_rsp *r;
			tu_rec rec;

			snprintf(path, sizeof path, "%s/aes/%s%d.rsp", vec, files[f], bits[kb]);
			if (!(r = tu_rsp_open(path)))
				continue;
			while (tu_rsp_next(r, &rec)) {
				size_t kl, il, pl, cl, n;
				uint8_t *k = tu_unhex(tu_get(&rec, "KEY"), &kl), *v = tu_unhex(tu_get(&rec, "IV"), &il);
				uint8_t *p = tu_unhex(tu_get(&rec, "PLAINTEXT"), &pl), *c = tu_unhex(tu_get(&rec, "CIPHERTEXT"), &cl);
				int enc = tu_param(&rec, "ENCRYPT") != NULL;
				cipher_ctx *cc = cipher_get_instance_from("AES/CBC/NoPadding", "softhsm");

				ck_assert_int_eq(cipher_init(cc, enc ? JCA_ENCRYPT : JCA_DECRYPT, k, kl, v, il), 0);
				ck_assert_int_eq(cipher_do_final(cc, enc ? p : c, pl, a, sizeof a, &n), 0);
				ck_assert_msg(n == pl && memcmp(a, enc ? c : p, n) == 0, "%s line %d", path, rec.line);
				cipher_free(cc);
				free(k);
				free(v);
				free(p);
				free(c);
				total++;
			}
			tu_rsp_close(r);
		}
	}
	if (vec)
		printf("AES-CBC vectors through the token: %zu\n", total);
	fill(msg, sizeof msg);
	for (i = 0; i < sizeof trans / sizeof trans[0]; i++) {
		int pad = strstr(trans[i], "PKCS5") != NULL || strcmp(trans[i], "AES") == 0;

		for (round = 0; round < 30; round++) {
			size_t kl = 16 + 8 * (round % 3), len = pad ? (size_t)rand() % 4000 : 16 * ((size_t)rand() % 250);
			size_t cut = len ? (size_t)rand() % len : 0, na = 0, nb = 0, n;
			cipher_ctx *x = cipher_get_instance_from(trans[i], "builtin");
			cipher_ctx *y = cipher_get_instance_from(trans[i], "softhsm");
			int ecb = strstr(trans[i], "CBC") == NULL;

			ck_assert_msg(y != NULL, "%s: %s", trans[i], jca_last_error_message());
			fill(key, kl);
			fill(iv, 16);
			ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, kl, ecb ? NULL : iv, ecb ? 0 : 16), 0);
			ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, kl, ecb ? NULL : iv, ecb ? 0 : 16), 0);
			ck_assert_int_eq(cipher_do_final(x, msg, len, a, sizeof a, &na), 0);
			/* split in two updates, then the final */
			ck_assert_int_eq(cipher_update(y, msg, cut, b, sizeof b, &n), 0);
			nb = n;
			ck_assert_int_eq(cipher_update(y, msg + cut, len - cut, b + nb, sizeof b - nb, &n), 0);
			nb += n;
			ck_assert_int_eq(cipher_do_final(y, NULL, 0, b + nb, sizeof b - nb, &n), 0);
			nb += n;
			ck_assert_msg(na == nb && memcmp(a, b, na) == 0, "%s key %zu len %zu cut %zu", trans[i], kl, len, cut);
			/* decrypt in place on the token */
			ck_assert_int_eq(cipher_init(y, JCA_DECRYPT, key, kl, ecb ? NULL : iv, ecb ? 0 : 16), 0);
			ck_assert_int_eq(cipher_do_final(y, b, nb, b, sizeof b, &n), 0);
			ck_assert_msg(n == len && memcmp(b, msg, len) == 0, "%s decrypt", trans[i]);
			cipher_free(x);
			cipher_free(y);
		}
	}
	/* a bad key length: a clear error */
	{
		cipher_ctx *y = cipher_get_instance_from("AES/CBC/NoPadding", "softhsm");

		ck_assert_int_lt(cipher_init(y, JCA_ENCRYPT, key, 17, iv, 16), 0);
		cipher_free(y);
	}
}
END_TEST

/* ---- many threads on one token ---- */

static void *worker(void *arg)
{
	uint8_t msg[3000], key[32], iv[16], a[3100], b[3100], da[64], db[64];
	unsigned seed = (unsigned)(uintptr_t)arg;
	int round;

	for (round = 0; round < 40; round++) {
		size_t len = rand_r(&seed) % sizeof msg, na, nb, i;
		const char *alg = digests[rand_r(&seed) % 5];
		md_ctx *x = md_get_instance_from(alg, "builtin"), *y = md_get_instance_from(alg, "softhsm");
		mac_ctx *m = mac_get_instance_from("HmacSHA256", "softhsm"), *n = mac_get_instance_from("HmacSHA256", "builtin");
		cipher_ctx *c = cipher_get_instance_from("AES/CBC/PKCS5Padding", "softhsm");
		cipher_ctx *d = cipher_get_instance_from("AES/CBC/PKCS5Padding", "builtin");

		if (!x || !y || !m || !n || !c || !d)
			return (void *)"instance";
		for (i = 0; i < len; i++)
			msg[i] = (uint8_t)rand_r(&seed);
		for (i = 0; i < 32; i++)
			key[i] = (uint8_t)rand_r(&seed);
		for (i = 0; i < 16; i++)
			iv[i] = (uint8_t)rand_r(&seed);
		md_update(x, msg, len);
		md_update(y, msg, len);
		tu_digest(x, da, md_length(x));
		if (tu_digest(y, db, md_length(y)) < 0 || memcmp(da, db, md_length(x)) != 0)
			return (void *)"digest";
		mac_init(m, key, 32);
		mac_init(n, key, 32);
		mac_update(m, msg, len);
		mac_update(n, msg, len);
		tu_mac_final(n, da, 64);
		if (tu_mac_final(m, db, 64) < 0 || memcmp(da, db, 32) != 0)
			return (void *)"mac";
		cipher_init(c, JCA_ENCRYPT, key, 32, iv, 16);
		cipher_init(d, JCA_ENCRYPT, key, 32, iv, 16);
		cipher_do_final(d, msg, len, a, sizeof a, &na);
		if (cipher_do_final(c, msg, len, b, sizeof b, &nb) != 0 || na != nb || memcmp(a, b, na) != 0)
			return (void *)"cipher";
		md_free(x);
		md_free(y);
		mac_free(m);
		mac_free(n);
		cipher_free(c);
		cipher_free(d);
	}
	return NULL;
}

START_TEST(test_threads)
{
	pthread_t t[12];
	size_t i;

	config_token();
	for (i = 0; i < 12; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(i + 1)), 0);
	for (i = 0; i < 12; i++) {
		void *r;

		pthread_join(t[i], &r);
		ck_assert_msg(r == NULL, "thread %zu: %s differs or failed", i, (const char *)r);
	}
}
END_TEST

/* ---- fork: the child's old objects fail cleanly, new ones work ---- */

START_TEST(test_fork)
{
	uint8_t msg[1000], want[32], got[32];
	md_ctx *md;
	pid_t pid;
	int status = -1;

	config_token();
	fill(msg, sizeof msg);
	digest_of("SHA-256", "builtin", msg, sizeof msg, want);
	md = md_get_instance_from("SHA-256", "softhsm");
	md_update(md, msg, 500);     /* on the token now */
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int bad = 0;
		md_ctx *fresh;

		if (md_update(md, msg + 500, 500) == 0)
			bad |= 1;   /* the parent's session: refused in the child */
		md_free(md);
		fresh = md_get_instance_from("SHA-256", "softhsm");
		if (!fresh || md_update(fresh, msg, sizeof msg) != 0 || tu_digest(fresh, got, 32) != 32 ||
		    memcmp(got, want, 32) != 0)
			bad |= 2;
		md_free(fresh);
		_exit(bad);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
	ck_assert_int_eq(md_update(md, msg + 500, 500), 0);
	ck_assert_int_eq(tu_digest(md, got, 32), 32);
	ck_assert(memcmp(got, want, 32) == 0);
	md_free(md);
}
END_TEST

/* ---- SecureRandom PKCS11-RNG: the token's C_GenerateRandom ---- */

START_TEST(test_rng)
{
	uint8_t a[1000], b[1000], zero[1000] = { 0 };
	random_ctx *r, *r2;
	random_params p;
	pid_t pid;
	int status = -1;

	config_token();
	ck_assert(offered("SecureRandom", "PKCS11-RNG"));
	r = random_get_instance("PKCS11-RNG");
	ck_assert_msg(r != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(random_provider(r), "softhsm");
	ck_assert_str_eq(random_implementation(r), "rng-softhsm");
	memset(a, 0, sizeof a);
	memset(b, 0, sizeof b);
	ck_assert_int_eq(random_next_bytes(r, a, sizeof a), 0);
	ck_assert_int_eq(random_next_bytes(r, b, sizeof b), 0);
	/* the right length (the last byte written too: not all zero at the
	 * end), and two calls differ */
	ck_assert(memcmp(a, zero, sizeof a) != 0 && memcmp(a + 984, zero, 16) != 0);
	ck_assert(memcmp(a, b, sizeof a) != 0);
	ck_assert_int_eq(random_next_bytes(r, a, 0), 0);
	/* a second object (its own session) differs from the first */
	r2 = random_get_instance_from("PKCS11-RNG", "softhsm");
	ck_assert_ptr_nonnull(r2);
	ck_assert_int_eq(random_next_bytes(r2, a, sizeof a), 0);
	ck_assert(memcmp(a, b, sizeof a) != 0);
	random_free(r2);
	/* a source with its own entropy: no parameters, no additional input */
	memset(&p, 0, sizeof p);
	p.mechanism = "CTR_DRBG";
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	ck_assert_int_eq(random_generate(r, a, 16, 0, "x", 1), JCA_EINVAL);
	ck_assert_int_eq(random_reseed(r, NULL, 0), 0);
	/* fork: the object made before it still draws (a session of the
	 * child's), and the child's bytes are not the parent's */
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int bad = random_next_bytes(r, a, 32) != 0;

		random_free(r);
		_exit(bad);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
	ck_assert_int_eq(random_next_bytes(r, a, 32), 0);
	random_free(r);
	printf("PKCS11-RNG: %s of provider softhsm, 1000 bytes drawn twice, distinct\n", "rng-softhsm");
}
END_TEST

/* ---- a token failing under live objects: JCA_IMPL, with the CKR_ name ---- */

START_TEST(test_token_error)
{
	uint8_t msg[1000], key[16] = { 0 }, out[1040], iv[16] = { 0 };
	CK_C_GetFunctionList get;
	CK_FUNCTION_LIST_PTR f;
	md_ctx *md;
	cipher_ctx *c;
	size_t n;
	void *h;

	config_token();
	fill(msg, sizeof msg);
	md = md_get_instance_from("SHA-256", "softhsm");
	c = cipher_get_instance_from("AES/CBC/PKCS5Padding", "softhsm");
	ck_assert_ptr_nonnull(md);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(md_update(md, msg, sizeof msg), 0);     /* the token holds the state now */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), 0);
	/* pull the module out from under them: the plugin's copy of it (the
	 * same mapping) is finalised */
	h = dlopen(module, RTLD_NOW | RTLD_NOLOAD);
	ck_assert_ptr_nonnull(h);
	*(void **)&get = dlsym(h, "C_GetFunctionList");
	ck_assert_int_eq(get(&f), CKR_OK);
	ck_assert_int_eq(f->C_Finalize(NULL), CKR_OK);
	ck_assert_int_eq(md_update(md, msg, sizeof msg), JCA_IMPL);
	ck_assert_msg(strstr(jca_last_error_message(), "CKR_CRYPTOKI_NOT_INITIALIZED") != NULL, "%s",
	              jca_last_error_message());
	printf("token failure under a digest: %s\n", jca_last_error_message());
	ck_assert_int_eq(cipher_do_final(c, msg, sizeof msg, out, sizeof out, &n), JCA_IMPL);
	ck_assert_msg(strstr(jca_last_error_message(), "CKR_") != NULL, "%s", jca_last_error_message());
	printf("token failure under a cipher: %s\n", jca_last_error_message());
	md_free(md);
	cipher_free(c);
	/* the rest of the registry is untouched */
	md = md_get_instance_from("SHA-256", "builtin");
	ck_assert_ptr_nonnull(md);
	md_free(md);
	dlclose(h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("PKCS#11 services");
	TCase *tc = tcase_create("softhsm2");
	SRunner *sr;
	int failed, rc = p11t_init();

	if (rc)
		return rc;
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_digest_vectors);
	tcase_add_test(tc, test_digest_splits);
	tcase_add_test(tc, test_mac);
	tcase_add_test(tc, test_keys_on_token);
	tcase_add_test(tc, test_cipher);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_fork);
	tcase_add_test(tc, test_rng);
	tcase_add_test(tc, test_token_error);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
