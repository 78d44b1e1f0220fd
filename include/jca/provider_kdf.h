/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider interface's KDF table (ABI 3.0): included by
 * <jca/provider.h> after jca_impl; not to be included alone.
 */
#ifndef JCA_PROVIDER_KDF_H
#define JCA_PROVIDER_KDF_H

#ifndef JCA_PROVIDER_H
#error "include <jca/provider.h>, not <jca/provider_kdf.h>"
#endif

/* ---- KDF implementation (ABI 3.0) ----
 * A key derivation function: init(ctx, args) takes the parameters,
 * derive(ctx, out, out_len) computes out_len bytes from them; derive may
 * be called again (the same parameters), and init again at any time (new
 * parameters replace the old). The context (base.ctx_size bytes, at least
 * 1) holds what derive needs: init copies it out of args, whose pointers
 * are valid only during the call. Secrets kept in the context (or in
 * memory it owns) are wiped by cleanup; the host wipes the context itself.
 *
 * The engine (jca/kdf.h) keeps the contract common to all KDFs: names,
 * NULL pointers with a nonzero length refused, lengths of secret, salt,
 * info and key at most 2^30 bytes, an output length of 1 to 2^30 bytes,
 * derive only after a successful init, and the caller's output written
 * only on success (derive writes into a buffer of the engine's, wiped
 * afterwards). Everything specific to the algorithm (which mode, which
 * parameters are required, their ranges, the output lengths it can
 * produce) is the implementation's to check.
 *
 * Errors: init and derive return 0, or
 *   - JCA_KDF_BAD_PARAM (init: a parameter is refused), JCA_KDF_BAD_LENGTH
 *     (derive: an output length it cannot produce) or JCA_KDF_NO_MEMORY
 *     (the memory a parameter asks for cannot be had), after
 *     host->set_error() said why, naming the parameter ("iteration count
 *     0 out of range (1 to 2^32-1)"): the engine reports JCA_EINVAL,
 *     JCA_OUTLEN or JCA_ENOMEM with that reason after the KDF's name.
 *     After JCA_KDF_BAD_LENGTH the object stays initialised;
 *   - anything else (-1 included): a failure (a library's error); the
 *     engine reports JCA_IMPL (with the reason, if set_error gave one)
 *     and treats the object as uninitialised until init succeeds again.
 *
 * Templates (flags JCA_KDF_OVER_MAC): the service is reachable as
 * "<Algorithm>With<Mac>" for any Mac of the registry (PBKDF2WithHmacSHA256)
 * and, with JCA_KDF_HMAC_NAMES as well, as "<Algorithm>-<digest>" for HMAC
 * over that digest (HKDF-SHA256); args->prf is then the Mac's canonical
 * name ("HmacSHA256"), which the implementation gets from the registry
 * through the public mac_* API (the built-in provider's PBKDF2 and HKDF do
 * so). Without the flag the service is reached by its own names and
 * args->prf is NULL. A template takes no known-answer test (its Mac comes
 * from the registry being built). */
#define JCA_KDF_OVER_MAC 1u        /* a template over any Mac: "<Algorithm>With<Mac>" */
/* Returns of init and derive (see Errors above); positive, so that none
 * is confused with the -1 of a failure. */
#define JCA_KDF_BAD_PARAM 1
#define JCA_KDF_BAD_LENGTH 2
#define JCA_KDF_NO_MEMORY 3
#define JCA_KDF_HMAC_NAMES 2u      /* with OVER_MAC: also "<Algorithm>-<digest>" (HMAC over it) */

/* The parameters of init, as the engine hands them over (the public
 * kdf_params plus the PRF's name). Zero (NULL) means unused / the
 * algorithm's default. The host fills struct_size with its own sizeof: an
 * implementation built against a newer header reads a later member only
 * if JCA_KDF_ARGS_HAS(args, member). Members are only ever appended. */
typedef struct jca_kdf_args {
	uint32_t struct_size;      /* sizeof(jca_kdf_args) as the host was built */
	unsigned mode;             /* enum kdf_mode of <jca/kdf.h>; 0: the algorithm's default */
	const char *prf;           /* a template's Mac ("HmacSHA256"), else NULL */
	const uint8_t *secret;     /* the password / input keying material / PRK */
	size_t secret_len;
	const uint8_t *salt;
	size_t salt_len;
	const uint8_t *info;       /* HKDF's info; Argon2's associated data X */
	size_t info_len;
	const uint8_t *key;        /* a secret key (pepper): Argon2's K */
	size_t key_len;
	uint64_t iterations;       /* PBKDF2 iteration count; Argon2 passes t */
	uint64_t cost;             /* scrypt N; Argon2 memory m in KiB */
	uint32_t block_size;       /* scrypt r */
	uint32_t parallelism;      /* scrypt p; Argon2 lanes */
	/* New members go here. */
} jca_kdf_args;

#define JCA_KDF_ARGS_HAS(args, member) \
	((args)->struct_size >= offsetof(jca_kdf_args, member) + sizeof((args)->member))

typedef struct jca_kdf_impl {
	jca_impl base;
	unsigned flags;            /* JCA_KDF_* */
	int (*init)(void *ctx, const jca_kdf_args *args);
	int (*derive)(void *ctx, uint8_t *out, size_t out_len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_kdf_impl;

#endif
