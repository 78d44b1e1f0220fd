/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: declarations shared by its files.
 *
 *   main.c         options, the run over the selected rows
 *   ../tools/harness.c  the threaded harness (that of `jca speed`)
 *   measure.c      per row: calibrate, warm up, timed loops, allocation count
 *   rows.c         the row model: the family table, adding rows, filters
 *   output.c       the preamble, the tables, the cross-check
 *   targets.c      the targets, as data, and their verdicts
 *   alloc_count.c  the malloc counter
 *   ops_md.c, ops_cipher.c, ops_mac.c, ops_gcm.c, ops_rand.c, ops_pkey.c,
 *   ops_kem.c
 *                  one family of rows each: the operations through libjca
 *                  and OpenSSL, the kinds of rows, the rows themselves
 *   aead.h, aead_jca.c, aead_ossl.c, aead_gcry.c, aead_nettle.c
 *                  one AEAD message through each library (libgcrypt and
 *                  Nettle beside OpenSSL), for the AEAD rows of ops_gcm.c
 *
 * A new group of rows is one new file bench/ops_<family>.c defining a
 * `bench_family` and one line in the table of rows.c (plus the file in
 * Makefile.am).
 */
#ifndef JCA_BENCH_H
#define JCA_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "jca.h"

#ifdef HAVE_OPENSSL
#include <openssl/params.h>
#endif

/* The libraries a row runs through; lib_name() gives the Lib column. */
enum { LIB_JCA, LIB_OSSL, LIB_GCRY, LIB_NETTLE };
const char *lib_name(int lib);

typedef struct param {
	const char *alg;    /* libjca name: digest, transformation or Mac */
	const char *oalg;   /* OpenSSL name: digest or cipher */
	size_t len;         /* input bytes per operation */
	size_t outlen;      /* digest output bytes (the XOF length for SHAKE) */
	size_t keylen;      /* key bytes */
	int enc;            /* AES: 1 encrypt, 0 decrypt */
	int inplace;        /* AES: output over the input */
	int aead;           /* AEAD rows: the algorithm (aead.h) */
	const char *spec;   /* key rows: the key's parameters (keypairgen_init: curve, RSA bits) */
	const void *ops;    /* the family's own: AEAD rows the library's aead_lib (aead.h),
	                     * key rows their line of ops_pkey.c */
} param;

/* Per-thread state of a row: everything one thread's loop works on. The
 * object slots are the family's to use; its kind's teardown frees them. */
typedef struct state {
	const param *p;
	uint8_t *in, *out;
	uint8_t key[32], iv[16];
	uint8_t res[128];          /* digest or tag output */
	size_t outlen;
	size_t reslen;             /* bytes written to res */
	void *obj[2];              /* libjca objects (instance, handle) */
	void *oobj[3];             /* OpenSSL objects */
#ifdef HAVE_OPENSSL
	OSSL_PARAM prm[2];         /* e.g. { digest name, end } for HMAC */
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
	void (*teardown)(state *s);        /* NULL: nothing to free */
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

/* A family of rows (one ops_*.c file). */
typedef struct bench_family {
	const char *name;
	void (*rows)(void);                        /* adds its rows */
	/* "name=implementation" items for the preamble, one call per item;
	 * NULL: none */
	void (*impls)(void (*item)(const char *name, const char *impl));
	/* compares its outputs with OpenSSL's (or other libraries'); adds to
	 * *ok and *bad */
	void (*cross_check)(int *ok, int *bad);
	/* extra "# ..." preamble lines (the peers' versions); NULL: none */
	void (*notes)(void);
} bench_family;

/* ---- options (main.c) ---- */
#define MAX_LOOPS 16
extern struct bench_opt {
	int quick;
	int list;
	int loops;          /* timed loops per row */
	uint64_t loop_ns;   /* minimum length of one timed loop */
	uint64_t warm_ns;   /* warm-up before the timed loops */
	int best;           /* --best: Score = best of many short batches */
	uint64_t best_ns;   /* --best: time spent on the batches, per row */
	int nfilters;
	char **filters;
} opt;

/* ---- failures, memory (main.c) ---- */
void die_jca(const char *what) __attribute__((noreturn));
void die_ossl(const char *what) __attribute__((noreturn));
void *xalloc(size_t n);

/* ---- libgcrypt (aead_gcry.c) ---- */
#ifdef HAVE_LIBGCRYPT
/* Checks the version and finishes libgcrypt's initialisation, once. */
void bench_gcry_init(void);
#endif

/* ---- the allocation counter (alloc_count.c) ---- */
extern const int bench_alloc_counted;      /* 0 where not glibc */
void bench_alloc_counts(uint64_t *calls, uint64_t *bytes);

/* ---- rows (rows.c) ---- */
extern bench *rows;
extern int nrows;
extern const bench_family *const bench_families[];
extern const size_t bench_nfamilies;
int add_row(const kind *k, param p, int vs);
/* Adds an OpenSSL row compared with libjca row `vs`; nothing without
 * OpenSSL. */
#ifdef HAVE_OPENSSL
#define ADD_OSSL(k, p, vs) add_row((k), (p), (vs))
#else
#define ADD_OSSL(k, p, vs) ((void)(vs))
#endif
void build_rows(void);
void select_rows(void);
void row_text(const bench *b, char *buf, size_t size);
const bench *find_row(const char *group, const char *name, int lib, const char *params);

/* ---- measuring (measure.c) ---- */
void run_row(bench *b);

/* ---- output (output.c) ---- */
void print_preamble(int argc, char **argv);
void cross_check(void);
void print_header_row(void);
void print_row(const bench *b, int ti);

/* ---- targets (targets.c) ---- */
void print_targets(void);

#endif
