/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca inside a program that defines libjca's own function names (issue 33
 * item 1). tests/interpose_traps.c (generated from the API list) defines
 * every exported name as a trap, and this program exports them
 * (-export-dynamic), so the dynamic linker would bind to them any call that
 * libjca makes to its own public functions through the PLT: a mac_update of
 * the application's inside PBKDF2, say. The program is not linked with
 * libjca as any application is, and reaches libjca's own definitions through
 * dlsym on libjca's handle (dlopen of its soname, RTLD_NOLOAD). It loads the
 * bundled plugins from the build tree (the pkcs11 one on a SoftHSM2 token
 * when SoftHSM2 is installed) and checks known answers made with
 * Python's hashlib and cryptography (OpenSSL inside) and the RFCs: a digest
 * (each provider that offers SHA-256), HMAC, PBKDF2, HKDF, AES-GCM, a
 * jca_stream, Ed25519, X25519, an HMAC_DRBG and a KeyStore lookup.
 * Exit 0, 1 (a wrong answer or a trap sprung), 77 (no shared library).
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"

#ifndef JCA_BUILDDIR
#define JCA_BUILDDIR "."
#endif

extern const unsigned interpose_trap_total;
unsigned interpose_trap_count(void);

static void *lib;
static int failures;

/* The library's own definition of a name, never the application's. */
#define J(name) ((__typeof__(&name))sym(#name))

static void *sym(const char *name)
{
	void *p = dlsym(lib, name);

	if (!p) {
		printf("FAIL: libjca.so does not export %s\n", name);
		exit(1);
	}
	return p;
}

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s: ", ok ? "ok" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (!ok) {
		printf(" (%s)", J(jca_last_error_message)());
		failures++;
	}
	putchar('\n');
}

static size_t unhex(const char *hex, unsigned char *out)
{
	size_t n = 0;

	for (; hex[0] && hex[1]; hex += 2) {
		unsigned v;

		if (sscanf(hex, "%2x", &v) != 1)
			break;
		out[n++] = (unsigned char)v;
	}
	return n;
}

static int equals_hex(const unsigned char *got, size_t len, const char *want)
{
	unsigned char w[256];

	return strlen(want) == 2 * len && unhex(want, w) == len && memcmp(got, w, len) == 0;
}

static void digests(void)
{
	static const char want[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
	static const char *const from[] = { "builtin", "openssl", "softhsm" };
	unsigned char out[32];
	size_t n = 0;

	for (size_t i = 0; i < sizeof from / sizeof from[0]; i++) {
		md_ctx *md;

		if (!J(jca_provider_find)(from[i]))
			continue;
		md = J(md_get_instance_from)("SHA-256", from[i]);
		check(md && J(md_update)(md, "abc", 3) == 0 && J(md_digest)(md, out, sizeof out, &n) == 0 &&
		      equals_hex(out, n, want), "SHA-256(\"abc\") from %s", from[i]);
		J(md_free)(md);
	}
	check(J(md_oneshot)("sha256", "abc", 3, out, sizeof out, &n) == 0 && equals_hex(out, n, want),
	      "md_oneshot SHA-256");
}

static void macs(void)
{
	static const char msg[] = "what do ya want for nothing?";
	unsigned char out[32];
	size_t n = 0;
	mac_ctx *m = J(mac_get_instance)("HmacSHA256");

	check(m && J(mac_init)(m, "Jefe", 4) == 0 && J(mac_update)(m, msg, strlen(msg)) == 0 &&
	      J(mac_do_final)(m, out, sizeof out, &n) == 0 &&
	      equals_hex(out, n, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
	      "HmacSHA256, RFC 4231 case 2");
	J(mac_free)(m);
}

static void kdfs(void)
{
	unsigned char out[64], ikm[22], salt[13], info[10];
	kdf_params p;
	kdf_ctx *k = J(kdf_get_instance)("PBKDF2WithHmacSHA256");

	memset(&p, 0, sizeof p);
	p.secret = "passwd";
	p.secret_len = 6;
	p.salt = "salt";
	p.salt_len = 4;
	p.iterations = 1;
	check(k && J(kdf_init)(k, &p) == 0 && J(kdf_derive)(k, out, 64) == 0 &&
	      equals_hex(out, 64, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
	                          "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
	      "PBKDF2WithHmacSHA256, RFC 7914 section 11");
	J(kdf_free)(k);

	memset(ikm, 0x0b, sizeof ikm);
	for (unsigned i = 0; i < sizeof salt; i++)
		salt[i] = (unsigned char)i;
	for (unsigned i = 0; i < sizeof info; i++)
		info[i] = (unsigned char)(0xf0 + i);
	memset(&p, 0, sizeof p);
	p.secret = ikm;
	p.secret_len = sizeof ikm;
	p.salt = salt;
	p.salt_len = sizeof salt;
	p.info = info;
	p.info_len = sizeof info;
	k = J(kdf_get_instance)("HKDF-SHA256");
	check(k && J(kdf_init)(k, &p) == 0 && J(kdf_derive)(k, out, 42) == 0 &&
	      equals_hex(out, 42, "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
	                          "34007208d5b887185865"),
	      "HKDF-SHA256, RFC 5869 case 1");
	J(kdf_free)(k);
}

static void aead(void)
{
	static const char pt[] = "libjca inside someone else's program";
	unsigned char key[16], iv[12], out[128], back[128];
	size_t n = 0, m = 0;
	cipher_ctx *c = J(cipher_get_instance)("AES/GCM/NoPadding");

	for (unsigned i = 0; i < 16; i++)
		key[i] = (unsigned char)i;
	for (unsigned i = 0; i < 12; i++)
		iv[i] = (unsigned char)i;
	check(c && J(cipher_init)(c, JCA_ENCRYPT, key, 16, iv, 12) == 0 &&
	      J(cipher_update_aad)(c, "header", 6) == 0 &&
	      J(cipher_do_final)(c, pt, strlen(pt), out, sizeof out, &n) == 0 &&
	      equals_hex(out, n, "ff05c5a4057ad73d25a108ee53830367de43758836cd989a9544d65e3434d003"
	                         "e2d6ba9ad78b06e96e47411e1391cb07833fb808"),
	      "AES-128-GCM seal (python3 cryptography)");
	check(c && J(cipher_init)(c, JCA_DECRYPT, key, 16, iv, 12) == 0 &&
	      J(cipher_update_aad)(c, "header", 6) == 0 &&
	      J(cipher_do_final)(c, out, n, back, sizeof back, &m) == 0 && m == strlen(pt) &&
	      memcmp(back, pt, m) == 0, "AES-128-GCM open");
	J(cipher_free)(c);
}

static void stream(void)
{
	static const char pt[] = "a stream of segments";
	unsigned char key[32], hdr[256], ct[256], back[256];
	size_t hn = 0, cn = 0, bn = 0;
	jca_stream_params sp;
	jca_stream *s;
	int ok;

	memset(key, 7, sizeof key);
	memset(&sp, 0, sizeof sp);
	sp.aead = "ChaCha20-Poly1305";
	s = J(jca_stream_new)(JCA_ENCRYPT, key, sizeof key, &sp);
	ok = s && J(jca_stream_write_header)(s, hdr, sizeof hdr, &hn) == 0 &&
	     J(jca_stream_seal)(s, pt, strlen(pt), 1, ct, sizeof ct, &cn) == 0;
	J(jca_stream_free)(s);
	s = J(jca_stream_new)(JCA_DECRYPT, key, sizeof key, &sp);
	ok = ok && s && J(jca_stream_read_header)(s, hdr, hn) == 0 &&
	     J(jca_stream_open)(s, ct, cn, 1, back, sizeof back, &bn) == 0 && J(jca_stream_finish)(s) == 0 &&
	     bn == strlen(pt) && memcmp(back, pt, bn) == 0;
	J(jca_stream_free)(s);
	ct[0] ^= 1;
	s = J(jca_stream_new)(JCA_DECRYPT, key, sizeof key, &sp);
	ok = ok && s && J(jca_stream_read_header)(s, hdr, hn) == 0 &&
	     J(jca_stream_open)(s, ct, cn, 1, back, sizeof back, &bn) == JCA_BADTAG;
	J(jca_stream_free)(s);
	check(ok, "jca_stream ChaCha20-Poly1305: round trip, a flipped bit refused");
}

static jca_key *raw_key(const char *alg, unsigned kind, const unsigned char *raw, size_t len)
{
	keyfactory_ctx *kf = J(keyfactory_get_instance)(alg);
	jca_key *k = NULL;

	if (kf && J(keyfactory_decode_raw)(kf, kind, raw, len, &k) != 0)
		k = NULL;
	J(keyfactory_free)(kf);
	return k;
}

static void ed25519(void)
{
	static const char want[] = "cc46d62d3754f41754b27b6ea2cb2c272bafa7a5a1f6062bd060f414e50caaea"
	                           "c2da66ad39cef4424a90236ea907b7d8057e3443dc5abfc9986967ee7213a407";
	unsigned char seed[32], pub[32], sig[64];
	size_t n = 0;
	jca_key *priv, *pk;
	signature_ctx *s;

	for (unsigned i = 0; i < 32; i++)
		seed[i] = (unsigned char)i;
	unhex("03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8", pub);
	priv = raw_key("Ed25519", JCA_KEY_PRIVATE, seed, 32);
	pk = raw_key("Ed25519", JCA_KEY_PUBLIC, pub, 32);
	s = J(signature_get_instance)("Ed25519");
	check(s && priv && J(signature_init_sign)(s, priv) == 0 && J(signature_update)(s, "abc", 3) == 0 &&
	      J(signature_sign)(s, sig, sizeof sig, &n) == 0 && equals_hex(sig, n, want),
	      "Ed25519 sign (python3 cryptography)");
	check(s && pk && J(signature_init_verify)(s, pk) == 0 && J(signature_update)(s, "abc", 3) == 0 &&
	      J(signature_verify)(s, sig, 64) == 0, "Ed25519 verify");
	J(signature_free)(s);
	J(jca_key_free)(priv);
	J(jca_key_free)(pk);
}

static void x25519(void)
{
	unsigned char a[32], bpub[32], out[32];
	size_t n = 0;
	jca_key *priv, *peer;
	keyagreement_ctx *ka;

	for (unsigned i = 0; i < 32; i++)
		a[i] = (unsigned char)(i + 1);
	unhex("5869aff450549732cbaaed5e5df9b30a6da31cb0e5742bad5ad4a1a768f1a67b", bpub);
	priv = raw_key("X25519", JCA_KEY_PRIVATE, a, 32);
	peer = raw_key("X25519", JCA_KEY_PUBLIC, bpub, 32);
	ka = J(keyagreement_get_instance)("X25519");
	check(ka && priv && peer && J(keyagreement_init)(ka, priv) == 0 && J(keyagreement_do_phase)(ka, peer) == 0 &&
	      J(keyagreement_generate_secret)(ka, out, sizeof out, &n) == 0 &&
	      equals_hex(out, n, "a84dc7c3c8f058b1b2dc4cd1e9b5dc0a7987f88b6a9564cde3391fc421159e77"),
	      "X25519 (python3 cryptography)");
	J(keyagreement_free)(ka);
	J(jca_key_free)(priv);
	J(jca_key_free)(peer);
}

/* HMAC_DRBG's entropy input (32 bytes of 0xa5), then its nonce (0x5a). */
static int fixed_entropy(void *arg, void *buf, size_t min_len, size_t max_len)
{
	int *calls = arg;
	size_t want = *calls == 0 ? 32 : 16;

	if (want < min_len || want > max_len)
		return -1;
	memset(buf, *calls == 0 ? 0xa5 : 0x5a, want);
	++*calls;
	return (int)want;
}

static void drbg(void)
{
	unsigned char out[32], out2[32];
	random_params p;
	int calls = 0;
	random_ctx *r = J(random_get_instance)("DRBG");

	memset(&p, 0, sizeof p);
	p.mechanism = "HMAC_DRBG,SHA-256,256";
	p.entropy = fixed_entropy;
	p.entropy_arg = &calls;
	/* SP 800-90A 10.1.2 written out in Python over hashlib's HMAC */
	check(r && J(random_init)(r, &p) == 0 && J(random_next_bytes)(r, out, 32) == 0 &&
	      J(random_next_bytes)(r, out2, 32) == 0 &&
	      equals_hex(out, 32, "d6401843a7cc4cc4420c55fe7cf1f54dc3b298de80272f75ff268eaee2f8054a") &&
	      equals_hex(out2, 32, "eca832eda89cf9c137065f471ecf75020cba0552b045fd54305dd203ff0ddb32"),
	      "HMAC_DRBG SHA-256 from fixed entropy");
	check(calls == 2, "the DRBG drew its entropy input and nonce from the caller's source (%d calls)", calls);
	J(random_free)(r);
	check(J(jca_random)(out, sizeof out) == 0, "jca_random");
}

static void keystores(void)
{
	keystore_ctx *ks = NULL;
	jca_key *k = NULL;
	int rc;

	if (!J(jca_provider_find)("softhsm")) {
		printf("note: no SoftHSM2 token: the KeyStore is not exercised\n");
		return;
	}
	check(J(keystore_lookup)("PKCS11") != NULL, "KeyStore PKCS11 looked up");
	rc = J(keystore_open_uri)("pkcs11:token=interpose", &ks);
	check(rc == 0 && ks && J(keystore_size)(ks) == 0, "KeyStore pkcs11:token=interpose opened, empty");
	J(keystore_free)(ks);
	rc = J(jca_key_load)("pkcs11:token=interpose;object=none;type=private", &k);
	check(rc == JCA_NOTFOUND && !k, "jca_key_load of a key the token lacks: JCA_NOTFOUND");
	J(jca_key_free)(k);
}

/* A SoftHSM2 token in dir, when SoftHSM2 is installed: its module's path. */
static const char *softhsm(const char *dir)
{
	static const char *const modules[] = { "/usr/lib/softhsm/libsofthsm2.so",
		                               "/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so",
		                               "/usr/lib/aarch64-linux-gnu/softhsm/libsofthsm2.so" };
	char path[4096], cmd[4300];
	const char *module = NULL;
	FILE *f;

	for (size_t i = 0; i < sizeof modules / sizeof modules[0] && !module; i++)
		if (access(modules[i], R_OK) == 0)
			module = modules[i];
	if (!module || system("command -v softhsm2-util >/dev/null 2>&1") != 0)
		return NULL;
	snprintf(path, sizeof path, "%s/tokens", dir);
	if (mkdir(path, 0700) != 0)
		return NULL;
	snprintf(path, sizeof path, "%s/softhsm2.conf", dir);
	if (!(f = fopen(path, "w")))
		return NULL;
	fprintf(f, "directories.tokendir = %s/tokens\nobjectstore.backend = file\nlog.level = ERROR\n", dir);
	fclose(f);
	setenv("SOFTHSM2_CONF", path, 1);
	setenv("JCA_INTERPOSE_PIN", "123456", 1);
	snprintf(cmd, sizeof cmd, "softhsm2-util --init-token --free --label interpose --so-pin 87654321 "
	         "--pin 123456 >/dev/null");
	return system(cmd) == 0 ? module : NULL;
}

int main(void)
{
	char dir[] = "/tmp/jca-interpose.XXXXXX", path[4200], cmd[4300];
	const char *plugdir = JCA_BUILDDIR "/plugins/.libs", *module;
	static const char *const plugins[] = { "openssl", "example" };
	int nprov = 1;
	FILE *f;

	setvbuf(stdout, NULL, _IONBF, 0);
	snprintf(path, sizeof path, "%s/.libs/libjca.so", JCA_BUILDDIR);
	if (access(path, R_OK) != 0) {
		printf("SKIP: %s not built (a static-only build has nothing to interpose)\n", path);
		return 77;
	}
	if (!mkdtemp(dir))
		return 99;
	module = softhsm(dir);
	snprintf(path, sizeof path, "%s/jca.conf", dir);
	if (!(f = fopen(path, "w")))
		return 99;
	fprintf(f, "security.provider.1 = builtin\njca.plugin.dir = %s\n", plugdir);
	for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
		snprintf(cmd, sizeof cmd, "%s/%s.so", plugdir, plugins[i]);
		if (access(cmd, R_OK) == 0)
			fprintf(f, "security.provider.%d = %s\n", ++nprov, plugins[i]);
		else
			printf("note: the %s plugin is not built\n", plugins[i]);
	}
	if (module && access(JCA_BUILDDIR "/plugins/.libs/pkcs11.so", R_OK) == 0)
		fprintf(f, "security.provider.%d = softhsm\njca.provider.softhsm.plugin = pkcs11\n"
		        "jca.provider.softhsm.library = %s\njca.provider.softhsm.token = interpose\n"
		        "jca.provider.softhsm.pin.env = JCA_INTERPOSE_PIN\n", ++nprov, module);
	fclose(f);
	setenv("JCA_CONF", path, 1);

	if (!(lib = dlopen("libjca.so.0", RTLD_NOW | RTLD_NOLOAD))) {
		printf("FAIL: libjca.so.0 is not loaded: %s\n", dlerror());
		return 1;
	}
	printf("%u libjca function names defined as traps in this program\n", interpose_trap_total);
	for (size_t i = 0;; i++) {
		const jca_provider *p;
		int rc = J(jca_provider_at)(i, &p);

		if (rc != 0)
			break;
		check(J(jca_provider_ensure_loaded)(p) == 0, "provider %s loaded", J(jca_provider_name)(p));
	}
	digests();
	macs();
	kdfs();
	aead();
	stream();
	ed25519();
	x25519();
	drbg();
	keystores();
	J(jca_shutdown)();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("note: could not remove %s\n", dir);
	check(interpose_trap_count() == 0, "no trap sprung");
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
