/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SecureRandom engine (java.security.SecureRandom) and the process-wide
 * default generator.
 *
 *   uint8_t key[32];
 *   jca_random(key, sizeof key);             // the default: thread-safe, no lock
 *
 *   random_ctx *r = random_get_instance("DRBG");
 *   random_params p = { .mechanism = "Hash_DRBG,SHA-512", .prediction_resistance = 1 };
 *   random_init(r, &p);                       // optional: defaults otherwise
 *   random_next_bytes(r, buf, len);
 *   random_free(r);
 *
 * Algorithms:
 *  - "DRBG": the deterministic random bit generators of NIST SP 800-90A
 *    Rev. 1, seeded from the kernel (getrandom): Hash_DRBG and HMAC_DRBG
 *    over SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224,
 *    SHA-512/256; CTR_DRBG over AES-128, AES-192, AES-256, with or without
 *    the derivation function. The digest or AES implementation is the
 *    registry's for that name (its best backend, or a preferred
 *    provider's) if the DRBG can run it, else the first provider's in
 *    preference order that it can: a DRBG needs the raw function (a
 *    digest whose context is plain memory; AES's single-block encryption
 *    on a plain key schedule), which a bridge to another library (the
 *    OpenSSL plugin, a PKCS#11 token) does not offer, so with such a
 *    provider listed before builtin the DRBG runs on builtin's. If no
 *    provider has one: JCA_NOALG (never a weaker substitute). Policy that
 *    disables SHA-1 also disables Hash_DRBG over SHA-1. Default:
 *    JCA_DRBG_DEFAULT_MECHANISM (see random_params.mechanism).
 *  - "NativePRNG": the kernel's generator itself (getrandom(2)); it takes
 *    no parameters (random_init accepts NULL or all-zero params only;
 *    random_generate refuses a prediction resistance request and
 *    additional input with JCA_EINVAL), and reseeding it does nothing (the
 *    kernel reseeds).
 *  - A provider's (jca_random_impl in <jca/provider.h>, e.g. the OpenSSL
 *    bridge's "OpenSSL-CTR-DRBG", a PKCS#11 token's "PKCS11-RNG"): a
 *    deterministic one is driven as "DRBG" is (random_params, the
 *    mechanisms it runs: another gives JCA_UNSUPPORTED naming it; the
 *    engine draws its entropy, reseeds it and watches fork); a source with
 *    its own entropy takes no parameters, as "NativePRNG".
 *
 * Threads: a random_ctx is used by one thread at a time. jca_random() may
 * be called from any number of threads at once.
 *
 * fork(): a child never repeats its parent's output. Every DRBG notices a
 * fork before its next output (a generation counter bumped by a
 * pthread_atfork handler, and a page the kernel wipes in the child,
 * MADV_WIPEONFORK) and reseeds from its entropy source first.
 */
#ifndef JCA_RANDOM_H
#define JCA_RANDOM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct random_ctx random_ctx;
typedef struct random_handle random_handle;

/* The default DRBG, as random_mechanism reports it. */
#define JCA_DRBG_DEFAULT_MECHANISM "CTR_DRBG,AES-256,256,reseed_only,use_df"

/* An entropy source: writes between min_len and max_len bytes of full
 * entropy to buf and returns how many, or a negative value on failure
 * (the DRBG call then fails with JCA_RANDOM). Called for the entropy input
 * and, separately, for the nonce. For known-answer tests and validation;
 * the default is the kernel. */
typedef int random_entropy_fn(void *arg, void *buf, size_t min_len, size_t max_len);

/* Instantiation parameters of a DRBG (zero-initialise, set what you need).
 *
 * mechanism: NULL for the default, or a comma-separated list in the style
 *   of the JDK's securerandom.drbg.config, in any order, each item
 *   optional, case-insensitive:
 *     mechanism   Hash_DRBG | HMAC_DRBG | CTR_DRBG
 *     algorithm   SHA-1 | SHA-224 | SHA-256 | SHA-384 | SHA-512 |
 *                 SHA-512/224 | SHA-512/256 (Hash_DRBG, HMAC_DRBG);
 *                 AES-128 | AES-192 | AES-256 (CTR_DRBG)
 *     strength    112 | 128 | 192 | 256 (bits; at most the algorithm's)
 *     capability  none | reseed_only | pr_and_reseed: pr_and_reseed turns
 *                 prediction resistance on for every request; none and
 *                 reseed_only both leave it off (a request may still ask
 *                 for it, random_generate). Every DRBG reseeds (at the
 *                 reseed interval, after fork(), on random_reseed), so
 *                 none reads back as reseed_only: as in the JDK, the
 *                 capability asked for is a minimum.
 *     df          use_df | no_df (CTR_DRBG only)
 *   Missing items default to: CTR_DRBG; SHA-256 for Hash/HMAC_DRBG and
 *   AES-256 for CTR_DRBG; the algorithm's highest strength; reseed_only
 *   (pr_and_reseed with prediction_resistance set); use_df. An algorithm
 *   alone picks its mechanism (SHA-* -> Hash_DRBG, AES-* -> CTR_DRBG), as
 *   the JDK does. Each of the five may be given once (again only with the
 *   same meaning); JCA_EINVAL, naming the items, for two that contradict
 *   each other ("use_df,no_df", "pr_and_reseed,none", "SHA-256,SHA-512"),
 *   an unknown item, a strength that is not exactly one of the four
 *   numbers ("128x"), or an empty item ("Hash_DRBG,,SHA-256", a trailing
 *   comma). NULL or "" means all defaults: JCA_DRBG_DEFAULT_MECHANISM.
 *   Why CTR_DRBG over AES-256 by default: 256-bit security strength, the
 *   fastest of the three wherever AES instructions exist (x86-64 AES-NI,
 *   ARMv8 crypto extensions), constant time everywhere (the portable AES is
 *   bitsliced), and the mechanism OpenSSL's default generator uses, so the
 *   two compare like for like.
 * strength: bits, 0 for the highest the algorithm offers (same as the
 *   strength item of mechanism; both set must agree).
 * prediction_resistance: nonzero to reseed from the entropy source before
 *   every request (SP 800-90A 9.3.1); the same as the capability item
 *   pr_and_reseed (with none or reseed_only given: JCA_EINVAL).
 * personalization: up to 65536 bytes mixed into the instantiation (with
 *   CTR_DRBG no_df: at most the seed length, key + 16 bytes).
 * reseed_interval: generate requests between automatic reseeds; 0 means
 *   the SP 800-90A maximum, 2^48. A request of more than 65536 bytes counts
 *   as one request per 65536 bytes.
 * entropy, entropy_arg: the entropy source; NULL for the kernel.
 */
typedef struct random_params {
	const char *mechanism;
	unsigned strength;
	int prediction_resistance;
	const void *personalization;
	size_t personalization_len;
	uint64_t reseed_interval;
	random_entropy_fn *entropy;
	void *entropy_arg;
} random_params;

/* An instance of "DRBG" or "NativePRNG" (case-insensitive) from the first
 * provider that offers it, or NULL with the last error set. A DRBG instance
 * is instantiated with the default parameters on its first use unless
 * random_init() is called first. */
JCA_API random_ctx *random_get_instance(const char *name);
JCA_API random_ctx *random_get_instance_from(const char *name, const char *provider);
/* Resolve once, create many (valid until jca_shutdown()). */
JCA_API const random_handle *random_lookup(const char *name);
JCA_API random_ctx *random_new(const random_handle *h);

/* (Re)instantiates with params (NULL: the defaults), drawing the entropy
 * input and the nonce from the entropy source. Errors: JCA_EINVAL (a bad
 * mechanism string, strength, length; the message says which), JCA_NOALG /
 * JCA_DISABLED (the digest or cipher it needs), JCA_RANDOM (the entropy
 * source failed). On error the instance is left uninstantiated (the next
 * use instantiates it with the defaults, or fails again). NativePRNG
 * accepts only NULL or all-default params. */
JCA_API int random_init(random_ctx *r, const random_params *params);
/* Fills out with len random bytes (any length; len 0 does nothing). */
JCA_API int random_next_bytes(random_ctx *r, void *out, size_t len);
/* The same, with prediction resistance for this request (nonzero
 * prediction_resistance) and additional input (up to 65536 bytes, or the
 * seed length with CTR_DRBG no_df), as DrbgParameters.NextBytes. */
JCA_API int random_generate(random_ctx *r, void *out, size_t len, int prediction_resistance,
                            const void *additional, size_t additional_len);
/* Reseeds now from the entropy source, mixing in additional input (may be
 * NULL when 0 bytes); SecureRandom.reseed(). */
JCA_API int random_reseed(random_ctx *r, const void *additional, size_t additional_len);
/* Rule 4 of jca/common.h: a DRBG is instantiated again, with the same
 * mechanism, strength, reseed policy and entropy source and fresh entropy
 * (the personalization string is not kept); never a repeat of earlier
 * output. Instantiates an unused DRBG with its defaults. NativePRNG has
 * no state: 0. JCA_EINVAL for NULL; the errors of random_init. */
JCA_API int random_reset(random_ctx *r);
/* Always NULL: JCA_UNSUPPORTED (two copies would give the same output;
 * JCA_EINVAL for NULL). */
JCA_API random_ctx *random_clone(const random_ctx *r);
/* The implementation serving the instance, e.g. "drbg" or "getrandom". */
JCA_API const char *random_implementation(const random_ctx *r);
/* "DRBG" or "NativePRNG". */
JCA_API const char *random_algorithm(const random_ctx *r);
JCA_API const char *random_provider(const random_ctx *r);
/* What the DRBG does, in the canonical form of random_params.mechanism
 * (every item given: mechanism, algorithm, strength, capability - with
 * pr_and_reseed whenever every request gets prediction resistance,
 * however it was asked for - and df for CTR_DRBG), e.g.
 * "CTR_DRBG,AES-256,256,reseed_only,use_df"; before instantiation (or
 * after random_init failed) JCA_DRBG_DEFAULT_MECHANISM, what the next use
 * instantiates. Fed back to random_init it gives the same generator. For
 * NativePRNG: "getrandom". */
JCA_API const char *random_mechanism(const random_ctx *r);
/* Wipes the state, then frees; NULL is ignored. */
JCA_API void random_free(random_ctx *r);

/* The process-wide default SecureRandom: fills buf with len bytes. Each
 * thread has its own CTR_DRBG (AES-256, derivation function, 256-bit
 * strength) seeded from the kernel on first use, so the fast path takes no
 * lock. Small requests are served from a per-thread block of output made
 * ahead (at most 512 bytes), each byte wiped as it is handed out; the
 * state and that block live in memory the kernel wipes in a fork child
 * (MADV_WIPEONFORK, with the pthread_atfork generation counter as a
 * fallback). Reseeds from the kernel every 65536 requests to the DRBG.
 * The AES-256 is found as for a "DRBG" instance (whatever the provider
 * order, the first one the DRBG can run), once; a failure is not kept:
 * the next call looks again. Returns 0, JCA_EINVAL (buf NULL with len >
 * 0) or JCA_RANDOM (the kernel or a usable AES-256 unavailable; the
 * message says why). */
JCA_API int jca_random(void *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
