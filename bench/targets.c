/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: the targets, as data, and their verdicts. A target compares
 * the time per op of two rows (1 thread): "a / b <= max" (a at most max
 * times b's time), or one row against an absolute time. Rows that were not
 * run (filtered out, or the `when` condition unmet) skip the target.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct row_ref {
	const char *group, *name;
	int lib;
	const char *params;        /* "%s" is replaced by each word of `algs` */
} row_ref;

typedef struct target {
	const char *what;          /* "%s" replaced as in params */
	const char *algs;          /* space-separated; NULL: the target as is */
	row_ref a, b;              /* b.group NULL: absolute, max in ns */
	double max;                /* a / b (or a in ns) at most this */
	const char *shown;         /* max as written in the issue */
	const char *when;          /* NULL, or "portable": only with JCA_CPU and OPENSSL_ia32cap set */
} target;

#define JCA(g, n, p) { g, n, LIB_JCA, p }
#define OSSL(g, n, p) { g, n, LIB_OSSL, p }
#define PEER(lib, g, n, p) { g, n, lib, p }
#define ABS { NULL, NULL, 0, NULL }

static const target targets[] = {
	/* issue 1: getting instances */
	{ "%s: md_get_instance+free / ossl newInit (prefetched)", "MD5 SHA-1 SHA-256 SHA3-256",
	  JCA("GetMessageDigest", "getInstance", "alg=%s"), OSSL("GetMessageDigest", "newInit", "alg=%s"),
	  0.2, "1/5", NULL },
	{ "%s: md_get_instance+free / ossl fetchNewInit (full)", "MD5 SHA-1 SHA-256 SHA3-256",
	  JCA("GetMessageDigest", "getInstance", "alg=%s"), OSSL("GetMessageDigest", "fetchNewInit", "alg=%s"),
	  1.0 / 15, "1/15", NULL },
	{ "%s: md_clone+free / ossl copy", "MD5 SHA-1 SHA-256 SHA3-256",
	  JCA("GetMessageDigest", "clone", "alg=%s"), OSSL("GetMessageDigest", "copy", "alg=%s"), 0.25, "1/4",
	  NULL },
	{ "%s: getAndDigest(64 B) / reused digest(64 B) (both libjca)",
	  "MD5 SHA-1 SHA-224 SHA-256 SHA-384 SHA-512 SHA-512/224 SHA-512/256 SHA3-224 SHA3-256 SHA3-384 "
	  "SHA3-512 SHAKE128 SHAKE256",
	  JCA("MessageDigests", "getAndDigest", "alg=%s,len=64"), JCA("MessageDigests", "digest", "alg=%s,len=64"),
	  1.10, "1.10", NULL },
	{ "%s: md_oneshot(64 B) / reused digest(64 B) (both libjca)", "SHA-256 SHA-512 SHA3-256",
	  JCA("MessageDigests", "oneshot", "alg=%s,len=64"), JCA("MessageDigests", "digest", "alg=%s,len=64"),
	  1.10, "1.10", NULL },
	{ "AES/CBC/PKCS5Padding: cipher get+init+free / ossl fetchNewInit (full)", NULL,
	  JCA("GetCipher", "getInstanceInit", "alg=AES/CBC/PKCS5Padding"),
	  OSSL("GetCipher", "fetchNewInit", "alg=AES/CBC/PKCS5Padding"), 0.1, "1/10", NULL },
	{ "HmacSHA256: mac get+init+free / ossl fetchNewInit (full)", NULL,
	  JCA("GetMac", "getInstanceInit", "alg=HmacSHA256"), OSSL("GetMac", "fetchNewInit", "alg=HmacSHA256"),
	  0.2, "1/5", NULL },

	/* issue 14: per-call overhead below every peer (peers' figures from the
	 * independent harness's run, turned into ratios to OpenSSL there) */
	{ "SHA-256 64 B reused / ossl (0.8x Nettle's 106 ns = 0.53x OpenSSL's 159)", NULL,
	  JCA("MessageDigests", "digest", "alg=SHA-256,len=64"), OSSL("MessageDigests", "digest", "alg=SHA-256,len=64"),
	  0.53, "0.53", NULL },
	{ "SHA-256: md_get_instance+md_free (ns; 0.5x JDK's ~23 ns)", NULL,
	  JCA("GetMessageDigest", "getInstance", "alg=SHA-256"), ABS, 11, "11 ns", NULL },
	{ "SHA-256: md_clone+md_free (ns)", NULL,
	  JCA("GetMessageDigest", "clone", "alg=SHA-256"), ABS, 12, "12 ns", NULL },
	{ "AES/CBC/PKCS5Padding: cipher get+init+free (ns)", NULL,
	  JCA("GetCipher", "getInstanceInit", "alg=AES/CBC/PKCS5Padding"), ABS, 40, "40 ns", NULL },
	{ "HmacSHA256: mac get+init+free (ns)", NULL,
	  JCA("GetMac", "getInstanceInit", "alg=HmacSHA256"), ABS, 100, "100 ns", NULL },
	{ "SHA-512 16 KiB / ossl (>= 1.0x OpenSSL)", NULL,
	  JCA("MessageDigests", "digest", "alg=SHA-512,len=16384"),
	  OSSL("MessageDigests", "digest", "alg=SHA-512,len=16384"), 1.0, "1.00", NULL },
	{ "AES-128-CBC decrypt 30 MB / memcpy of the same buffers (>= 0.9x memcpy)", NULL,
	  JCA("AESBench", "decrypt", "key=128,len=30000000"), JCA("AESBench", "memcpy", "alg=memcpy,len=30000000"),
	  1.0 / 0.9, "1/0.9", NULL },
	{ "SHA3-256 16 KiB / ossl (>= 1.6x OpenSSL)", NULL,
	  JCA("MessageDigests", "digest", "alg=SHA3-256,len=16384"),
	  OSSL("MessageDigests", "digest", "alg=SHA3-256,len=16384"), 1.0 / 1.6, "1/1.6", NULL },
	{ "AES-128-CBC decrypt 16 KiB / ossl (>= 5x OpenSSL)", NULL,
	  JCA("AESBench", "decrypt", "key=128,len=16384"), OSSL("AESBench", "decrypt", "key=128,len=16384"),
	  0.2, "1/5", NULL },
	{ "HmacSHA256 128 B / ossl (>= Nettle = 1.70x OpenSSL)", NULL,
	  JCA("MacBench", "mac", "alg=HmacSHA256,len=128"), OSSL("MacBench", "mac", "alg=HmacSHA256,len=128"),
	  1.0 / 1.70, "1/1.70", NULL },
	/* issue 16: AES-GCM */
	{ "AES-256-GCM encrypt 16 KiB / ossl (>= 1.5x OpenSSL)", NULL,
	  JCA("AESGCM", "encrypt", "key=256,len=16384"), OSSL("AESGCM", "encrypt", "key=256,len=16384"),
	  1.0 / 1.5, "1/1.5", NULL },
	{ "AES-256-GCM decrypt 16 KiB / ossl (>= 1.5x OpenSSL)", NULL,
	  JCA("AESGCM", "decrypt", "key=256,len=16384"), OSSL("AESGCM", "decrypt", "key=256,len=16384"),
	  1.0 / 1.5, "1/1.5", NULL },
	/* issue 16 follow-up: whole short messages at least as fast as every
	 * peer, both directions */
#define GCM_SHORT "key=128,len=64 key=128,len=1024 key=256,len=64 key=256,len=1024"
	{ "AES-GCM encrypt %s / ossl (no slower)", GCM_SHORT,
	  JCA("AESGCM", "encrypt", "%s"), OSSL("AESGCM", "encrypt", "%s"), 1.0, "1", NULL },
	{ "AES-GCM decrypt %s / ossl (no slower)", GCM_SHORT,
	  JCA("AESGCM", "decrypt", "%s"), OSSL("AESGCM", "decrypt", "%s"), 1.0, "1", NULL },
	{ "AES-GCM encrypt %s / libgcrypt (no slower)", GCM_SHORT,
	  JCA("AESGCM", "encrypt", "%s"), PEER(LIB_GCRY, "AESGCM", "encrypt", "%s"), 1.0, "1", NULL },
	{ "AES-GCM decrypt %s / libgcrypt (no slower)", GCM_SHORT,
	  JCA("AESGCM", "decrypt", "%s"), PEER(LIB_GCRY, "AESGCM", "decrypt", "%s"), 1.0, "1", NULL },
	{ "AES-GCM encrypt %s / Nettle (no slower)", GCM_SHORT,
	  JCA("AESGCM", "encrypt", "%s"), PEER(LIB_NETTLE, "AESGCM", "encrypt", "%s"), 1.0, "1", NULL },
	{ "AES-GCM decrypt %s / Nettle (no slower)", GCM_SHORT,
	  JCA("AESGCM", "decrypt", "%s"), PEER(LIB_NETTLE, "AESGCM", "decrypt", "%s"), 1.0, "1", NULL },
	{ "portable AES-%s-GCM encrypt 16 KiB / ossl integer (within 2x)", "128 256",
	  JCA("AESGCM", "encrypt", "key=%s,len=16384"), OSSL("AESGCM", "encrypt", "key=%s,len=16384"), 2.0, "2",
	  "portable" },
	{ "portable AES-%s-GCM decrypt 16 KiB / ossl integer (within 2x)", "128 256",
	  JCA("AESGCM", "decrypt", "key=%s,len=16384"), OSSL("AESGCM", "decrypt", "key=%s,len=16384"), 2.0, "2",
	  "portable" },
	/* portable code against OpenSSL's integer code: run with JCA_CPU=none
	 * and OPENSSL_ia32cap masking AES-NI, SSSE3, AVX, SHA (README); the
	 * AES rows with JCA_CPU=-aesni,-vaes,-vaes512 measure aes-ssse3 */
	{ "portable AES-128-CBC encrypt 16 KiB / ossl integer (>= 0.5x)", NULL,
	  JCA("AESBench", "encrypt", "key=128,len=16384"), OSSL("AESBench", "encrypt", "key=128,len=16384"),
	  2.0, "2", "portable" },
	{ "portable SHA-256 %s / ossl integer (>= 0.95x)", "len=64 len=1024 len=16384 len=1048576",
	  JCA("MessageDigests", "digest", "alg=SHA-256,%s"), OSSL("MessageDigests", "digest", "alg=SHA-256,%s"),
	  1.0 / 0.95, "1/0.95", "portable" },
	/* issue 17: SecureRandom and KDF (2-thread scaling: the automatic rows) */
	{ "default SecureRandom 16 B / RAND_bytes (>= 2x faster)", NULL,
	  JCA("SecureRandom", "nextBytes", "alg=default,len=16"), OSSL("SecureRandom", "nextBytes", "alg=default,len=16"),
	  0.5, "1/2", NULL },
	{ "PBKDF2-HMAC-SHA256 10,000 iterations / ossl (>= 1.0x)", NULL,
	  JCA("KDF", "pbkdf2", "alg=PBKDF2WithHmacSHA256,len=32"), OSSL("KDF", "pbkdf2", "alg=PBKDF2WithHmacSHA256,len=32"),
	  1.0, "1.00", NULL },
	/* issue 25: keys, Signature, KeyAgreement (SHA-512 16 KiB against
	 * OpenSSL: the issue 14 line above) */
	{ "Ed25519 (built-in) sign 64 B / ossl (>= 1.0x OpenSSL)", NULL,
	  JCA("Signatures", "sign", "alg=Ed25519,len=64"), OSSL("Signatures", "sign", "alg=Ed25519,len=64"),
	  1.0, "1.00", NULL },
	{ "Ed25519 (built-in) verify 64 B / ossl (>= 1.0x OpenSSL)", NULL,
	  JCA("Signatures", "verify", "alg=Ed25519,len=64"), OSSL("Signatures", "verify", "alg=Ed25519,len=64"),
	  1.0, "1.00", NULL },
	{ "X25519 (built-in) derive / ossl (>= 1.0x OpenSSL)", NULL,
	  JCA("KeyAgreements", "derive", "alg=X25519"), OSSL("KeyAgreements", "derive", "alg=X25519"),
	  1.0, "1.00", NULL },
	{ "SHA-512 64 B / ossl (>= 1.0x OpenSSL)", NULL,
	  JCA("MessageDigests", "digest", "alg=SHA-512,len=64"), OSSL("MessageDigests", "digest", "alg=SHA-512,len=64"),
	  1.0, "1.00", NULL },
	{ "SHA-512 %s / libgcrypt (>= 1.0x libgcrypt)", "len=64 len=16384",
	  JCA("MessageDigests", "digest", "alg=SHA-512,%s"),
	  PEER(LIB_GCRY, "MessageDigests", "digest", "alg=SHA-512,%s"), 1.0, "1.00", NULL },
	{ "SHA256withECDSA P-256 sign, bridge / EVP direct (within 5 %%)", NULL,
	  JCA("Signatures", "sign", "alg=SHA256withECDSA,key=P-256,len=64"),
	  OSSL("Signatures", "sign", "alg=SHA256withECDSA,key=P-256,len=64"), 1.05, "1.05", NULL },
	{ "SHA256withRSA 2048 sign, bridge / EVP direct (within 5 %%)", NULL,
	  JCA("Signatures", "sign", "alg=SHA256withRSA,key=2048,len=64"),
	  OSSL("Signatures", "sign", "alg=SHA256withRSA,key=2048,len=64"), 1.05, "1.05", NULL },
	{ "Ed25519: signature get+init_sign(key)+free (ns)", NULL,
	  JCA("GetSignature", "getInstanceInit", "alg=Ed25519"), ABS, 150, "150 ns", NULL },
	{ "ML-KEM-768: KEM get+init_encapsulate(key)+free (ns)", NULL,
	  JCA("GetKEM", "getInstanceInit", "alg=ML-KEM-768"), ABS, 150, "150 ns", NULL },
};

static int targets_met, targets_missed;

static void verdict(int met)
{
	if (met)
		targets_met++;
	else
		targets_missed++;
}

/* One line: ratio a/b of times per op (1 thread) against a maximum. The
 * verdict is on wall time; the CPU-time ratio beside it is less disturbed
 * by other processes on a busy machine. */
static void target_ratio(const char *what, const bench *a, const bench *b, double max, const char *shown)
{
	double ratio, cpu_ratio;

	if (!a || !b)
		return;
	ratio = a->r[0].med / b->r[0].med;
	cpu_ratio = a->r[0].cpu_op / b->r[0].cpu_op;
	printf("  %-72s %8.3f %8.3f  <= %-6s %s\n", what, ratio, cpu_ratio, shown, ratio <= max ? "met" : "MISSED");
	verdict(ratio <= max);
}

static void target_abs(const char *what, const bench *a, double max, const char *shown)
{
	if (!a)
		return;
	printf("  %-72s %8.1f %8.1f  <= %-6s %s\n", what, a->r[0].med, a->r[0].cpu_op, shown,
	       a->r[0].med <= max ? "met" : "MISSED");
	verdict(a->r[0].med <= max);
}

static const bench *find_ref(const row_ref *r, const char *word)
{
	char params[64];

	snprintf(params, sizeof params, r->params, word);
	return find_row(r->group, r->name, r->lib, params);
}

static void check(const target *t, const char *word)
{
	char what[160];

	snprintf(what, sizeof what, t->what, word);
	if (!t->b.group)
		target_abs(what, find_ref(&t->a, word), t->max, t->shown);
	else
		target_ratio(what, find_ref(&t->a, word), find_ref(&t->b, word), t->max, t->shown);
}

void print_targets(void)
{
	int portable = getenv("JCA_CPU") && getenv("OPENSSL_ia32cap");
	char what[160];

	printf("\n== Targets (time per op, 1 thread unless said; ratio = left / right) ==\n");
	printf("  %-72s %8s %8s  %-9s %s\n", "check", "wall", "cpu-time", "target", "verdict (on wall)");
	for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
		const target *t = &targets[i];
		char word[64];

		if (t->when && !portable)
			continue;
		if (t->when == NULL && portable)
			continue;   /* the fast-path targets mean nothing on forced tiers */
		if (!t->algs) {
			check(t, "");
			continue;
		}
		for (const char *w = t->algs; *w;) {
			size_t n = strcspn(w, " ");

			snprintf(word, sizeof word, "%.*s", (int)n, w);
			check(t, word);
			w += n;
			w += *w == ' ';
		}
	}
	for (int i = 0; i < nrows; i++) {
		const bench *b = &rows[i];
		char sc[16];
		double scale;

		if (b->k->lib != LIB_JCA || !b->k->getinst || !b->r[1].done)
			continue;
		scale = 2.0 * b->r[0].med / b->r[1].med;
		snprintf(what, sizeof what, "2-thread scaling %s.%s %s", b->k->group, b->k->name, b->params);
		snprintf(sc, sizeof sc, "x%.2f", scale);
		printf("  %-72s %8s %8s  >= x1.90   %s (2T CPU%% %.0f)\n", what, sc, "", scale >= 1.9 ? "met" : "MISSED",
		       100 * b->r[1].cpu);
		verdict(scale >= 1.9);
	}
	if (targets_met + targets_missed)
		printf("  %d met, %d missed\n", targets_met, targets_missed);
	else
		printf("  (no target's rows in this selection)\n");
}
