/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Deterministic random bit generators of NIST SP 800-90A Rev. 1: Hash_DRBG
 * (10.1.1), HMAC_DRBG (10.1.2) and CTR_DRBG (10.2.1, with or without the
 * block cipher derivation function). Algorithm layer: these functions know
 * nothing of names, providers, entropy sources or reseed policy. The engine
 * (src/api/random.c) supplies the entropy, checks lengths and counts
 * requests against the reseed interval; here are only the three mechanisms'
 * instantiate, reseed and generate functions.
 *
 * A DRBG runs on a primitive the caller hands over as code pointers and
 * sizes (jca__drbg_prim): a hash function for Hash_DRBG and HMAC_DRBG, a
 * block cipher's key setup and ECB encryption for CTR_DRBG. The primitive
 * is copied into the state, so the state holds no pointer to data.
 *
 * Inputs (entropy, nonce, personalization, additional input) may be NULL
 * when their length is 0. Lengths the caller must respect (checked by the
 * engine, assumed here):
 *  - every input at most JCA__DRBG_MAX_INPUT bytes;
 *  - a generate request at most JCA__DRBG_MAX_REQUEST bytes;
 *  - CTR_DRBG without derivation function: entropy exactly seedlen bytes
 *    (key length + 16), personalization and additional input at most
 *    seedlen bytes, no nonce.
 * The primitive's functions return 0 or nonzero (a failure, as in the
 * provider ABI); the mechanism functions return 0, or nonzero if any
 * primitive call failed: the state is then unusable and the engine must
 * wipe it and instantiate again.
 */
#ifndef JCA_ALGS_DRBG_H
#define JCA_ALGS_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"

#define JCA__DRBG_MAX_INPUT (1u << 16)       /* bytes; SP 800-90A allows 2^32 bits */
#define JCA__DRBG_MAX_REQUEST (1u << 16)     /* bytes = 2^19 bits, SP 800-90A table 2/3 */
#define JCA__DRBG_HASH_CTX_MAX 256           /* bytes of hash context the state can hold */
#define JCA__DRBG_HASH_OUT_MAX 64
#define JCA__DRBG_HASH_SEED_MAX 111          /* 888 bits */
#define JCA__DRBG_BLOCK_CTX_MAX 1024         /* bytes of block cipher key schedule */

/* Hash function: the shape of jca_md_impl's functions. */
typedef struct jca__drbg_hash {
	int (*init)(void *ctx);
	int (*update)(void *ctx, const void *in, size_t len);
	int (*final)(void *ctx, void *out, size_t outlen);
	uint32_t ctx_size;                       /* <= JCA__DRBG_HASH_CTX_MAX */
	uint32_t out_len;                        /* <= JCA__DRBG_HASH_OUT_MAX */
	uint32_t block_size;                     /* for HMAC; >= out_len */
} jca__drbg_hash;

/* 128-bit block cipher: the shape of jca_cipher_impl's functions. */
typedef struct jca__drbg_block {
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
	int (*ecb_encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	uint32_t ctx_size;                       /* <= JCA__DRBG_BLOCK_CTX_MAX */
	uint32_t key_len;                        /* 16, 24 or 32 */
} jca__drbg_block;

typedef struct jca__drbg_prim {
	jca__drbg_hash hash;                     /* Hash_DRBG, HMAC_DRBG */
	jca__drbg_block block;                   /* CTR_DRBG */
	int use_df;                              /* CTR_DRBG: derivation function */
} jca__drbg_prim;

/* One mechanism: the engine drives every DRBG through this table. */
typedef struct jca__drbg_mech {
	const char *name;                        /* "Hash_DRBG", "HMAC_DRBG", "CTR_DRBG" */
	size_t state_size;
	/* seedlen in bytes for this primitive (CTR_DRBG: key + block length) */
	size_t (*seed_len)(const jca__drbg_prim *p);
	int (*instantiate)(void *st, const jca__drbg_prim *p,
	                    const uint8_t *entropy, size_t entropy_len,
	                    const uint8_t *nonce, size_t nonce_len,
	                    const uint8_t *pers, size_t pers_len);
	int (*reseed)(void *st, const uint8_t *entropy, size_t entropy_len,
	               const uint8_t *add, size_t add_len);
	int (*generate)(void *st, uint8_t *out, size_t out_len,
	                 const uint8_t *add, size_t add_len);
} jca__drbg_mech;

JCA__HIDDEN extern const jca__drbg_mech jca__hash_drbg, jca__hmac_drbg, jca__ctr_drbg;

/* ---- states (opaque to the engine, sized by state_size) ---- */
typedef struct jca__hash_drbg_state {
	jca__drbg_hash h;
	uint32_t seedlen;
	uint64_t reseed_counter;
	uint8_t V[JCA__DRBG_HASH_SEED_MAX];
	uint8_t C[JCA__DRBG_HASH_SEED_MAX];
} jca__hash_drbg_state;

typedef struct jca__hmac_drbg_state {
	jca__drbg_hash h;
	uint8_t K[JCA__DRBG_HASH_OUT_MAX];
	uint8_t V[JCA__DRBG_HASH_OUT_MAX];
	/* HMAC(K, .) keyed inner and outer hash states for the current K */
	_Alignas(16) uint8_t inner[JCA__DRBG_HASH_CTX_MAX];
	_Alignas(16) uint8_t outer[JCA__DRBG_HASH_CTX_MAX];
} jca__hmac_drbg_state;

typedef struct jca__ctr_drbg_state {
	jca__drbg_block b;
	int use_df;
	uint64_t vhi, vlo;                       /* V as a 128-bit big-endian counter */
	_Alignas(16) uint8_t ks[JCA__DRBG_BLOCK_CTX_MAX];  /* schedule of the current Key */
} jca__ctr_drbg_state;

#endif
