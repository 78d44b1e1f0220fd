/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider interface's SecureRandom table (ABI 3.0): included by
 * <jca/provider.h> after jca_impl; not to be included alone.
 */
#ifndef JCA_PROVIDER_RANDOM_H
#define JCA_PROVIDER_RANDOM_H

#ifndef JCA_PROVIDER_H
#error "include <jca/provider.h>, not <jca/provider_random.h>"
#endif

/* ---- SecureRandom implementation (ABI 3.0) ----
 * base.ctx_size is the generator's state (at least 1 byte); the engine
 * allocates it per random_ctx. base.cleanup is the uninstantiate: it
 * must wipe whatever the state holds outside the context (a library's
 * DRBG object, a session); the host then wipes the context's bytes.
 * base.copy is never called: random_clone is refused (two copies would
 * give the same output). Every function returns 0 or nonzero (failure:
 * the call fails with JCA_IMPL and the engine wipes any output), with the
 * exceptions said below. host->set_error, called just before returning
 * nonzero, puts the reason in the engine's message.
 *
 * flags, exactly one of:
 *  JCA_RANDOM_DETERMINISTIC: an SP 800-90A DRBG seeded by the host. The
 *    engine owns everything around the mechanism: it parses the
 *    mechanism string (jca/random.h), draws the entropy input and the
 *    nonce from the application's entropy source (the kernel by default),
 *    counts requests and reseeds at the reseed interval, reseeds before
 *    the next output after fork(), reseeds before every request with
 *    prediction resistance (SP 800-90A 9.3.1: the additional input then
 *    goes to reseed), splits requests into at most 65536 bytes and checks
 *    every length below. Given the same inputs the output is the same: the
 *    NIST vectors apply. instantiate, generate and reseed are required.
 *  JCA_RANDOM_OWN_ENTROPY: a source with entropy of its own (the kernel,
 *    a hardware generator, a token's RNG). It takes no parameters, no
 *    additional input and no prediction resistance request (the engine
 *    refuses them with JCA_EINVAL); it must never repeat output in a fork
 *    child (the engine does nothing for it). generate is required;
 *    instantiate (called with all-zero args but struct_size, once before
 *    the first generate and again on random_init/random_reset) and reseed
 *    (called by random_reseed with entropy NULL, 0) are optional.
 *
 * instantiate(ctx, a): ctx is attached (or zeroed) and not instantiated;
 *   a is valid for the call only (copy what you keep). A deterministic
 *   implementation reads the choices (mechanism, algorithm, strength,
 *   use_df) and instantiates with entropy || nonce || personalization
 *   (SP 800-90A 10.1.1.2, 10.1.2.3, 10.2.1.3). A choice it does not
 *   offer: return JCA_UNSUPPORTED, JCA_NOALG or JCA_DISABLED (that code
 *   reaches the caller, with the reason given by host->set_error); any
 *   other nonzero (-1) is a failure: JCA_IMPL. To instantiate again the engine
 *   closes the context (cleanup, wipe) and opens a fresh one (attach).
 * generate(ctx, out, len, addin, addin_len): len 1 to 65536; addin NULL
 *   when addin_len is 0. Returns 0 with len bytes in out, or
 *   JCA_RANDOM_RESEED_REQUIRED (a positive value: nothing written) when the
 *   implementation's own limit says it must be reseeded first: the engine
 *   reseeds it with fresh entropy and asks once more (the additional input
 *   going to the new request). Other nonzero: failure; the engine wipes
 *   the output and the state (the next use instantiates again).
 * reseed(ctx, entropy, entropy_len, addin, addin_len): SP 800-90A
 *   10.1.1.3, 10.1.2.4, 10.2.1.4; entropy as for instantiate.
 *
 * Lengths the host guarantees to a deterministic implementation: entropy
 * input of strength/8 to 65536 bytes, a nonce of strength/16 to 65536
 * bytes, personalization and additional input up to 65536 bytes; CTR_DRBG
 * without derivation function: entropy input of exactly seedlen bytes
 * (key length + 16), no nonce, personalization and additional input up to
 * seedlen bytes.
 *
 * Threads: one random_ctx, hence one context, is used by one thread at a
 * time; what several contexts share (a session pool) is the provider's to
 * guard. The process-wide default jca_random() is builtin's CTR_DRBG and
 * never calls a provider's SecureRandom.
 */
#define JCA_RANDOM_DETERMINISTIC 1u
#define JCA_RANDOM_OWN_ENTROPY 2u
/* jca_random_args.mechanism */
#define JCA_DRBG_HASH 1u           /* Hash_DRBG over a SHA-1 or SHA-2 digest */
#define JCA_DRBG_HMAC 2u           /* HMAC_DRBG over a SHA-1 or SHA-2 digest */
#define JCA_DRBG_CTR 3u            /* CTR_DRBG over AES */
/* generate: reseed me first (nothing written) */
#define JCA_RANDOM_RESEED_REQUIRED 1

typedef struct jca_random_args {
	uint32_t struct_size;      /* sizeof(jca_random_args) as the host was built */
	uint32_t mechanism;        /* JCA_DRBG_*; 0 for an OWN_ENTROPY source */
	const char *algorithm;     /* the primitive, a standard name: "SHA-256", "AES-256" */
	unsigned strength;         /* security strength in bits: 112, 128, 192 or 256 */
	/* Nonzero if every request is made with prediction resistance (the
	 * engine reseeds before each; for information). */
	int prediction_resistance;
	int use_df;                /* CTR_DRBG: nonzero with the derivation function */
	const uint8_t *entropy;
	size_t entropy_len;
	const uint8_t *nonce;      /* NULL when nonce_len is 0 */
	size_t nonce_len;
	const uint8_t *personalization; /* NULL when personalization_len is 0 */
	size_t personalization_len;
	/* New members go here: an implementation reads one only if
	 * struct_size covers it. */
} jca_random_args;

typedef struct jca_random_impl {
	jca_impl base;
	unsigned flags;            /* JCA_RANDOM_DETERMINISTIC or JCA_RANDOM_OWN_ENTROPY */
	int (*instantiate)(void *ctx, const jca_random_args *a);
	int (*generate)(void *ctx, void *out, size_t len, const void *addin, size_t addin_len);
	int (*reseed)(void *ctx, const void *entropy, size_t entropy_len, const void *addin, size_t addin_len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_random_impl;

#endif
