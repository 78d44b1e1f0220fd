/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: one AEAD message (seal or open) through each library, for the
 * AEAD tables of ops_gcm.c. Every library is one `aead_lib` (aead_jca.c,
 * aead_ossl.c, aead_gcry.c, aead_nettle.c) that knows every algorithm of
 * `aead_alg`; a library the build lacks is simply not in the list.
 *
 * One message is the whole of it with the key already loaded: set the
 * 12-byte IV, 16 bytes of AAD, the data, the 16-byte tag (written after
 * the ciphertext, or checked).
 */
#ifndef JCA_BENCH_AEAD_H
#define JCA_BENCH_AEAD_H

#include <stddef.h>
#include <stdint.h>

enum aead_alg { AEAD_AES128_GCM, AEAD_AES256_GCM, AEAD_CHACHA20_POLY1305, AEAD_NALGS };

#define AEAD_AAD 16
#define AEAD_TAG 16
#define AEAD_IV 12

typedef struct aead_lib {
	int lib;                   /* LIB_* (bench.h) */
	const char *seal_does, *open_does;   /* what one op is, for the table */
	/* A keyed context for alg, or NULL (a failure message printed) when
	 * this library lacks alg. The rows with a NULL context are left out. */
	void *(*new_ctx)(int alg, const uint8_t *key);
	/* out = ciphertext (len) || tag (16); 0 or -1 */
	int (*seal)(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in,
	            size_t len, uint8_t *out);
	/* in = ciphertext (len) || tag; out = plaintext; 0, or -1 (also a bad tag) */
	int (*open)(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in,
	            size_t len, uint8_t *out);
	void (*free_ctx)(void *ctx);
	/* the library's version, for the preamble */
	const char *(*version)(void);
} aead_lib;

static inline size_t aead_key_len(int alg)
{
	return alg == AEAD_AES128_GCM ? 16 : 32;
}

/* The libraries built in, libjca first; NULL-terminated. */
extern const aead_lib *const aead_libs[];
/* The libraries that configure did not find, as "name (why)" lines. */
extern const char *const aead_missing[];

/* libjca's transformation for alg, or NULL: no libjca row yet. */
const char *aead_jca_name(int alg);

#endif
