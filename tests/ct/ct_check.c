/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time check, ctgrind style: secrets are marked undefined for
 * valgrind memcheck (VALGRIND_MAKE_MEM_UNDEFINED), so every branch or
 * memory index that depends on them is reported as "Conditional jump or
 * move depends on uninitialised value(s)" or "Use of uninitialised value".
 * Results are marked defined again (VALGRIND_MAKE_MEM_DEFINED) before the
 * program looks at them, exactly where an attacker would see them.
 *
 * Covered, through the public API:
 *  1. AES, the portable implementation (JCA_CPU=generic, and the driver name
 *     "aes-generic" besides): key expansion of 128/192/256-bit keys, ECB and
 *     CBC, encryption and decryption, 1 to 9 blocks (the four-lane bitsliced
 *     path and its tail), in place and not. Secret: key and data. The same
 *     for the vector-permute backend ("aes-ssse3") where it is available.
 *  2. The PKCS#5 padding check of cipher_do_final (AES/CBC and AES/ECB with
 *     PKCS5Padding): valid paddings of every length and invalid ones (last
 *     byte 0, > 16, one wrong byte at each position), one-shot and after
 *     cipher_update. Secret: the key, hence the decrypted last block and
 *     its padding; the ciphertext is public (the attacker chose it). What
 *     is public afterwards: the status (JCA_BADPAD or 0) and, on success,
 *     *out_len. The library branches on the validity once (cipher.c,
 *     "if (!pad)") and copies bs - pad bytes (the length it returns): run.sh
 *     accepts exactly those two places and reports anything else.
 *  3. HMAC over every built-in digest: mac_init (keys shorter than, equal to
 *     and longer than the block), mac_update, mac_do_final, mac_clone.
 *     Secret: key and message. Also every MessageDigest on secret input.
 *  4. X25519 and Ed25519 of the algorithm layer (src/algs/curve25519.h,
 *     internal: reached in the static library by its hidden names), on
 *     every backend valgrind's CPU offers: X25519 with a secret scalar
 *     (random and RFC 7748 points, small-order points whose all-zero result
 *     is reported), X25519 and Ed25519 key generation, Ed25519 signing with
 *     a secret seed over messages of several lengths. Public afterwards:
 *     the outputs (shared secret, public key, signature) and X25519's
 *     status.
 *  6. Ed25519 signing through the engines (jca/key.h, jca/signature.h):
 *     a secret seed decoded by the built-in KeyFactory (which derives its
 *     public key), then signature_sign_oneshot. Public afterwards: the
 *     signature. (X25519's status is a branch in the engine; item 4 covers
 *     the arithmetic.)
 *  7. ML-DSA-44/65/87 of the algorithm layer (src/algs/mldsa.h,
 *     internal), on the portable Keccak and on AVX2's where valgrind's CPU
 *     has it: signing, deterministic and hedged (secret: K, s1, s2, t0 of
 *     the private key and rnd; rho, tr and mu are public), key generation
 *     (secret: the seed xi) and pk_from_sk (secret: K, s1, s2, t0). The
 *     library itself declassifies what FIPS 204 lets leak, when built with
 *     -DJCA_CT_VALGRIND (run.sh does): each signing attempt's accept/reject
 *     decision and its c~, ExpandS's rejection of a half-byte, and
 *     pk_from_sk's verdict (src/algs/mldsa_impl.h). Public afterwards: the
 *     signature, the public key, the expanded private key's encoding.
 *
 * Run it under valgrind through tests/ct/run.sh, which checks the report.
 * Outside valgrind the client requests do nothing and it is a plain test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "jca.h"
#include "../outlen.h"
/* the internal interface; the MULX backend is looked up weakly, since a
 * build without the x86-64 backends has none */
#include "../../src/algs/curve25519.h"
#include "../../src/algs/cpu.h"
#include "../../src/algs/mldsa.h"
#if defined(__x86_64__) && !defined(JCA_HAVE_X86_BACKENDS)
extern const jca__c25519_impl jca__c25519_mulx __attribute__((weak));
extern const jca__keccak_backend jca__keccak_avx2 __attribute__((weak));
#endif

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

#define CHECK(cond, ...)                                                    \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "ct_check: FAILED %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                       \
			fprintf(stderr, "\n");                              \
			failures++;                                         \
		}                                                           \
	} while (0)

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (unsigned char)(seed >> 16);
	}
}

/* ---- 1. AES ---- */
static void aes_case(const char *transformation, size_t klen, size_t nblocks, int in_place)
{
	unsigned char key[32], skey[32], iv[16], pt[144], ct[144], back[144], ref[144];
	size_t len = nblocks * 16, n, m;
	cipher_ctx *c = cipher_get_instance(transformation);
	int cbc = strstr(transformation, "CBC") != NULL;

	CHECK(c != NULL, "%s: %s", transformation, jca_last_error_message());
	if (!c)
		return;
	fill(key, sizeof key, (unsigned)(klen * 31 + nblocks));
	fill(iv, sizeof iv, 7);
	fill(pt, sizeof pt, (unsigned)nblocks);
	/* reference, computed on public data */
	CHECK(cipher_init(c, JCA_ENCRYPT, key, klen, cbc ? iv : NULL, cbc ? 16 : 0) == 0, "init");
	CHECK(cipher_do_final(c, pt, len, ref, sizeof ref, &n) == 0 && n == len, "encrypt (reference)");

	/* secret key and plaintext */
	memcpy(skey, key, sizeof skey);
	SECRET(skey, sizeof skey);
	CHECK(cipher_init(c, JCA_ENCRYPT, skey, klen, cbc ? iv : NULL, cbc ? 16 : 0) == 0, "init (secret key)");
	memcpy(ct, pt, len);
	SECRET(ct, len);
	if (in_place) {
		CHECK(cipher_do_final(c, ct, len, ct, sizeof ct, &n) == 0, "encrypt in place");
	} else {
		unsigned char tmp[144];

		memcpy(tmp, ct, len);
		CHECK(cipher_update(c, tmp, 16, ct, sizeof ct, &m) == 0, "update");
		CHECK(cipher_do_final(c, tmp + 16, len - 16, ct + m, sizeof ct - m, &n) == 0, "final");
		n += m;
	}
	PUBLIC(ct, len);
	PUBLIC(&n, sizeof n);
	CHECK(n == len && memcmp(ct, ref, len) == 0, "%s: ciphertext differs", transformation);

	/* decrypt with the secret key; the ciphertext is secret too */
	CHECK(cipher_init(c, JCA_DECRYPT, skey, klen, cbc ? iv : NULL, cbc ? 16 : 0) == 0, "init decrypt");
	memcpy(back, ct, len);
	SECRET(back, len);
	CHECK(cipher_do_final(c, back, len, back, sizeof back, &n) == 0, "decrypt");
	PUBLIC(back, len);
	PUBLIC(&n, sizeof n);
	CHECK(n == len && memcmp(back, pt, len) == 0, "%s: decryption differs", transformation);
	cipher_free(c);
}

static void test_aes(void)
{
	static const char *const names[] = { "AES/ECB/NoPadding", "AES/CBC/NoPadding", "aes-generic/ECB/NoPadding",
	                                     "aes-generic/CBC/NoPadding" };
	static const char *const opt[] = { "aes-ssse3/ECB/NoPadding", "aes-ssse3/CBC/NoPadding" };
	size_t i, k, b;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		for (k = 16; k <= 32; k += 8)
			for (b = 1; b <= 9; b++)
				aes_case(names[i], k, b, (int)(b & 1));
	/* the vector-permute backend, by driver name, where this CPU (or
	 * valgrind's) has SSSE3 and JCA_CPU leaves it */
	for (i = 0; i < sizeof opt / sizeof opt[0]; i++) {
		cipher_ctx *c = cipher_get_instance(opt[i]);

		if (!c) {
			fprintf(stderr, "ct_check: %s not available here, not checked\n", opt[i]);
			continue;
		}
		cipher_free(c);
		for (k = 16; k <= 32; k += 8)
			for (b = 1; b <= 9; b++)
				aes_case(opt[i], k, b, (int)(b & 1));
	}
	/* with JCA_CPU=generic the engine's implementation is the portable one */
	if (getenv("JCA_CPU") && strcmp(getenv("JCA_CPU"), "generic") == 0) {
		cipher_ctx *c = cipher_get_instance("AES/CBC/NoPadding");

		CHECK(c && strcmp(cipher_implementation(c), "aes-generic") == 0,
		      "AES is served by %s, not aes-generic (is JCA_CPU=generic set?)",
		      c ? cipher_implementation(c) : "nothing");
		cipher_free(c);
	}
}

/* ---- 2. PKCS#5 padding check ---- */

/* Decrypts ct (public) with a secret key; returns the public status and,
 * on success, the public length. */
static int pad_decrypt(const char *tr, const unsigned char *key, const unsigned char *iv,
                       const unsigned char *ct, size_t len, size_t split, unsigned char *out, size_t *out_len)
{
	cipher_ctx *c = cipher_get_instance(tr);
	unsigned char skey[16];
	int cbc = strstr(tr, "CBC") != NULL, rc;
	size_t m = 0, n = 0;

	memcpy(skey, key, 16);
	SECRET(skey, 16);
	CHECK(cipher_init(c, JCA_DECRYPT, skey, 16, cbc ? iv : NULL, cbc ? 16 : 0) == 0, "init");
	if (split) {
		CHECK(cipher_update(c, ct, split, out, 96, &m) == 0, "update");
		PUBLIC(&m, sizeof m);
	}
	rc = cipher_do_final(c, ct + split, len - split, out + m, 96 - m, &n);
	/* public: the status, and on success the length */
	PUBLIC(&rc, sizeof rc);
	PUBLIC(&n, sizeof n);
	PUBLIC(out, 96);
	*out_len = m + n;
	cipher_free(c);
	return rc;
}

static void test_padding(void)
{
	static const char *const modes[] = { "AES/CBC/PKCS5Padding", "AES/ECB/PKCS5Padding" };
	unsigned char key[16], iv[16], blocks[48], ct[48], out[96];
	size_t mi, p, pos, n, split;

	fill(key, sizeof key, 99);
	fill(iv, sizeof iv, 98);
	for (mi = 0; mi < 2; mi++) {
		char raw[64];
		int cbc = mi == 0;

		snprintf(raw, sizeof raw, "AES/%s/NoPadding", cbc ? "CBC" : "ECB");
		/* last plaintext blocks chosen by the test, encrypted with
		 * NoPadding under a public copy of the key */
		for (p = 0; p <= 18; p++) {
			for (pos = 0; pos <= 16; pos++) {
				cipher_ctx *e = cipher_get_instance(raw);
				int rc, valid;

				fill(blocks, sizeof blocks, (unsigned)(p * 17 + pos));
				/* last block: valid padding of length p (1..16), with one
				 * byte broken at pos (pos < p), or not at all (pos >= p);
				 * p == 0 or p > 16 is invalid as such */
				if (p >= 1 && p <= 16)
					memset(blocks + 48 - p, (int)p, p);
				else
					blocks[47] = (unsigned char)(p == 0 ? 0 : 0x11 + pos);
				if (p >= 1 && p <= 16 && pos < p)
					blocks[48 - p + pos] ^= 0x40;
				valid = p >= 1 && p <= 16 && pos >= p;
				CHECK(cipher_init(e, JCA_ENCRYPT, key, 16, cbc ? iv : NULL, cbc ? 16 : 0) == 0, "init");
				CHECK(cipher_do_final(e, blocks, 48, ct, sizeof ct, &n) == 0 && n == 48, "encrypt");
				cipher_free(e);
				for (split = 0; split <= 32; split += 16) {
					rc = pad_decrypt(modes[mi], key, iv, ct, 48, split, out, &n);
					if (valid) {
						CHECK(rc == 0 && n == 48 - p && memcmp(out, blocks, n) == 0,
						      "%s p=%zu pos=%zu split=%zu: rc %d n %zu", modes[mi], p, pos, split, rc, n);
					} else {
						CHECK(rc == JCA_BADPAD, "%s p=%zu pos=%zu: %s", modes[mi], p, pos,
						      jca_error_name(rc));
					}
				}
			}
		}
	}
}

/* ---- 3. HMAC and digests ---- */
static void test_hmac(void)
{
	static const char *const macs[] = { "HmacMD5", "HmacSHA1", "HmacSHA224", "HmacSHA256", "HmacSHA384",
		"HmacSHA512", "HmacSHA512/224", "HmacSHA512/256", "HmacSHA3-224", "HmacSHA3-256", "HmacSHA3-384",
		"HmacSHA3-512" };
	static const size_t klens[] = { 0, 1, 16, 32, 64, 72, 104, 128, 136, 144, 200 };
	static const size_t mlens[] = { 0, 1, 55, 56, 64, 111, 112, 200, 1000 };
	unsigned char key[200], msg[1000], tag[64], tag2[64], ref[64];
	size_t i, k, j;

	for (i = 0; i < sizeof macs / sizeof macs[0]; i++) {
		for (k = 0; k < sizeof klens / sizeof klens[0]; k++) {
			for (j = 0; j < sizeof mlens / sizeof mlens[0]; j += 2) {
				mac_ctx *m = mac_get_instance(macs[i]), *cl;
				size_t tl, kl = klens[k], ml = mlens[j];

				CHECK(m != NULL, "%s", macs[i]);
				if (!m)
					continue;
				tl = mac_length(m);
				fill(key, sizeof key, (unsigned)(k + 1));
				fill(msg, sizeof msg, (unsigned)(j + 5));
				/* reference on public data */
				mac_init(m, key, kl);
				mac_update(m, msg, ml);
				CHECK(tu_mac_final(m, ref, sizeof ref) == (int)tl, "final");
				/* secret key and message */
				SECRET(key, kl);
				SECRET(msg, ml);
				CHECK(mac_init(m, key, kl) == 0, "init");
				mac_update(m, msg, ml / 3);
				cl = mac_clone(m);
				mac_update(m, msg + ml / 3, ml - ml / 3);
				CHECK(tu_mac_final(m, tag, sizeof tag) == (int)tl, "final");
				mac_update(cl, msg + ml / 3, ml - ml / 3);
				CHECK(tu_mac_final(cl, tag2, sizeof tag2) == (int)tl, "final (clone)");
				PUBLIC(tag, sizeof tag);
				PUBLIC(tag2, sizeof tag2);
				PUBLIC(key, sizeof key);
				PUBLIC(msg, sizeof msg);
				CHECK(memcmp(tag, ref, tl) == 0 && memcmp(tag2, ref, tl) == 0, "%s: tag differs", macs[i]);
				mac_free(cl);
				mac_free(m);
			}
		}
	}
}

static void test_digests(void)
{
	static const char *const mds[] = { "MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512",
		"SHA-512/224", "SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128", "SHAKE256" };
	unsigned char msg[700], out[200];
	size_t i, l;

	for (i = 0; i < sizeof mds / sizeof mds[0]; i++) {
		for (l = 0; l <= 700; l += 175) {
			md_ctx *md = md_get_instance(mds[i]);

			fill(msg, sizeof msg, (unsigned)l);
			SECRET(msg, l);
			md_update(md, msg, l);
			CHECK(tu_digest(md, out, 200) > 0, "%s", mds[i]);
			PUBLIC(out, sizeof out);
			PUBLIC(msg, sizeof msg);
			md_free(md);
		}
	}
}

/* ---- 4. ChaCha20-Poly1305, XChaCha20-Poly1305, ChaCha20 ----
 * Encryption with a secret key and plaintext, split and in place: the
 * ChaCha20 rounds, HChaCha20, the Poly1305 arithmetic and the tag; then a
 * public decryption checks the result. (A decryption runs the same code;
 * its tag comparison is branch-free up to the public verdict, which this
 * check would have to accept by name.) */
static void test_chacha(void)
{
	static const char *const names[] = { "ChaCha20-Poly1305", "XChaCha20-Poly1305", "ChaCha20",
	                                     "chacha20-poly1305-generic", "xchacha20-poly1305-generic",
	                                     "chacha20-generic" };
	unsigned char key[32], skey[32], nonce[24], aad[20], pt[300], ct[320], back[320];
	size_t i, len, n, m;

	fill(key, sizeof key, 11);
	fill(nonce, sizeof nonce, 12);
	fill(aad, sizeof aad, 13);
	fill(pt, sizeof pt, 14);
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		for (len = 0; len <= sizeof pt; len += 61) {
			/* a fresh object for the secret key: an object that holds a
			 * key compares a new one with it to keep its schedule, and
			 * whether the key changed is the caller's to know */
			cipher_ctx *c = cipher_get_instance(names[i]), *d = cipher_get_instance(names[i]);
			size_t nl = c ? cipher_iv_length(c) : 0, tl = c ? cipher_tag_length(c) : 0;

			CHECK(c && d, "%s: %s", names[i], jca_last_error_message());
			if (!c || !d) {
				cipher_free(c);
				cipher_free(d);
				continue;
			}
			memcpy(skey, key, sizeof skey);
			SECRET(skey, sizeof skey);
			CHECK(cipher_init(c, JCA_ENCRYPT, skey, 32, nonce, nl) == 0, "init (secret key)");
			if (tl)
				CHECK(cipher_update_aad(c, aad, sizeof aad) == 0, "aad");
			memcpy(ct, pt, len);
			SECRET(ct, len);
			CHECK(cipher_update(c, ct, len / 2, ct, sizeof ct, &m) == 0, "update");
			CHECK(cipher_do_final(c, ct + m, len - m, ct + m, sizeof ct - m, &n) == 0, "final");
			n += m;
			PUBLIC(ct, sizeof ct);
			PUBLIC(&n, sizeof n);
			CHECK(n == len + tl, "%s: %zu bytes out, not %zu", names[i], n, len + tl);
			/* the result, checked in public */
			CHECK(cipher_init(d, JCA_DECRYPT, key, 32, nonce, nl) == 0, "init (check)");
			if (tl)
				CHECK(cipher_update_aad(d, aad, sizeof aad) == 0, "aad");
			CHECK(cipher_do_final(d, ct, n, back, sizeof back, &m) == 0 && m == len &&
			      (!len || memcmp(back, pt, len) == 0), "%s: the secret-key encryption does not decrypt",
			      names[i]);
			cipher_free(c);
			cipher_free(d);
		}
	}
}

/* ---- 5. X25519 and Ed25519 ---- */
static void curve25519_with(const jca__c25519_impl *im)
{
	static const size_t lens[] = { 0, 1, 64, 200 };
	unsigned char k[32], u[32], out[32], ref[32], seed[32], pub[32], pub2[32], sig[64], ref_sig[64], msg[200];
	unsigned i, j;
	int rc;

	for (i = 0; i < 6; i++) {
		fill(k, 32, 100 + i);
		fill(u, 32, 200 + i);
		if (i == 4)
			memset(u, 0, 32);       /* small order: all-zero result */
		if (i == 5) {
			memset(u, 0, 32);
			u[0] = 9;               /* the base point */
		}
		rc = im->x25519(ref, k, u);
		SECRET(k, 32);
		rc = im->x25519(out, k, u);
		PUBLIC(out, 32);
		PUBLIC(&rc, sizeof rc);
		CHECK(memcmp(out, ref, 32) == 0 && rc == (i == 4 ? -1 : 0), "%s: X25519 %u", im->name, i);
		jca__x25519_public_with(im, out, k);
		PUBLIC(out, 32);
		PUBLIC(k, 32);
		CHECK(i != 5 || memcmp(out, ref, 32) == 0, "%s: X25519 public key", im->name);
	}
	for (i = 0; i < 4; i++) {
		fill(seed, 32, 300 + i);
		fill(msg, sizeof msg, 400 + i);
		jca__ed25519_public_with(im, pub, seed);
		jca__ed25519_sign_with(im, ref_sig, msg, lens[i], seed, pub);
		SECRET(seed, 32);
		jca__ed25519_public_with(im, pub2, seed);
		PUBLIC(pub2, 32);
		CHECK(memcmp(pub, pub2, 32) == 0, "%s: Ed25519 public key", im->name);
		for (j = 0; j < 2; j++) {
			jca__ed25519_sign_with(im, sig, msg, lens[i], seed, pub);
			PUBLIC(sig, 64);
			CHECK(memcmp(sig, ref_sig, 64) == 0, "%s: Ed25519 signature", im->name);
		}
		PUBLIC(seed, 32);
		CHECK(jca__ed25519_verify_with(im, sig, msg, lens[i], pub) == 0, "%s: verify", im->name);
	}
}

static void test_curve25519(void)
{
	curve25519_with(&jca__c25519_generic);
#if defined(__x86_64__)
	/* valgrind's CPUID hides ADX although it runs ADCX/ADOX: run.sh
	 * sets CT_C25519_MULX=1 when the host has BMI2 and ADX */
	if (&jca__c25519_mulx != NULL && (jca__c25519_mulx_usable() || getenv("CT_C25519_MULX")))
		curve25519_with(&jca__c25519_mulx);
	else
		fprintf(stderr, "ct_check: curve25519 mulx not available here, not checked\n");
#endif
	fprintf(stderr, "ct_check: curve25519 default backend: %s\n", jca__c25519_best()->name);
}

/* ---- 6. Ed25519 signing through the engines: a secret seed decoded by
 * the built-in KeyFactory, then Signature (the message kept by the
 * engine, the default backend) ---- */
static void test_pkey(void)
{
	keyfactory_ctx *kf = keyfactory_get_instance("Ed25519");
	unsigned char seed[32], msg[100], sig[64], ref[64];
	jca_key *k = NULL;
	size_t n;
	unsigned i;

	CHECK(kf != NULL, "KeyFactory Ed25519");
	for (i = 0; i < 3; i++) {
		fill(seed, 32, 500 + i);
		fill(msg, sizeof msg, 600 + i);
		CHECK(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, seed, 32, &k) == 0, "decode (reference)");
		CHECK(signature_sign_oneshot("Ed25519", k, msg, sizeof msg, ref, sizeof ref, &n) == 0, "sign (reference)");
		jca_key_free(k);
		SECRET(seed, 32);
		CHECK(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, seed, 32, &k) == 0, "decode");
		CHECK(signature_sign_oneshot("Ed25519", k, msg, sizeof msg, sig, sizeof sig, &n) == 0, "sign");
		PUBLIC(sig, sizeof sig);
		PUBLIC(seed, 32);
		CHECK(memcmp(sig, ref, 64) == 0, "Ed25519 through the engine: signatures differ");
		jca_key_free(k);
	}
	keyfactory_free(kf);
}

/* ---- 7. ML-DSA key generation, signing, pk_from_sk ---- */
static void mldsa_with(const char *name, const jca__keccak_backend *kb)
{
	static const unsigned levels[3] = { 44, 65, 87 };
	static unsigned char pk[JCA__MLDSA_PK_MAX], sk[JCA__MLDSA_SK_MAX];
	static unsigned char sig[JCA__MLDSA_SIG_MAX], ref[JCA__MLDSA_SIG_MAX];
	static unsigned char ref_pk[JCA__MLDSA_PK_MAX], ref_sk[JCA__MLDSA_SK_MAX];
	unsigned char xi[32], mu[64], rnd[32];
	unsigned i, j;
	int rc;

	for (i = 0; i < 3; i++) {
		size_t pk_len = jca__mldsa_pk_len(levels[i]), sk_len = jca__mldsa_sk_len(levels[i]);
		size_t sig_len = jca__mldsa_sig_len(levels[i]);

		for (j = 0; j < 2; j++) {
			fill(xi, 32, 700 + 10 * i + j);
			fill(mu, 64, 800 + 10 * i + j);
			memset(rnd, 0, 32);
			if (j)
				fill(rnd, 32, 900 + i);
			CHECK(jca__mldsa_keygen(kb, levels[i], ref_pk, ref_sk, xi) == 0, "ML-DSA-%u keygen", levels[i]);
			SECRET(xi, 32);
			CHECK(jca__mldsa_keygen(kb, levels[i], pk, sk, xi) == 0, "ML-DSA-%u keygen", levels[i]);
			PUBLIC(pk, pk_len);
			PUBLIC(sk, sk_len);
			PUBLIC(xi, 32);
			CHECK(memcmp(pk, ref_pk, pk_len) == 0 && memcmp(sk, ref_sk, sk_len) == 0, "%s: ML-DSA-%u keygen",
			      name, levels[i]);
			CHECK(jca__mldsa_sign_mu(kb, levels[i], ref, sk, mu, rnd) == 0, "ML-DSA-%u sign", levels[i]);
			SECRET(sk + 32, 32);                 /* K */
			SECRET(sk + 128, sk_len - 128);      /* s1, s2, t0 */
			SECRET(rnd, 32);
			CHECK(jca__mldsa_sign_mu(kb, levels[i], sig, sk, mu, rnd) == 0, "ML-DSA-%u sign", levels[i]);
			PUBLIC(sig, sig_len);
			PUBLIC(rnd, 32);
			rc = jca__mldsa_pk_from_sk(kb, levels[i], ref_pk, sk);
			PUBLIC(ref_pk, pk_len);
			PUBLIC(&rc, sizeof rc);
			PUBLIC(sk, sk_len);
			CHECK(rc == 0 && memcmp(pk, ref_pk, pk_len) == 0, "%s: ML-DSA-%u pk_from_sk", name, levels[i]);
			CHECK(memcmp(sig, ref, sig_len) == 0, "%s: ML-DSA-%u signatures differ", name, levels[i]);
			CHECK(jca__mldsa_verify_mu(kb, levels[i], sig, sig_len, pk, mu) == 0, "%s: ML-DSA-%u verify",
			      name, levels[i]);
		}
	}
}

static void test_mldsa(void)
{
	mldsa_with("keccak-generic", NULL);
#if defined(__x86_64__)
	if (&jca__keccak_avx2 != NULL && (jca__cpu_features() & JCA__CPU_AVX2))
		mldsa_with("keccak-avx2", &jca__keccak_avx2);
	else
		fprintf(stderr, "ct_check: ML-DSA on the AVX2 Keccak not available here, not checked\n");
#endif
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : "";

	{
		cipher_ctx *c = cipher_get_instance("AES/CBC/NoPadding");
		md_ctx *md = md_get_instance("SHA-256");

		fprintf(stderr, "ct_check: JCA_CPU=%s, under valgrind: %s, AES: %s, SHA-256: %s\n",
		        getenv("JCA_CPU") ? getenv("JCA_CPU") : "(unset)", RUNNING_ON_VALGRIND ? "yes" : "no",
		        c ? cipher_implementation(c) : "?", md ? md_implementation(md) : "?");
		cipher_free(c);
		md_free(md);
	}
	if (!*only || !strcmp(only, "aes"))
		test_aes();
	if (!*only || !strcmp(only, "padding"))
		test_padding();
	if (!*only || !strcmp(only, "hmac"))
		test_hmac();
	if (!*only || !strcmp(only, "digest"))
		test_digests();
	if (!*only || !strcmp(only, "chacha"))
		test_chacha();
	if (!*only || !strcmp(only, "curve25519"))
		test_curve25519();
	if (!*only || !strcmp(only, "pkey"))
		test_pkey();
	if (!*only || !strcmp(only, "mldsa"))
		test_mldsa();
	jca_shutdown();
	fprintf(stderr, "ct_check: %s (%d failed checks)\n", failures ? "FAILED" : "done", failures);
	return failures ? 1 : 0;
}
