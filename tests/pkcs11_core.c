/* SPDX-License-Identifier: Apache-2.0 */
/*
 * pkcs11_core - a small driver of the PKCS#11 core (plugins/pkcs11/p11*.c)
 * against a real token, independent of the plugin ABI: every digest, HMAC
 * and AES mechanism the token offers, compared with libjca's built-in
 * provider on random inputs, split at random points; a copy; fork.
 *
 *   pkcs11_core MODULE LABEL PIN_ENV
 *
 * Prints the token's offered mechanisms; exits 0 if all agree, 1 if not.
 * tests/pkcs11.sh creates the SoftHSM2 token and runs it.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jca.h>

#include "../plugins/pkcs11/p11_internal.h"

static int failures;

#define CHECK(cond, ...) do { \
		if (!(cond)) { \
			failures++; \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__); \
			fprintf(stderr, " [%s]\n", p11_error_message()); \
		} \
	} while (0)

static const struct {
	const char *jca;
	CK_MECHANISM_TYPE md, hmac;
	size_t len;
} algs[] = {
	{ "SHA-1", CKM_SHA_1, CKM_SHA_1_HMAC, 20 },
	{ "SHA-224", CKM_SHA224, CKM_SHA224_HMAC, 28 },
	{ "SHA-256", CKM_SHA256, CKM_SHA256_HMAC, 32 },
	{ "SHA-384", CKM_SHA384, CKM_SHA384_HMAC, 48 },
	{ "SHA-512", CKM_SHA512, CKM_SHA512_HMAC, 64 },
	{ "SHA-512/224", CKM_SHA512_224, CKM_SHA512_224_HMAC, 28 },
	{ "SHA-512/256", CKM_SHA512_256, CKM_SHA512_256_HMAC, 32 },
	{ "SHA3-224", CKM_SHA3_224, CKM_SHA3_224_HMAC, 28 },
	{ "SHA3-256", CKM_SHA3_256, CKM_SHA3_256_HMAC, 32 },
	{ "SHA3-384", CKM_SHA3_384, CKM_SHA3_384_HMAC, 48 },
	{ "SHA3-512", CKM_SHA3_512, CKM_SHA3_512_HMAC, 64 },
};

static unsigned char data[70000];

static void fill(void *p, size_t n)
{
	unsigned char *b = p;

	while (n--)
		*b++ = (unsigned char)rand();
}

static void digests(p11_token *t)
{
	size_t i, round;

	for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
		if (!p11_has(t, algs[i].md, CKF_DIGEST, NULL, NULL)) {
			printf("  %-12s digest: not offered\n", algs[i].jca);
			continue;
		}
		printf("  %-12s digest\n", algs[i].jca);
		for (round = 0; round < 40; round++) {
			size_t len = round < 20 ? round * 13 : (size_t)rand() % sizeof data, cut = len ? (size_t)rand() % len : 0;
			unsigned char want[64], got[64];
			p11_digest d, c;
			md_ctx *md = md_get_instance_from(algs[i].jca, "builtin");

			memset(&d, 0, sizeof d);
			memset(&c, 0, sizeof c);
			md_update(md, data, len);
			md_digest(md, want, algs[i].len);
			md_free(md);
			CHECK(p11_digest_init(&d, t, algs[i].md) == 0, "init %s", algs[i].jca);
			CHECK(p11_digest_update(&d, data, cut) == 0, "update");
			/* a copy taken before the token holds state always works */
			if (cut <= P11_BUF)
				CHECK(p11_digest_copy(&c, &d) == 0, "copy");
			CHECK(p11_digest_update(&d, data + cut, len - cut) == 0, "update");
			CHECK(p11_digest_final(&d, got, algs[i].len) == 0, "final");
			CHECK(memcmp(want, got, algs[i].len) == 0, "%s of %zu bytes split at %zu", algs[i].jca, len, cut);
			if (cut <= P11_BUF) {
				memset(got, 0, sizeof got);
				CHECK(p11_digest_update(&c, data + cut, len - cut) == 0, "update copy");
				CHECK(p11_digest_final(&c, got, algs[i].len) == 0, "final copy");
				CHECK(memcmp(want, got, algs[i].len) == 0, "copy of %s", algs[i].jca);
			}
			p11_digest_cleanup(&c);
			p11_digest_cleanup(&d);
		}
	}
}

static void hmacs(p11_token *t)
{
	size_t i, round;

	for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
		char name[32];

		if (!p11_has(t, algs[i].hmac, CKF_SIGN, NULL, NULL)) {
			printf("  %-12s HMAC: not offered\n", algs[i].jca);
			continue;
		}
		printf("  %-12s HMAC\n", algs[i].jca);
		snprintf(name, sizeof name, "HMAC-%s", algs[i].jca);
		for (round = 0; round < 20; round++) {
			size_t klen = round == 0 ? 0 : round == 1 ? 600 : (size_t)rand() % 200, len = (size_t)rand() % 5000;
			size_t cut = len ? (size_t)rand() % len : 0;
			unsigned char key[600], want[64], got[64];
			p11_hmac h;
			mac_ctx *m = mac_get_instance_from(name, "builtin");

			CHECK(m != NULL, "builtin %s: %s", name, jca_last_error_message());
			if (!m)
				break;
			fill(key, klen);
			memset(&h, 0, sizeof h);
			mac_init(m, key, klen);
			mac_update(m, data, len);
			mac_do_final(m, want, sizeof want);
			mac_free(m);
			CHECK(p11_hmac_init(&h, t, algs[i].hmac, key, klen) == 0, "hmac init");
			CHECK(p11_hmac_update(&h, data, cut) == 0 && p11_hmac_update(&h, data + cut, len - cut) == 0,
			      "hmac update");
			CHECK(p11_hmac_final(&h, got, sizeof got) == 0, "hmac final");
			CHECK(memcmp(want, got, algs[i].len) == 0, "%s key %zu data %zu", name, klen, len);
			/* back to the keyed state: the same tag again */
			memset(got, 0, sizeof got);
			CHECK(p11_hmac_update(&h, data, len) == 0 && p11_hmac_final(&h, got, sizeof got) == 0, "again");
			CHECK(memcmp(want, got, algs[i].len) == 0, "%s second tag", name);
			p11_hmac_cleanup(&h);
		}
	}
}

static void aes(p11_token *t)
{
	static const struct {
		CK_MECHANISM_TYPE mech;
		const char *name, *jca;
	} modes[] = { { CKM_AES_ECB, "AES-ECB", "AES/ECB/NoPadding" }, { CKM_AES_CBC, "AES-CBC", "AES/CBC/NoPadding" } };
	size_t i, round;

	for (i = 0; i < 2; i++) {
		if (!p11_has(t, modes[i].mech, CKF_ENCRYPT | CKF_DECRYPT, NULL, NULL)) {
			printf("  %-12s: not offered\n", modes[i].name);
			continue;
		}
		printf("  %-12s\n", modes[i].name);
		for (round = 0; round < 30; round++) {
			size_t klen = 16 + 8 * (round % 3), len = 16 * ((size_t)rand() % 600), cut = 16 * (len ? (size_t)rand() % (len / 16 + 1) : 0);
			unsigned char key[32], iv[16], iv2[16], want[9600], got[9600];
			size_t wl = sizeof want;
			p11_aes a;
			cipher_ctx *c = cipher_get_instance_from(modes[i].jca, "builtin");

			fill(key, klen);
			fill(iv, 16);
			memcpy(iv2, iv, 16);
			memset(&a, 0, sizeof a);
			cipher_init(c, JCA_ENCRYPT, key, klen, i ? iv : NULL, i ? 16 : 0);
			CHECK(cipher_do_final(c, data, len, want, sizeof want, &wl) == 0 && wl == len, "builtin");
			cipher_free(c);
			CHECK(p11_aes_set_key(&a, t, key, klen) == 0, "set key");
			CHECK(p11_aes_crypt(&a, modes[i].mech, 1, iv2, got, data, cut) == 0, "encrypt");
			CHECK(p11_aes_crypt(&a, modes[i].mech, 1, iv2, got + cut, data + cut, len - cut) == 0, "encrypt");
			CHECK(memcmp(want, got, len) == 0, "%s key %zu data %zu cut %zu", modes[i].name, klen, len, cut);
			/* decrypt in place */
			memcpy(iv2, iv, 16);
			CHECK(p11_aes_crypt(&a, modes[i].mech, 0, iv2, got, got, cut) == 0, "decrypt");
			CHECK(p11_aes_crypt(&a, modes[i].mech, 0, iv2, got + cut, got + cut, len - cut) == 0, "decrypt");
			CHECK(memcmp(data, got, len) == 0, "%s decrypt in place", modes[i].name);
			CHECK(p11_aes_crypt(&a, modes[i].mech, 1, iv2, got, data, 15) == JCA_NOTBLOCK, "15 bytes");
			p11_aes_cleanup(&a);
		}
	}
	{
		p11_aes a;

		memset(&a, 0, sizeof a);
		CHECK(p11_aes_set_key(&a, t, data, 17) == JCA_KEYLEN, "17-byte key");
		p11_aes_cleanup(&a);
	}
}

/* Secret-key objects this application sees on the token. */
static long count_keys(p11_token *t)
{
	CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
	CK_ATTRIBUTE a = { CKA_CLASS, &cls, sizeof cls };
	CK_OBJECT_HANDLE h[64];
	CK_SESSION_HANDLE s;
	CK_ULONG n = 0;
	unsigned long gen;
	long total = 0;
	CK_RV rv;

	if (p11__session_get(t, &s, &gen) != 0)
		return -1;
	rv = t->mod->f->C_FindObjectsInit(s, &a, 1);
	while (rv == CKR_OK && (rv = t->mod->f->C_FindObjects(s, h, 64, &n)) == CKR_OK && n)
		total += (long)n;
	t->mod->f->C_FindObjectsFinal(s);
	p11__session_put(t, s, gen, 1);
	return rv == CKR_OK ? total : -1;
}

/* Keys are session objects, destroyed when their object is re-keyed or
 * cleaned up. */
static void keys_destroyed(p11_token *t)
{
	p11_aes a[3];
	p11_hmac h[2];
	long before = count_keys(t), during, after;
	size_t i;

	memset(a, 0, sizeof a);
	memset(h, 0, sizeof h);
	for (i = 0; i < 3; i++) {
		CHECK(p11_aes_set_key(&a[i], t, data, 16) == 0, "key");
		CHECK(p11_aes_set_key(&a[i], t, data, 32) == 0, "re-key");
	}
	for (i = 0; i < 2; i++) {
		CHECK(p11_hmac_init(&h[i], t, CKM_SHA256_HMAC, data, 40) == 0, "mac key");
		CHECK(p11_hmac_init(&h[i], t, CKM_SHA256_HMAC, data, 50) == 0, "mac re-key");
	}
	during = count_keys(t);
	for (i = 0; i < 3; i++)
		p11_aes_cleanup(&a[i]);
	for (i = 0; i < 2; i++)
		p11_hmac_cleanup(&h[i]);
	after = count_keys(t);
	CHECK(before >= 0 && during == before + 5 && after == before, "secret keys on the token: %ld, %ld, %ld",
	      before, during, after);
	printf("  keys: %ld secret-key objects while 5 objects live (re-keyed once each), %ld after cleanup\n",
	       during - before, after - before);
}

/* After fork: an object from the parent fails with a clear error in the
 * child; a new one works; the parent is unaffected. */
static void forked(p11_token *t)
{
	p11_digest d;
	unsigned char out[32], want[32];
	pid_t pid;
	int status = 0;
	md_ctx *md = md_get_instance_from("SHA-256", "builtin");

	md_update(md, "abc", 3);
	md_digest(md, want, 32);
	md_free(md);
	memset(&d, 0, sizeof d);
	CHECK(p11_digest_init(&d, t, CKM_SHA256) == 0, "init");
	CHECK(p11_digest_update(&d, data, 1000) == 0, "update");
	fflush(NULL);      /* the child must not write our buffered output again */
	pid = fork();
	if (pid == 0) {
		p11_digest e;
		int bad = 0;

		memset(&e, 0, sizeof e);
		if (p11_digest_update(&d, "x", 1) != JCA_IO || !strstr(p11_error_message(), "fork"))
			bad |= 1;
		p11_digest_cleanup(&d);
		if (p11_digest_init(&e, t, CKM_SHA256) != 0 || p11_digest_update(&e, "abc", 3) != 0 ||
		    p11_digest_final(&e, out, 32) != 0 || memcmp(out, want, 32) != 0)
			bad |= 2;
		if (bad)
			fprintf(stderr, "child: %d %s\n", bad, p11_error_message());
		p11_digest_cleanup(&e);
		_exit(bad);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "child after fork (status %d)", status);
	CHECK(p11_digest_final(&d, out, 32) == 0, "parent goes on after the fork");
	p11_digest_cleanup(&d);
	printf("  fork: the child's old object refused, new one works; parent unaffected\n");
}

/* The core loads a module only through its caller's loader (the plugin
 * passes the host's load_library, which applies the trust rules); this
 * driver, outside any host, loads the module the test script names. */
static void *load_module(const char *path, char *why, size_t why_size)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		snprintf(why, why_size, "%s", dlerror());
	return h;
}

int main(int argc, char **argv)
{
	p11_settings s = { .name = "core", .load_library = load_module };
	p11_token *t = NULL;

	if (argc != 4) {
		fprintf(stderr, "usage: pkcs11_core MODULE LABEL PIN_ENV\n");
		return 2;
	}
	s.library = argv[1];
	s.token = argv[2];
	s.pin_env = argv[3];
	fill(data, sizeof data);
	if (p11_open(&s, &t) != 0) {
		fprintf(stderr, "FAIL open: %s\n", p11_error_message());
		return 1;
	}
	printf("token: %s\n", p11_describe(t));
	digests(t);
	hmacs(t);
	aes(t);
	keys_destroyed(t);
	forked(t);
	p11_close(t);
	printf("%s (%d failures)\n", failures ? "FAIL" : "PASS", failures);
	return failures ? 1 : 0;
}
