/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: JMH-style micro-benchmarks of libjca, side by side with the
 * same operations through OpenSSL 3 EVP when built with HAVE_OPENSSL.
 *
 *   jca-bench [--quick] [--list] [FILTER...]
 *
 * FILTER selects rows whose "Group.name lib params" text contains it
 * (case-sensitive substring); several FILTERs select the union, and one
 * FILTER may join terms with '+' to require all of them, e.g.
 * 'MessageDigests.digest+len=16384'. See bench/README.md.
 *
 * Method, per row: calibrate the batch size so a batch takes >= the loop
 * time, warm up, then time several batches ("loops"). Score is the median
 * of the loops, Min and Max the worst and best loop, Error (Max - Min) / 2.
 * The 2-thread variant runs the same batch in two threads at once, started
 * together by a barrier; its time per op is the wall time of the slower
 * thread divided by the ops of one thread.
 *
 * Allocations are counted by interposing malloc and friends (see below):
 * each thread counts its own calls, and a row's count is taken on the main
 * thread over a batch after the timed loops.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "jca.h"

#ifdef HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#endif

/* ------------------------------------------------------------------ */
/* Allocation counter                                                  */
/* ------------------------------------------------------------------ */

/*
 * glibc lets a program replace malloc: every library (libjca, libcrypto,
 * libc itself) then calls these. They count and forward to glibc's own
 * allocator through its exported __libc_* entry points, which avoids the
 * bootstrap problem of dlsym(RTLD_NEXT, "malloc") (dlsym may itself call
 * calloc). free() and the aligned variants go to the same heap, so mixing
 * them stays correct.
 */
#if defined(__GLIBC__)
#define HAVE_ALLOC_COUNT 1

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t m, size_t n);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t n);
void *memalign(size_t align, size_t n);

static _Thread_local uint64_t t_allocs;       /* allocation calls */
static _Thread_local uint64_t t_alloc_bytes;  /* bytes asked for */

void *malloc(size_t n)
{
	t_allocs++;
	t_alloc_bytes += n;
	return __libc_malloc(n);
}

void *calloc(size_t m, size_t n)
{
	t_allocs++;
	t_alloc_bytes += m * n;
	return __libc_calloc(m, n);
}

void *realloc(void *p, size_t n)
{
	t_allocs++;
	t_alloc_bytes += n;
	return __libc_realloc(p, n);
}

void free(void *p)
{
	__libc_free(p);
}

void *memalign(size_t align, size_t n)
{
	t_allocs++;
	t_alloc_bytes += n;
	return __libc_memalign(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	return memalign(align, n);
}

int posix_memalign(void **pp, size_t align, size_t n)
{
	void *p;

	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	p = memalign(align, n);
	if (!p)
		return ENOMEM;
	*pp = p;
	return 0;
}
#else
#define HAVE_ALLOC_COUNT 0
static _Thread_local uint64_t t_allocs, t_alloc_bytes;
#endif

/* ------------------------------------------------------------------ */
/* Options, clock, failures                                            */
/* ------------------------------------------------------------------ */

#define MAX_LOOPS 16

static struct {
	int quick;
	int list;
	int loops;          /* timed loops per row */
	uint64_t loop_ns;   /* minimum length of one timed loop */
	uint64_t warm_ns;   /* warm-up before the timed loops */
	int nfilters;
	char **filters;
} opt;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPU time of the calling thread. */
static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void die_jca(const char *what)
{
	fprintf(stderr, "jca-bench: %s failed: %s (%s)\n", what,
	        jca_last_error_message(), jca_error_name(jca_last_error()));
	exit(1);
}

#ifdef HAVE_OPENSSL
static void die_ossl(const char *what)
{
	fprintf(stderr, "jca-bench: OpenSSL %s failed\n", what);
	ERR_print_errors_fp(stderr);
	exit(1);
}
#endif

static void *xalloc(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) & ~(size_t)63);

	if (!p) {
		fprintf(stderr, "jca-bench: out of memory (%zu bytes)\n", n);
		exit(1);
	}
	return p;
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

enum { LIB_JCA, LIB_OSSL };

typedef struct param {
	const char *alg;    /* libjca name: digest, transformation or Mac */
	const char *oalg;   /* OpenSSL name: digest or cipher */
	size_t len;         /* input bytes per operation */
	size_t outlen;      /* digest output bytes (the XOF length for SHAKE) */
	size_t keylen;      /* key bytes */
	int enc;            /* AES: 1 encrypt, 0 decrypt */
	int inplace;        /* AES: output over the input */
} param;

struct bench;

/* Per-thread state of a row: everything one thread's loop works on. */
typedef struct state {
	const param *p;
	uint8_t *in, *out;
	uint8_t key[32], iv[16];
	uint8_t res[128];          /* digest or tag output */
	size_t outlen;
	md_ctx *md;                /* reused instance, or the clone source */
	const md_handle *mh;
	cipher_ctx *c;
	mac_ctx *mac;
#ifdef HAVE_OPENSSL
	EVP_MD *emd;
	EVP_MD_CTX *ectx;
	EVP_CIPHER *ecip;
	EVP_CIPHER_CTX *cctx;
	EVP_MAC *emac;
	EVP_MAC_CTX *mctx;
	OSSL_PARAM prm[2];         /* { digest name, end } for HMAC */
#endif
} state;

/* A kind of row: what one operation is, and the code that runs n of them. */
typedef struct kind {
	const char *group, *name;
	int lib;
	int getinst;               /* get-instance row: 1 and 2 threads */
	int data;                  /* score in MB/s of input, else ns/op */
	const char *does;          /* exactly what one operation does */
	void (*setup)(state *s);
	void (*run)(state *s, uint64_t n);
} kind;

typedef struct result {
	int done;
	int cnt;                   /* timed loops */
	uint64_t n;                /* ops per loop (per thread) */
	double med, min, max;      /* ns per op: median, best, worst loop */
	double cpu;                /* median share of the wall time the threads ran */
	double cpu_op;             /* median CPU ns per op of one thread */
} result;

typedef struct bench {
	const kind *k;
	param p;
	char params[64];
	int vs;                    /* OpenSSL row: index of its libjca row, else -1 */
	int selected;
	result r[2];               /* 1 thread, 2 threads */
	int counted;
	double allocs, abytes;     /* per operation */
} bench;

static bench *rows;
static int nrows, cap_rows;

/* ------------------------------------------------------------------ */
/* libjca operations                                                   */
/* ------------------------------------------------------------------ */

static void setup_jca_md(state *s)
{
	s->md = md_get_instance(s->p->alg);
	if (!s->md)
		die_jca("md_get_instance");
	s->mh = md_lookup(s->p->alg);
	if (!s->mh)
		die_jca("md_lookup");
	s->outlen = md_length(s->md);
}

static void run_md_get(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_get_instance(s->p->alg);

		if (!md)
			die_jca("md_get_instance");
		md_free(md);
	}
}

static void run_md_get_from(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_get_instance_from(s->p->alg, "builtin");

		if (!md)
			die_jca("md_get_instance_from");
		md_free(md);
	}
}

static void run_md_new(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_new(s->mh);

		if (!md)
			die_jca("md_new");
		md_free(md);
	}
}

static void run_md_clone(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_clone(s->md);

		if (!md)
			die_jca("md_clone");
		md_free(md);
	}
}

static void run_md_digest(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		if (md_update(s->md, s->in, s->p->len) < 0 ||
		    md_digest(s->md, s->res, s->outlen) < 0)
			die_jca("md_update/md_digest");
	}
}

static void run_md_get_digest(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_get_instance(s->p->alg);

		if (!md)
			die_jca("md_get_instance");
		if (md_update(md, s->in, s->p->len) < 0 ||
		    md_digest(md, s->res, s->outlen) < 0)
			die_jca("md_update/md_digest");
		md_free(md);
	}
}

static void setup_jca_aes(state *s)
{
	s->c = cipher_get_instance(s->p->alg);
	if (!s->c)
		die_jca("cipher_get_instance");
	if (cipher_init(s->c, s->p->enc ? JCA_ENCRYPT : JCA_DECRYPT, s->key, s->p->keylen,
	                s->iv, sizeof s->iv) < 0)
		die_jca("cipher_init");
}

/* One op: cipher_do_final over the whole buffer, which ends at the
 * initialised state again (same key, IV back to the one given to init). */
static void run_aes(state *s, uint64_t n)
{
	uint8_t *out = s->p->inplace ? s->in : s->out;
	size_t len = s->p->len, got;

	for (uint64_t i = 0; i < n; i++) {
		if (cipher_do_final(s->c, s->in, len, out, len, &got) < 0 || got != len)
			die_jca("cipher_do_final");
	}
}

static void setup_jca_mac(state *s)
{
	s->mac = mac_get_instance(s->p->alg);
	if (!s->mac)
		die_jca("mac_get_instance");
	if (mac_init(s->mac, s->key, s->p->keylen) < 0)
		die_jca("mac_init");
	s->outlen = mac_length(s->mac);
}

static void run_mac(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		if (mac_update(s->mac, s->in, s->p->len) < 0 ||
		    mac_do_final(s->mac, s->res, sizeof s->res) < 0)
			die_jca("mac_update/mac_do_final");
	}
}

static void run_mac_get_init_final(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		mac_ctx *m = mac_get_instance(s->p->alg);

		if (!m)
			die_jca("mac_get_instance");
		if (mac_init(m, s->key, s->p->keylen) < 0 ||
		    mac_update(m, s->in, s->p->len) < 0 ||
		    mac_do_final(m, s->res, sizeof s->res) < 0)
			die_jca("mac_init/update/do_final");
		mac_free(m);
	}
}

static void run_mac_get_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		mac_ctx *m = mac_get_instance(s->p->alg);

		if (!m)
			die_jca("mac_get_instance");
		if (mac_init(m, s->key, s->p->keylen) < 0)
			die_jca("mac_init");
		mac_free(m);
	}
}

static void run_cipher_get_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		cipher_ctx *c = cipher_get_instance(s->p->alg);

		if (!c)
			die_jca("cipher_get_instance");
		if (cipher_init(c, JCA_ENCRYPT, s->key, s->p->keylen, s->iv, sizeof s->iv) < 0)
			die_jca("cipher_init");
		cipher_free(c);
	}
}

/* ------------------------------------------------------------------ */
/* OpenSSL 3 EVP operations                                            */
/* ------------------------------------------------------------------ */

#ifdef HAVE_OPENSSL
static int o_final(EVP_MD_CTX *ctx, uint8_t *out, size_t outlen, int xof)
{
	return xof ? EVP_DigestFinalXOF(ctx, out, outlen) : EVP_DigestFinal_ex(ctx, out, NULL);
}

static void setup_o_md(state *s)
{
	s->emd = EVP_MD_fetch(NULL, s->p->oalg, NULL);
	s->ectx = EVP_MD_CTX_new();
	if (!s->emd || !s->ectx || !EVP_DigestInit_ex(s->ectx, s->emd, NULL))
		die_ossl("EVP_MD_fetch/EVP_DigestInit_ex");
	s->outlen = s->p->outlen ? s->p->outlen : (size_t)EVP_MD_get_size(s->emd);
}

static void run_o_md_fetch_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MD *md = EVP_MD_fetch(NULL, s->p->oalg, NULL);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!md || !ctx || !EVP_DigestInit_ex(ctx, md, NULL))
			die_ossl("EVP_MD_fetch/EVP_DigestInit_ex");
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(md);
	}
}

static void run_o_md_new_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!ctx || !EVP_DigestInit_ex(ctx, s->emd, NULL))
			die_ossl("EVP_DigestInit_ex");
		EVP_MD_CTX_free(ctx);
	}
}

static void run_o_md_copy(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!ctx || !EVP_MD_CTX_copy_ex(ctx, s->ectx))
			die_ossl("EVP_MD_CTX_copy_ex");
		EVP_MD_CTX_free(ctx);
	}
}

static void run_o_md_digest(state *s, uint64_t n)
{
	int xof = s->p->outlen != 0;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_DigestInit_ex(s->ectx, s->emd, NULL) ||
		    !EVP_DigestUpdate(s->ectx, s->in, s->p->len) ||
		    !o_final(s->ectx, s->res, s->outlen, xof))
			die_ossl("EVP_DigestInit_ex/Update/Final");
	}
}

static void run_o_md_fetch_digest(state *s, uint64_t n)
{
	int xof = s->p->outlen != 0;

	for (uint64_t i = 0; i < n; i++) {
		EVP_MD *md = EVP_MD_fetch(NULL, s->p->oalg, NULL);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!md || !ctx || !EVP_DigestInit_ex(ctx, md, NULL) ||
		    !EVP_DigestUpdate(ctx, s->in, s->p->len) ||
		    !o_final(ctx, s->res, s->outlen, xof))
			die_ossl("EVP_MD_fetch/Init/Update/Final");
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(md);
	}
}

static void setup_o_aes(state *s)
{
	s->ecip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);
	s->cctx = EVP_CIPHER_CTX_new();
	if (!s->ecip || !s->cctx ||
	    !EVP_CipherInit_ex(s->cctx, s->ecip, NULL, s->key, s->iv, s->p->enc) ||
	    !EVP_CIPHER_CTX_set_padding(s->cctx, 0))
		die_ossl("EVP_CIPHER_fetch/EVP_CipherInit_ex");
}

static void run_o_aes(state *s, uint64_t n)
{
	uint8_t *out = s->p->inplace ? s->in : s->out;
	int len = (int)s->p->len, a, b;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_CipherInit_ex(s->cctx, NULL, NULL, NULL, s->iv, -1) ||
		    !EVP_CipherUpdate(s->cctx, out, &a, s->in, len) ||
		    !EVP_CipherFinal_ex(s->cctx, out + a, &b) || a + b != len)
			die_ossl("EVP_CipherInit_ex/Update/Final_ex");
	}
}

static void set_hmac_params(state *s)
{
	s->prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)s->p->oalg, 0);
	s->prm[1] = OSSL_PARAM_construct_end();
}

/* HMAC prefetched; the digest name goes in with the key at EVP_MAC_init. */
static void setup_o_hmac_pre(state *s)
{
	s->emac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	if (!s->emac)
		die_ossl("EVP_MAC_fetch");
	set_hmac_params(s);
}

static void setup_o_hmac(state *s)
{
	setup_o_hmac_pre(s);
	s->mctx = EVP_MAC_CTX_new(s->emac);
	if (!s->mctx || !EVP_MAC_init(s->mctx, s->key, s->p->keylen, s->prm))
		die_ossl("EVP_MAC_CTX_new/EVP_MAC_init");
}

/* Reused keyed context: EVP_MAC_init with no key restarts with the key
 * already set (OpenSSL's HMAC keeps it). */
static void run_o_hmac(state *s, uint64_t n)
{
	size_t got;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_MAC_init(s->mctx, NULL, 0, NULL) ||
		    !EVP_MAC_update(s->mctx, s->in, s->p->len) ||
		    !EVP_MAC_final(s->mctx, s->res, &got, sizeof s->res))
			die_ossl("EVP_MAC_init/update/final");
	}
}

static void o_hmac_once(state *s, EVP_MAC *mac, int finish)
{
	EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
	size_t got;

	if (!ctx || !EVP_MAC_init(ctx, s->key, s->p->keylen, s->prm))
		die_ossl("EVP_MAC_CTX_new/EVP_MAC_init");
	if (finish && (!EVP_MAC_update(ctx, s->in, s->p->len) ||
	               !EVP_MAC_final(ctx, s->res, &got, sizeof s->res)))
		die_ossl("EVP_MAC_update/final");
	EVP_MAC_CTX_free(ctx);
}

static void run_o_hmac_new_init_final(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		o_hmac_once(s, s->emac, 1);
}

static void run_o_hmac_fetch_init_final(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);

		if (!mac)
			die_ossl("EVP_MAC_fetch");
		o_hmac_once(s, mac, 1);
		EVP_MAC_free(mac);
	}
}

static void run_o_hmac_new_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		o_hmac_once(s, s->emac, 0);
}

static void run_o_hmac_fetch_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);

		if (!mac)
			die_ossl("EVP_MAC_fetch");
		o_hmac_once(s, mac, 0);
		EVP_MAC_free(mac);
	}
}

static void setup_o_cipher_pre(state *s)
{
	s->ecip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);
	if (!s->ecip)
		die_ossl("EVP_CIPHER_fetch");
}

static void o_cipher_once(state *s, EVP_CIPHER *cip)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	if (!ctx || !EVP_CipherInit_ex2(ctx, cip, s->key, s->iv, 1, NULL))
		die_ossl("EVP_CIPHER_CTX_new/EVP_CipherInit_ex2");
	EVP_CIPHER_CTX_free(ctx);
}

static void run_o_cipher_new_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		o_cipher_once(s, s->ecip);
}

static void run_o_cipher_fetch_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_CIPHER *cip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);

		if (!cip)
			die_ossl("EVP_CIPHER_fetch");
		o_cipher_once(s, cip);
		EVP_CIPHER_free(cip);
	}
}
#endif /* HAVE_OPENSSL */

/* ------------------------------------------------------------------ */
/* The kinds of rows                                                   */
/* ------------------------------------------------------------------ */

static const kind K_md_get = { "GetMessageDigest", "getInstance", LIB_JCA, 1, 0,
	"md_get_instance(alg) + md_free", setup_jca_md, run_md_get };
static const kind K_md_get_from = { "GetMessageDigest", "getInstanceFrom", LIB_JCA, 1, 0,
	"md_get_instance_from(alg, \"builtin\") + md_free", setup_jca_md, run_md_get_from };
static const kind K_md_new = { "GetMessageDigest", "newFromHandle", LIB_JCA, 1, 0,
	"md_new(h) + md_free, h = md_lookup(alg) done once before", setup_jca_md, run_md_new };
static const kind K_md_clone = { "GetMessageDigest", "clone", LIB_JCA, 1, 0,
	"md_clone(fresh instance) + md_free", setup_jca_md, run_md_clone };
static const kind K_md_digest = { "MessageDigests", "digest", LIB_JCA, 0, 1,
	"md_update(len bytes) + md_digest on one reused instance", setup_jca_md, run_md_digest };
static const kind K_md_get_digest = { "MessageDigests", "getAndDigest", LIB_JCA, 1, 0,
	"md_get_instance(alg) + md_update(len bytes) + md_digest + md_free", setup_jca_md, run_md_get_digest };
static const kind K_aes_enc = { "AESBench", "encrypt", LIB_JCA, 0, 1,
	"cipher_do_final(len bytes) on a reused AES/CBC/NoPadding instance initialised once "
	"(do_final returns it to the initialised key and IV)", setup_jca_aes, run_aes };
static const kind K_aes_dec = { "AESBench", "decrypt", LIB_JCA, 0, 1,
	"the same, decrypting", setup_jca_aes, run_aes };
static const kind K_mac = { "MacBench", "mac", LIB_JCA, 0, 1,
	"mac_update(len bytes) + mac_do_final on one keyed instance", setup_jca_mac, run_mac };
static const kind K_mac_gif = { "MacBench", "getInitFinal", LIB_JCA, 1, 0,
	"mac_get_instance + mac_init(32-byte key) + mac_update(len bytes) + mac_do_final + mac_free",
	NULL, run_mac_get_init_final };
static const kind K_cipher_gi = { "GetCipher", "getInstanceInit", LIB_JCA, 1, 0,
	"cipher_get_instance(alg) + cipher_init(ENCRYPT, 16-byte key, 16-byte IV) + cipher_free",
	NULL, run_cipher_get_init };
static const kind K_mac_gi = { "GetMac", "getInstanceInit", LIB_JCA, 1, 0,
	"mac_get_instance(alg) + mac_init(32-byte key) + mac_free", NULL, run_mac_get_init };

#ifdef HAVE_OPENSSL
static const kind O_md_fetch = { "GetMessageDigest", "fetchNewInit", LIB_OSSL, 1, 0,
	"EVP_MD_fetch + EVP_MD_CTX_new + EVP_DigestInit_ex + EVP_MD_CTX_free + EVP_MD_free (full)",
	setup_o_md, run_o_md_fetch_init };
static const kind O_md_new = { "GetMessageDigest", "newInit", LIB_OSSL, 1, 0,
	"EVP_MD_CTX_new + EVP_DigestInit_ex(prefetched EVP_MD) + EVP_MD_CTX_free",
	setup_o_md, run_o_md_new_init };
static const kind O_md_copy = { "GetMessageDigest", "copy", LIB_OSSL, 1, 0,
	"EVP_MD_CTX_new + EVP_MD_CTX_copy_ex(initialised ctx) + EVP_MD_CTX_free",
	setup_o_md, run_o_md_copy };
static const kind O_md_digest = { "MessageDigests", "digest", LIB_OSSL, 0, 1,
	"EVP_DigestInit_ex(prefetched) + EVP_DigestUpdate(len bytes) + EVP_DigestFinal_ex "
	"(FinalXOF for SHAKE) on one reused EVP_MD_CTX", setup_o_md, run_o_md_digest };
static const kind O_md_fetch_digest = { "MessageDigests", "fetchAndDigest", LIB_OSSL, 1, 0,
	"EVP_MD_fetch + EVP_MD_CTX_new + Init_ex + Update(len bytes) + Final_ex + both frees",
	setup_o_md, run_o_md_fetch_digest };
static const kind O_aes_enc = { "AESBench", "encrypt", LIB_OSSL, 0, 1,
	"EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, -1) + EVP_CipherUpdate(len bytes) + "
	"EVP_CipherFinal_ex, padding off, ctx keyed once", setup_o_aes, run_o_aes };
static const kind O_aes_dec = { "AESBench", "decrypt", LIB_OSSL, 0, 1,
	"the same, decrypting", setup_o_aes, run_o_aes };
static const kind O_mac = { "MacBench", "mac", LIB_OSSL, 0, 1,
	"EVP_MAC_init(ctx, NULL, 0, NULL) (restart, key kept) + EVP_MAC_update(len bytes) + "
	"EVP_MAC_final on one keyed HMAC ctx", setup_o_hmac, run_o_hmac };
static const kind O_mac_nif = { "MacBench", "newInitFinal", LIB_OSSL, 1, 0,
	"EVP_MAC_CTX_new(prefetched HMAC) + EVP_MAC_init(key, digest param) + update(len bytes) + "
	"final + EVP_MAC_CTX_free", setup_o_hmac_pre, run_o_hmac_new_init_final };
static const kind O_mac_fif = { "MacBench", "fetchInitFinal", LIB_OSSL, 1, 0,
	"EVP_MAC_fetch(\"HMAC\") + the newInitFinal row + EVP_MAC_free (full)",
	setup_o_hmac_pre, run_o_hmac_fetch_init_final };
static const kind O_cipher_fetch = { "GetCipher", "fetchNewInit", LIB_OSSL, 1, 0,
	"EVP_CIPHER_fetch(\"AES-128-CBC\") + EVP_CIPHER_CTX_new + EVP_CipherInit_ex2(encrypt, key, IV; "
	"PKCS padding is the default) + EVP_CIPHER_CTX_free + EVP_CIPHER_free (full)",
	setup_o_cipher_pre, run_o_cipher_fetch_init };
static const kind O_cipher_new = { "GetCipher", "newInit", LIB_OSSL, 1, 0,
	"the same with a prefetched EVP_CIPHER", setup_o_cipher_pre, run_o_cipher_new_init };
static const kind O_mac_fetch = { "GetMac", "fetchNewInit", LIB_OSSL, 1, 0,
	"EVP_MAC_fetch(\"HMAC\") + EVP_MAC_CTX_new + EVP_MAC_init(32-byte key, digest=SHA256) + "
	"EVP_MAC_CTX_free + EVP_MAC_free (full)", setup_o_hmac_pre, run_o_hmac_fetch_init };
static const kind O_mac_new = { "GetMac", "newInit", LIB_OSSL, 1, 0,
	"the same with a prefetched EVP_MAC", setup_o_hmac_pre, run_o_hmac_new_init };
#endif

/* ------------------------------------------------------------------ */
/* The row list                                                        */
/* ------------------------------------------------------------------ */

static const struct digest {
	const char *jca, *ossl;
	size_t xof;                /* SHAKE: output bytes (libjca's default) */
} digests[] = {
	{ "MD5", "MD5", 0 },
	{ "SHA-1", "SHA1", 0 },
	{ "SHA-224", "SHA224", 0 },
	{ "SHA-256", "SHA256", 0 },
	{ "SHA-384", "SHA384", 0 },
	{ "SHA-512", "SHA512", 0 },
	{ "SHA-512/224", "SHA512-224", 0 },
	{ "SHA-512/256", "SHA512-256", 0 },
	{ "SHA3-224", "SHA3-224", 0 },
	{ "SHA3-256", "SHA3-256", 0 },
	{ "SHA3-384", "SHA3-384", 0 },
	{ "SHA3-512", "SHA3-512", 0 },
	{ "SHAKE128", "SHAKE128", 32 },
	{ "SHAKE256", "SHAKE256", 64 },
};
#define NDIGESTS (sizeof digests / sizeof digests[0])

static const struct digest *digest_by_name(const char *name)
{
	for (size_t i = 0; i < NDIGESTS; i++)
		if (!strcmp(digests[i].jca, name))
			return &digests[i];
	return NULL;
}

static const struct hmac {
	const char *jca, *digest_ossl;
} hmacs[] = {
	{ "HmacSHA256", "SHA256" },
	{ "HmacSHA3-256", "SHA3-256" },
};

static int add_row(const kind *k, param p, int vs)
{
	bench *b;
	char *q;
	size_t room;

	if (nrows == cap_rows) {
		cap_rows = cap_rows ? 2 * cap_rows : 256;
		rows = realloc(rows, (size_t)cap_rows * sizeof *rows);
		if (!rows)
			exit(1);
	}
	b = &rows[nrows];
	memset(b, 0, sizeof *b);
	b->k = k;
	b->p = p;
	b->vs = vs;
	q = b->params;
	room = sizeof b->params;
	if (!strncmp(k->group, "AES", 3))
		snprintf(q, room, "key=%zu,len=%zu%s", 8 * p.keylen, p.len, p.inplace ? ",inplace" : "");
	else if (p.len && strncmp(k->group, "Get", 3))
		snprintf(q, room, "alg=%s,len=%zu", p.alg, p.len);
	else
		snprintf(q, room, "alg=%s", p.alg);
	return nrows++;
}

/* Adds an OpenSSL row compared with libjca row `vs`; nothing without
 * OpenSSL. */
#ifdef HAVE_OPENSSL
#define ADD_OSSL(k, p, vs) add_row((k), (p), (vs))
#else
#define ADD_OSSL(k, p, vs) ((void)(vs))
#endif

static void build_rows(void)
{
	static const char *const md_get_algs[] = { "MD5", "SHA-1", "SHA-256", "SHA3-256" };
	static const size_t md_lens[] = { 64, 1024, 16384, 1048576 };
	static const size_t gd_lens[] = { 64, 16384 };
	static const size_t aes_lens[] = { 256, 2048, 16384, 30000000 };
	static const size_t mac_lens[] = { 128, 1024, 16384 };
	param p;
	int j;

	for (size_t i = 0; i < sizeof md_get_algs / sizeof md_get_algs[0]; i++) {
		const struct digest *d = digest_by_name(md_get_algs[i]);
		int get;

		p = (param){ .alg = d->jca, .oalg = d->ossl, .outlen = d->xof };
		get = add_row(&K_md_get, p, -1);
		add_row(&K_md_get_from, p, -1);
		add_row(&K_md_new, p, -1);
		j = add_row(&K_md_clone, p, -1);
		ADD_OSSL(&O_md_fetch, p, get);
		ADD_OSSL(&O_md_new, p, get);
		ADD_OSSL(&O_md_copy, p, j);
	}
	for (size_t i = 0; i < NDIGESTS; i++) {
		for (size_t l = 0; l < sizeof md_lens / sizeof md_lens[0]; l++) {
			p = (param){ .alg = digests[i].jca, .oalg = digests[i].ossl,
			             .outlen = digests[i].xof, .len = md_lens[l] };
			j = add_row(&K_md_digest, p, -1);
			ADD_OSSL(&O_md_digest, p, j);
		}
	}
	for (size_t i = 0; i < NDIGESTS; i++) {
		for (size_t l = 0; l < sizeof gd_lens / sizeof gd_lens[0]; l++) {
			p = (param){ .alg = digests[i].jca, .oalg = digests[i].ossl,
			             .outlen = digests[i].xof, .len = gd_lens[l] };
			j = add_row(&K_md_get_digest, p, -1);
			ADD_OSSL(&O_md_fetch_digest, p, j);
		}
	}
	for (int key = 16; key <= 32; key += 16) {
		for (int enc = 1; enc >= 0; enc--) {
			for (int inplace = 0; inplace <= 1; inplace++) {
				for (size_t l = 0; l < sizeof aes_lens / sizeof aes_lens[0]; l++) {
					p = (param){ .alg = "AES/CBC/NoPadding",
					             .oalg = key == 16 ? "AES-128-CBC" : "AES-256-CBC",
					             .len = aes_lens[l], .keylen = (size_t)key,
					             .enc = enc, .inplace = inplace };
					j = add_row(enc ? &K_aes_enc : &K_aes_dec, p, -1);
					ADD_OSSL(enc ? &O_aes_enc : &O_aes_dec, p, j);
				}
			}
		}
	}
	for (size_t i = 0; i < sizeof hmacs / sizeof hmacs[0]; i++) {
		for (size_t l = 0; l < sizeof mac_lens / sizeof mac_lens[0]; l++) {
			p = (param){ .alg = hmacs[i].jca, .oalg = hmacs[i].digest_ossl,
			             .len = mac_lens[l], .keylen = 32 };
			j = add_row(&K_mac, p, -1);
			ADD_OSSL(&O_mac, p, j);
		}
	}
	for (size_t i = 0; i < sizeof hmacs / sizeof hmacs[0]; i++) {
		p = (param){ .alg = hmacs[i].jca, .oalg = hmacs[i].digest_ossl, .len = 128, .keylen = 32 };
		j = add_row(&K_mac_gif, p, -1);
		ADD_OSSL(&O_mac_nif, p, j);
		ADD_OSSL(&O_mac_fif, p, j);
	}
	p = (param){ .alg = "AES/CBC/PKCS5Padding", .oalg = "AES-128-CBC", .keylen = 16 };
	j = add_row(&K_cipher_gi, p, -1);
	ADD_OSSL(&O_cipher_fetch, p, j);
	ADD_OSSL(&O_cipher_new, p, j);
	p = (param){ .alg = "HmacSHA256", .oalg = "SHA256", .keylen = 32 };
	j = add_row(&K_mac_gi, p, -1);
	ADD_OSSL(&O_mac_fetch, p, j);
	ADD_OSSL(&O_mac_new, p, j);
}

static void row_text(const bench *b, char *buf, size_t size)
{
	snprintf(buf, size, "%s.%s %s %s", b->k->group, b->k->name,
	         b->k->lib == LIB_JCA ? "jca" : "ossl", b->params);
}

/* Does every '+'-separated term of filter f occur in text? */
static int filter_match(const char *f, const char *text)
{
	char term[256];

	while (*f) {
		size_t n = strcspn(f, "+");

		if (n >= sizeof term)
			n = sizeof term - 1;
		memcpy(term, f, n);
		term[n] = 0;
		if (n && !strstr(text, term))
			return 0;
		f += n;
		if (*f == '+')
			f++;
	}
	return 1;
}

static void select_rows(void)
{
	char text[256];

	for (int i = 0; i < nrows; i++) {
		rows[i].selected = opt.nfilters == 0;
		row_text(&rows[i], text, sizeof text);
		for (int f = 0; f < opt.nfilters && !rows[i].selected; f++)
			rows[i].selected = filter_match(opt.filters[f], text);
	}
}

/* ------------------------------------------------------------------ */
/* Measuring                                                           */
/* ------------------------------------------------------------------ */

static void state_init(state *s, const bench *b)
{
	memset(s, 0, sizeof *s);
	s->p = &b->p;
	for (size_t i = 0; i < sizeof s->key; i++)
		s->key[i] = (uint8_t)(0x11 * i + 1);
	for (size_t i = 0; i < sizeof s->iv; i++)
		s->iv[i] = (uint8_t)(0xA5 ^ i);
	if (b->p.len) {
		s->in = xalloc(b->p.len);
		s->out = xalloc(b->p.len);
		for (size_t i = 0; i < b->p.len; i++)
			s->in[i] = (uint8_t)(i * 131 + 7);
		memset(s->out, 0, b->p.len);
	}
	if (b->k->setup)
		b->k->setup(s);
}

static void state_free(state *s)
{
	md_free(s->md);
	cipher_free(s->c);
	mac_free(s->mac);
#ifdef HAVE_OPENSSL
	EVP_MD_CTX_free(s->ectx);
	EVP_MD_free(s->emd);
	EVP_CIPHER_CTX_free(s->cctx);
	EVP_CIPHER_free(s->ecip);
	EVP_MAC_CTX_free(s->mctx);
	EVP_MAC_free(s->emac);
#endif
	free(s->in);
	free(s->out);
}

typedef struct worker {
	const bench *b;
	state *s;
	uint64_t n;
	pthread_barrier_t *bar;
	uint64_t t0, t1, cpu;
} worker;

static void *worker_main(void *arg)
{
	worker *w = arg;

	uint64_t c0;

	pthread_barrier_wait(w->bar);
	c0 = cpu_ns();
	w->t0 = now_ns();
	w->b->k->run(w->s, w->n);
	w->t1 = now_ns();
	w->cpu = cpu_ns() - c0;
	return NULL;
}

/* Runs n ops in each of nthr threads; returns the wall time in ns and,
 * in *cpu if not NULL, the CPU time of all threads together. */
static uint64_t run_batch(const bench *b, state *st, int nthr, uint64_t n, uint64_t *cpu)
{
	pthread_barrier_t bar;
	pthread_t tid[2];
	worker w[2];
	uint64_t t0, t1, c0;

	if (nthr == 1) {
		c0 = cpu_ns();
		t0 = now_ns();
		b->k->run(&st[0], n);
		t1 = now_ns();
		if (cpu)
			*cpu = cpu_ns() - c0;
		return t1 - t0;
	}
	pthread_barrier_init(&bar, NULL, (unsigned)nthr);
	for (int i = 0; i < nthr; i++) {
		w[i] = (worker){ .b = b, .s = &st[i], .n = n, .bar = &bar };
		if (pthread_create(&tid[i], NULL, worker_main, &w[i])) {
			fprintf(stderr, "jca-bench: pthread_create failed\n");
			exit(1);
		}
	}
	for (int i = 0; i < nthr; i++)
		pthread_join(tid[i], NULL);
	pthread_barrier_destroy(&bar);
	t0 = w[0].t0;
	t1 = w[0].t1;
	if (cpu)
		*cpu = w[0].cpu;
	for (int i = 1; i < nthr; i++) {
		if (cpu)
			*cpu += w[i].cpu;
		if (w[i].t0 < t0)
			t0 = w[i].t0;
		if (w[i].t1 > t1)
			t1 = w[i].t1;
	}
	return t1 - t0;
}

/* n * f rounded up, at least 1. */
static uint64_t scale_ops(uint64_t n, double f)
{
	double x = (double)n * f;
	uint64_t r = (uint64_t)x;

	if ((double)r < x)
		r++;
	return r ? r : 1;
}

/* Ops per batch so that a batch takes about 1.1 loop times. */
static uint64_t calibrate(const bench *b, state *st)
{
	uint64_t n = 1, t;

	for (;;) {
		t = run_batch(b, st, 1, n, NULL);
		if (t >= opt.loop_ns / 8)
			break;
		n *= t < opt.loop_ns / 1000 ? 10 : 2;
	}
	return scale_ops(n, 1.1 * (double)opt.loop_ns / (double)t);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void measure(const bench *b, state *st, int nthr, uint64_t n, result *r)
{
	double v[MAX_LOOPS], c[MAX_LOOPS], cop[MAX_LOOPS];
	uint64_t t, tmin, end, cpu;

	/* Warm-up: batches of a quarter loop until warm_ns has passed. */
	end = now_ns() + opt.warm_ns;
	do
		run_batch(b, st, nthr, n / 4 ? n / 4 : 1, NULL);
	while (now_ns() < end);

	/* Timed loops; should one be shorter than loop_ns (the machine sped
	 * up), make the batch bigger and time them all again. */
	for (int attempt = 0;; attempt++) {
		tmin = UINT64_MAX;
		for (int i = 0; i < opt.loops; i++) {
			t = run_batch(b, st, nthr, n, &cpu);
			if (t < tmin)
				tmin = t;
			v[i] = (double)t / (double)n;
			c[i] = (double)cpu / ((double)t * nthr);
			cop[i] = (double)cpu / ((double)n * nthr);
		}
		if (tmin >= opt.loop_ns || attempt == 3)
			break;
		n = scale_ops(n, 1.2 * (double)opt.loop_ns / (double)(tmin ? tmin : 1));
	}
	qsort(v, (size_t)opt.loops, sizeof v[0], cmp_double);
	qsort(c, (size_t)opt.loops, sizeof c[0], cmp_double);
	qsort(cop, (size_t)opt.loops, sizeof cop[0], cmp_double);
	r->cpu = c[opt.loops / 2];
	r->cpu_op = cop[opt.loops / 2];
	r->done = 1;
	r->cnt = opt.loops;
	r->n = n;
	r->min = v[0];
	r->max = v[opt.loops - 1];
	r->med = opt.loops % 2 ? v[opt.loops / 2] : (v[opt.loops / 2 - 1] + v[opt.loops / 2]) / 2;
}

/* Allocation calls per op, counted on this thread over a batch. */
static void count_allocs(bench *b, state *st)
{
	uint64_t n = b->r[0].n < 1000 ? b->r[0].n : 1000;
	uint64_t a0 = t_allocs, y0 = t_alloc_bytes;

	b->k->run(st, n);
	b->allocs = (double)(t_allocs - a0) / (double)n;
	b->abytes = (double)(t_alloc_bytes - y0) / (double)n;
	b->counted = HAVE_ALLOC_COUNT;
}

static void run_row(bench *b)
{
	state st[2];
	uint64_t n;

	state_init(&st[0], b);
	n = calibrate(b, &st[0]);
	measure(b, st, 1, n, &b->r[0]);
	count_allocs(b, &st[0]);
	if (b->k->getinst) {
		state_init(&st[1], b);
		measure(b, st, 2, b->r[0].n, &b->r[1]);
		state_free(&st[1]);
	}
	state_free(&st[0]);
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

/* The score in the row's unit from a time per op in ns. */
static double score_of(const bench *b, double ns)
{
	return b->k->data ? (double)b->p.len / ns * 1000.0 : ns;   /* MB/s = 10^6 B/s */
}

static void print_header_row(void)
{
	printf("%-32s %-4s %-34s %3s %3s %12s   %10s %12s %12s  %-5s %4s %9s %8s %8s %6s\n",
	       "Benchmark", "Lib", "Params", "Thr", "Cnt", "Score", "Error", "Min", "Max", "Units",
	       "CPU%", "Allocs/op", "Bytes/op", "jca/ossl", "2T/1T");
}

static void print_row(const bench *b, int ti)
{
	const result *r = &b->r[ti];
	double med = score_of(b, r->med);
	/* In MB/s the slowest loop (max ns) is the minimum score. */
	double lo = score_of(b, b->k->data ? r->max : r->min);
	double hi = score_of(b, b->k->data ? r->min : r->max);
	char name[64], allocs[16] = "", bytes[16] = "", ratio[16] = "", scale[16] = "";

	snprintf(name, sizeof name, "%s.%s", b->k->group, b->k->name);
	if (ti == 0 && b->counted) {
		snprintf(allocs, sizeof allocs, "%.2f", b->allocs);
		snprintf(bytes, sizeof bytes, "%.0f", b->abytes);
	}
	if (b->vs >= 0 && rows[b->vs].r[ti].done)
		snprintf(ratio, sizeof ratio, "%.3f", rows[b->vs].r[ti].med / r->med);
	if (ti == 1 && b->r[0].done)
		snprintf(scale, sizeof scale, "x%.2f", 2.0 * b->r[0].med / r->med);
	printf("%-32s %-4s %-34s %3d %3d %12.3f ± %10.3f %12.3f %12.3f  %-5s %4.0f %9s %8s %8s %6s\n",
	       name, b->k->lib == LIB_JCA ? "jca" : "ossl", b->params, ti + 1, r->cnt, med,
	       (hi - lo) / 2, lo, hi, b->k->data ? "MB/s" : "ns/op", 100 * r->cpu, allocs, bytes,
	       ratio, scale);
}

/* Is word one of the space-separated words of list? */
static int has_word(const char *list, const char *word)
{
	size_t wl = strlen(word);

	for (const char *h = list; (h = strstr(h, word)); h += wl)
		if ((h == list || h[-1] == ' ') && (h[wl] == ' ' || !h[wl]))
			return 1;
	return 0;
}

/* CPU model name, and which of the flags that matter here the CPU has. */
static const char *cpu_model(char *buf, size_t size, char *flags, size_t fsize)
{
	static const char *const want[] = {
		"sse2", "ssse3", "sse4_1", "avx", "avx2", "bmi2", "adx", "avx512f", "avx512bw",
		"avx512vl", "aes", "pclmulqdq", "vaes", "vpclmulqdq", "sha_ni", "gfni",
	};
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	size_t used = 0;
	int got_flags = 0;

	snprintf(buf, size, "unknown");
	flags[0] = 0;
	if (!f)
		return buf;
	while (fgets(line, sizeof line, f)) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		v += v[1] == ' ' ? 2 : 1;
		v[strcspn(v, "\n")] = 0;
		if (!strncmp(line, "model name", 10) && !strcmp(buf, "unknown"))
			snprintf(buf, size, "%s", v);
		if (!strncmp(line, "flags", 5) && !got_flags) {
			got_flags = 1;
			for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
				if (has_word(v, want[i]) && used + strlen(want[i]) + 2 < fsize)
					used += (size_t)snprintf(flags + used, fsize - used, "%s%s",
					                         used ? " " : "", want[i]);
		}
	}
	fclose(f);
	return buf;
}

static const char *mac_impl(const char *alg)
{
	const jca_provider *p;

	for (size_t i = 0; (p = jca_provider_at(i)); i++) {
		const jca_service *s;

		for (size_t j = 0; (s = jca_provider_service_at(p, j)); j++)
			if (jca_service_type_of(s) == JCA_MAC && !strcmp(jca_service_algorithm(s), alg))
				return jca_service_attribute(s, "Implementation");
	}
	return "?";
}

static void print_preamble(int argc, char **argv)
{
	char model[256], flags[512], load[128] = "?";
	const char *env;
	FILE *f;
	int col;

	printf("# jca-bench: libjca %s", JCA_VERSION_STRING);
#ifdef HAVE_OPENSSL
	printf(" vs %s (EVP)\n", OpenSSL_version(OPENSSL_VERSION));
#else
	printf(" (built without OpenSSL: no comparison rows)\n");
#endif
	printf("# command:  ");
	for (int i = 0; i < argc; i++)
		printf("%s%s", i ? " " : "", argv[i]);
	printf("\n");
	env = getenv("JCA_CPU");
	printf("# env:      JCA_CPU=%s", env ? env : "(unset)");
	env = getenv("OPENSSL_ia32cap");
	printf("  OPENSSL_ia32cap=%s\n", env ? env : "(unset)");
	printf("# cpu:      %s, %ld logical CPUs\n", cpu_model(model, sizeof model, flags, sizeof flags),
	       sysconf(_SC_NPROCESSORS_ONLN));
	printf("# cpuflags: %s (of those relevant here)\n", flags);
#if defined(__clang__)
	printf("# compiler: clang %s\n", __VERSION__);
#elif defined(__GNUC__)
	printf("# compiler: gcc %s\n", __VERSION__);
#else
	printf("# compiler: %s\n", __VERSION__);
#endif
	if ((f = fopen("/proc/loadavg", "r"))) {
		if (fgets(load, sizeof load, f))
			load[strcspn(load, "\n")] = 0;
		fclose(f);
	}
	printf("# loadavg:  %s (at start)\n", load);
	printf("# method:   per row: calibrate, warm up %.0f ms, then %d timed loops of >= %.0f ms;\n"
	       "#           Score = median of the loops, Min/Max = worst/best loop, Error = (Max - Min) / 2;\n"
	       "#           MB/s = 10^6 bytes of input per second; Thr 2 = two threads at once, Score per\n"
	       "#           thread, 2T/1T = aggregate ops/s of 2 threads / ops/s of 1 thread;\n"
	       "#           jca/ossl (on OpenSSL rows) = libjca time per op / OpenSSL time per op of the\n"
	       "#           paired row (same Params and Thr): below 1 means libjca is faster;\n"
	       "#           CPU%% = median over loops of (CPU time of the row's threads) / (threads x wall\n"
	       "#           time): below ~95 the machine was busy and the row's threads were preempted;\n"
	       "#           Allocs/op, Bytes/op = malloc/calloc/realloc/memalign calls and bytes asked, per op%s\n",
	       opt.warm_ns / 1e6, opt.loops, opt.loop_ns / 1e6,
	       HAVE_ALLOC_COUNT ? "" : " (not counted: not glibc)");
	printf("# libjca implementations in use:\n#  ");
	col = 3;
	for (size_t i = 0; i < NDIGESTS; i++) {
		md_ctx *md = md_get_instance(digests[i].jca);
		char item[96];

		snprintf(item, sizeof item, " %s=%s", digests[i].jca, md ? md_implementation(md) : "?");
		md_free(md);
		if (col + strlen(item) > 100) {
			printf("\n#  ");
			col = 3;
		}
		col += printf("%s", item);
	}
	printf("\n#  ");
	for (int key = 16; key <= 32; key += 16) {
		cipher_ctx *c = cipher_get_instance(key == 16 ? "AES_128/CBC/NoPadding" : "AES_256/CBC/NoPadding");

		printf(" AES-%d/CBC=%s", key * 8, c ? cipher_implementation(c) : "?");
		cipher_free(c);
	}
	for (size_t i = 0; i < sizeof hmacs / sizeof hmacs[0]; i++)
		printf(" %s=%s", hmacs[i].jca, mac_impl(hmacs[i].jca));
	printf("\n");
}

/* Checks once that both libraries compute the same thing. */
static void cross_check(void)
{
#ifdef HAVE_OPENSSL
	uint8_t in[1000], a[128], o[128], key[32], iv[16];
	int bad = 0, ok = 0;

	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(i * 7 + 3);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i + 1);
	memset(iv, 0x5c, sizeof iv);
	for (size_t i = 0; i < NDIGESTS; i++) {
		md_ctx *md = md_get_instance(digests[i].jca);
		EVP_MD *emd = EVP_MD_fetch(NULL, digests[i].ossl, NULL);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();
		size_t len;

		if (!md || !emd || !ctx) {
			printf("# cross-check: %s missing\n", digests[i].jca);
			bad++;
		} else {
			len = md_length(md);
			md_update(md, in, sizeof in);
			md_digest(md, a, len);
			EVP_DigestInit_ex(ctx, emd, NULL);
			EVP_DigestUpdate(ctx, in, sizeof in);
			o_final(ctx, o, len, digests[i].xof != 0);
			if (memcmp(a, o, len)) {
				printf("# cross-check: %s DIFFERS\n", digests[i].jca);
				bad++;
			} else {
				ok++;
			}
		}
		md_free(md);
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(emd);
	}
	for (int key_len = 16; key_len <= 32; key_len += 16) {
		uint8_t ca[64], co[64];
		cipher_ctx *c = cipher_get_instance("AES/CBC/NoPadding");
		EVP_CIPHER_CTX *cc = EVP_CIPHER_CTX_new();
		size_t got = 0;
		int n1 = 0, n2 = 0;

		if (!c || cipher_init(c, JCA_ENCRYPT, key, (size_t)key_len, iv, 16) < 0 ||
		    cipher_do_final(c, in, 64, ca, sizeof ca, &got) < 0 || !cc ||
		    !EVP_EncryptInit_ex(cc, key_len == 16 ? EVP_aes_128_cbc() : EVP_aes_256_cbc(),
		                        NULL, key, iv) ||
		    !EVP_CIPHER_CTX_set_padding(cc, 0) || !EVP_EncryptUpdate(cc, co, &n1, in, 64) ||
		    !EVP_EncryptFinal_ex(cc, co + n1, &n2) || got != 64 || n1 + n2 != 64 ||
		    memcmp(ca, co, 64)) {
			printf("# cross-check: AES-%d/CBC DIFFERS or failed\n", key_len * 8);
			bad++;
		} else {
			ok++;
		}
		cipher_free(c);
		EVP_CIPHER_CTX_free(cc);
	}
	for (size_t i = 0; i < sizeof hmacs / sizeof hmacs[0]; i++) {
		mac_ctx *m = mac_get_instance(hmacs[i].jca);
		size_t olen = 0;
		int alen = -1;

		if (m && mac_init(m, key, sizeof key) == 0 && mac_update(m, in, sizeof in) == 0)
			alen = mac_do_final(m, a, sizeof a);
		if (!EVP_Q_mac(NULL, "HMAC", NULL, hmacs[i].digest_ossl, NULL, key, sizeof key,
		               in, sizeof in, o, sizeof o, &olen) || alen < 0 ||
		    (size_t)alen != olen || memcmp(a, o, olen)) {
			printf("# cross-check: %s DIFFERS or failed\n", hmacs[i].jca);
			bad++;
		} else {
			ok++;
		}
		mac_free(m);
	}
	printf("# cross-check: %d of %d algorithms give the same output in libjca and OpenSSL%s\n",
	       ok, ok + bad, bad ? "  <-- MISMATCH" : "");
#endif
}

/* ------------------------------------------------------------------ */
/* Targets                                                             */
/* ------------------------------------------------------------------ */

static const bench *find_row(const char *group, const char *name, int lib, const char *params)
{
	for (int i = 0; i < nrows; i++) {
		const bench *b = &rows[i];

		if (b->r[0].done && b->k->lib == lib && !strcmp(b->k->group, group) &&
		    !strcmp(b->k->name, name) && !strcmp(b->params, params))
			return b;
	}
	return NULL;
}

static int targets_met, targets_missed;

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
	printf("  %-72s %8.3f %8.3f  <= %-6s %s\n", what, ratio, cpu_ratio, shown,
	       ratio <= max ? "met" : "MISSED");
	if (ratio <= max)
		targets_met++;
	else
		targets_missed++;
}

static void print_targets(void)
{
	char what[160], params[64];

	printf("\n== Targets (time per op, 1 thread unless said; ratio = left / right) ==\n");
	printf("  %-72s %8s %8s  %-9s %s\n", "check", "wall", "cpu-time", "target", "verdict (on wall)");
	for (size_t i = 0; i < NDIGESTS; i++) {
		const char *alg = digests[i].jca;
		const bench *get, *clone;

		snprintf(params, sizeof params, "alg=%s", alg);
		get = find_row("GetMessageDigest", "getInstance", LIB_JCA, params);
		clone = find_row("GetMessageDigest", "clone", LIB_JCA, params);
		snprintf(what, sizeof what, "%s: md_get_instance+free / ossl newInit (prefetched)", alg);
		target_ratio(what, get, find_row("GetMessageDigest", "newInit", LIB_OSSL, params), 0.2, "1/5");
		snprintf(what, sizeof what, "%s: md_get_instance+free / ossl fetchNewInit (full)", alg);
		target_ratio(what, get, find_row("GetMessageDigest", "fetchNewInit", LIB_OSSL, params),
		             1.0 / 15, "1/15");
		snprintf(what, sizeof what, "%s: md_clone+free / ossl copy", alg);
		target_ratio(what, clone, find_row("GetMessageDigest", "copy", LIB_OSSL, params), 0.25, "1/4");
	}
	for (size_t i = 0; i < NDIGESTS; i++) {
		snprintf(params, sizeof params, "alg=%s,len=64", digests[i].jca);
		snprintf(what, sizeof what, "%s: getAndDigest(64 B) / reused digest(64 B) (both libjca)",
		         digests[i].jca);
		target_ratio(what, find_row("MessageDigests", "getAndDigest", LIB_JCA, params),
		             find_row("MessageDigests", "digest", LIB_JCA, params), 1.10, "1.10");
	}
	target_ratio("AES/CBC/PKCS5Padding: cipher get+init+free / ossl fetchNewInit (full)",
	             find_row("GetCipher", "getInstanceInit", LIB_JCA, "alg=AES/CBC/PKCS5Padding"),
	             find_row("GetCipher", "fetchNewInit", LIB_OSSL, "alg=AES/CBC/PKCS5Padding"), 0.1, "1/10");
	target_ratio("HmacSHA256: mac get+init+free / ossl fetchNewInit (full)",
	             find_row("GetMac", "getInstanceInit", LIB_JCA, "alg=HmacSHA256"),
	             find_row("GetMac", "fetchNewInit", LIB_OSSL, "alg=HmacSHA256"), 0.2, "1/5");
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
		if (scale >= 1.9)
			targets_met++;
		else
			targets_missed++;
	}
	if (targets_met + targets_missed)
		printf("  %d met, %d missed\n", targets_met, targets_missed);
	else
		printf("  (no target's rows in this selection)\n");
}

/* ------------------------------------------------------------------ */
/* main                                                                */
/* ------------------------------------------------------------------ */

static void usage(void)
{
	fprintf(stderr, "usage: jca-bench [--quick] [--list] [FILTER...]\n"
	                "  FILTER: substring of \"Group.name lib params\"; several = any of them;\n"
	                "          'a+b' = rows containing both a and b\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *group = NULL;
	int any = 0;

	opt.filters = calloc((size_t)argc, sizeof *opt.filters);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			opt.quick = 1;
		else if (!strcmp(argv[i], "--list"))
			opt.list = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help") || argv[i][0] == '-')
			usage();
		else
			opt.filters[opt.nfilters++] = argv[i];
	}
	opt.loops = opt.quick ? 3 : 5;
	opt.loop_ns = opt.quick ? 10000000u : 100000000u;
	opt.warm_ns = opt.quick ? 10000000u : 200000000u;

	build_rows();
	select_rows();
	if (opt.list) {
		char text[256];

		for (int i = 0; i < nrows; i++) {
			if (!rows[i].selected)
				continue;
			row_text(&rows[i], text, sizeof text);
			printf("%s%s\n", text, rows[i].k->getinst ? " [1 and 2 threads]" : "");
		}
		return 0;
	}

	setvbuf(stdout, NULL, _IOLBF, 0);
	print_preamble(argc, argv);
	cross_check();

	for (int i = 0; i < nrows; i++) {
		bench *b = &rows[i];

		if (!b->selected)
			continue;
		if (!group || strcmp(group, b->k->group)) {
			group = b->k->group;
			printf("\n== %s ==\n", group);
			print_header_row();
		}
		any = 1;
		run_row(b);
		print_row(b, 0);
		if (b->r[1].done)
			print_row(b, 1);
		/* After a group's last selected row: what one op of each row is. */
		int next = i + 1;

		while (next < nrows && !rows[next].selected)
			next++;
		if (next == nrows || strcmp(rows[next].k->group, group)) {
			const kind *seen[16];
			int nseen = 0;

			printf("  where one op is:\n");
			for (int j = 0; j <= i; j++) {
				int dup = 0;

				if (!rows[j].selected || strcmp(rows[j].k->group, group))
					continue;
				for (int s = 0; s < nseen; s++)
					dup |= seen[s] == rows[j].k;
				if (dup || nseen == 16)
					continue;
				seen[nseen++] = rows[j].k;
				printf("    %s.%s [%s]: %s\n", group, rows[j].k->name,
				       rows[j].k->lib == LIB_JCA ? "jca" : "ossl", rows[j].k->does);
			}
		}
	}
	if (!any) {
		fprintf(stderr, "jca-bench: no row matches the filter\n");
		return 2;
	}
	print_targets();
	return 0;
}
