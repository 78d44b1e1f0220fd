/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca dgst / jca mac: what dgst.c (the commands, computing sums) and
 * sumcheck.c (verifying sums files, -c) share.
 */
#ifndef JCA_SUMS_H
#define JCA_SUMS_H

#include "cli.h"

#define MAX_XOF_LENGTH (1u << 20)

/* A MessageDigest or a keyed Mac behind one interface. */
struct hasher {
	const char *cmd;        /* "dgst" or "mac" */
	md_ctx *md;
	mac_ctx *mac;
	size_t out_len;         /* bytes of output */
	int xof;                /* extendable output (SHAKE) */
	int fixed_len;          /* output length known (not XOF, or --length) */
	char tag[96];           /* name in the BSD format: SHA256, SHA3-256, HmacSHA256 */
};

struct check_opts {
	int quiet, status, strict, warn, ignore_missing;
};

/* How -c finds the algorithm of a line: the one given with -a (fixed),
 * else the tag of each BSD-format line ("SHA256 (f) = ..."), as cksum -c
 * does; hashers made for tags are kept in the cache. */
#define SUM_CACHE 16
struct sum_src {
	struct hasher *fixed;   /* NULL: from each line's tag */
	const char *cmd, *provider;
	const uint8_t *key;     /* mac */
	size_t key_len;
	struct hasher cache[SUM_CACHE];
	char asked[SUM_CACHE][96];     /* the tag each cache entry was made for */
	char unknown[SUM_CACHE][96];   /* tags already reported unknown */
	size_t ncache, nunknown;
};

/* Sets up h for algorithm alg ("SHA-256", an alias, an OID or a BSD tag
 * like "SHA256"), keyed with key for mac. 0, or -1 with the library's
 * error set (nothing printed). */
int hasher_open(struct hasher *h, const char *cmd, const char *alg, const char *provider,
                const uint8_t *key, size_t key_len);
void hasher_close(struct hasher *h);
/* Hashes one input into out. Returns 0; -1 with errno set when the input
 * cannot be opened or read; -2 after printing a library error. */
int hash_input(struct hasher *h, const char *name, uint8_t *out, size_t out_len);
/* Prints "NAME: RESULT" as coreutils' check output does. */
void print_result(const char *name, const char *result);

/* Verifies the sums files (sumcheck.c). 0 if all is well, EXIT_VERIFY if
 * a check failed, EXIT_ERROR if a sums file cannot be read. */
int check_sums(struct sum_src *src, char **files, size_t nfiles, const struct check_opts *o);
void sum_src_free(struct sum_src *src);

#endif
