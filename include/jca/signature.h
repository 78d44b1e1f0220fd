/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Signature engine: digital signatures, as the JCA's Signature.
 *
 *   signature_ctx *s = signature_get_instance("Ed25519");   // or "SHA256withECDSA"
 *   signature_init_sign(s, priv);
 *   signature_update(s, msg, len);                         // any number of times
 *   signature_sign(s, sig, sizeof sig, &sig_len);
 *   signature_init_verify(s, pub);
 *   signature_update(s, msg, len);
 *   if (signature_verify(s, sig, sig_len) == 0) ...        // else JCA_BADSIG
 *
 * Names (case-insensitive, with aliases and OIDs, `jca list`):
 *  - "Ed25519" ("EdDSA"): RFC 8032 pure Ed25519, 64-byte signatures;
 *  - "SHA256withECDSA" (SHA224/384/512, SHA3-*), DER signatures as the JDK
 *    writes them; "SHA256withECDSAinP1363Format" for r || s;
 *  - "SHA256withRSA" (SHA224/384/512): PKCS#1 v1.5;
 *    "SHA256withRSA/PSS" (384, 512): RSASSA-PSS with MGF1 over the same
 *    digest and a salt as long as the digest; "RSASSA-PSS": parameters
 *    from signature_set_parameter or the key's (RFC 4055);
 *  - "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" (OIDs 2.16.840.1.101.3.4.3.17,
 *    18, 19): pure ML-DSA (FIPS 204), 2420, 3309, 4627-byte signatures;
 *    parameters "context" (the context string in hex, 0 to 255 bytes, set
 *    before the message) and "deterministic" ("true": rnd all zero;
 *    hedged by default). The message is streamed, never kept.
 * Which exist depends on the providers: the built-in one has Ed25519 and
 * ML-DSA, the OpenSSL bridge the rest.
 *
 * Provider selection by key (the JDK's "delayed provider selection"): an
 * instance got by name (signature_get_instance, signature_new) chooses
 * its provider at signature_init_sign / signature_init_verify, from the
 * key: the key's own provider if it offers the algorithm for that key,
 * else the first provider in preference order that offers it and takes
 * the key, converted through its encoding (which needs an extractable
 * key). Until then signature_provider names the first provider offering
 * the name. An instance got with signature_get_instance_from stays with
 * its provider and converts keys of others, or refuses them (JCA_BADKEY,
 * naming both providers) when they are not extractable.
 *
 * The engine contract (common.h) applies, with:
 *  - signature_init_sign takes a private key, signature_init_verify a
 *    public one (or a private key, whose public half is used);
 *    JCA_BADKEY for a key of another algorithm or a refused one;
 *  - signature_sign writes at most signature_length() bytes (ECDSA's DER
 *    varies) and returns the object to its initialised state;
 *  - signature_verify returns 0 for a valid signature and JCA_BADSIG for
 *    any other (a wrong length, a malformed encoding, S >= L, a mismatch),
 *    then returns to the initialised state;
 *  - algorithms that hash the whole message themselves (Ed25519) get it
 *    from the engine, which keeps what signature_update gave (wiped);
 *  - signature_clone copies the message so far where the provider can
 *    copy its state (JCA_UNSUPPORTED where it cannot).
 */
#ifndef JCA_SIGNATURE_H
#define JCA_SIGNATURE_H

#include "common.h"
#include "key.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct signature_ctx signature_ctx;
typedef struct signature_handle signature_handle;

JCA_API signature_ctx *signature_get_instance(const char *algorithm);
JCA_API signature_ctx *signature_get_instance_from(const char *algorithm, const char *provider);
JCA_API const signature_handle *signature_lookup(const char *algorithm);
JCA_API signature_ctx *signature_new(const signature_handle *h);
JCA_API int signature_init_sign(signature_ctx *s, jca_key *priv);
JCA_API int signature_init_verify(signature_ctx *s, jca_key *pub);
/* An algorithm parameter (RSASSA-PSS: "digest" = "SHA-256", "mgf1" =
 * "SHA-256", "saltLength" = "32"), set before or after init and kept by
 * later inits. JCA_EINVAL for a name or value the implementation does not
 * take; JCA_UNSUPPORTED for an algorithm without parameters. Before init
 * it goes to the provider first in preference order, and selection by key
 * keeps to providers that take it. */
JCA_API int signature_set_parameter(signature_ctx *s, const char *name, const char *value);
JCA_API int signature_update(signature_ctx *s, const void *data, size_t len);
JCA_API int signature_sign(signature_ctx *s, void *out, size_t out_size, size_t *out_len);
JCA_API int signature_verify(signature_ctx *s, const void *sig, size_t sig_len);
/* The longest signature the initialised object can make (0 before init). */
JCA_API size_t signature_length(const signature_ctx *s);
JCA_API int signature_reset(signature_ctx *s);
JCA_API signature_ctx *signature_clone(const signature_ctx *s);
JCA_API void signature_free(signature_ctx *s);
JCA_API const char *signature_algorithm(const signature_ctx *s);
JCA_API const char *signature_provider(const signature_ctx *s);
JCA_API const char *signature_implementation(const signature_ctx *s);

/* One call, one message: get, init, update, final, free. */
JCA_API int signature_sign_oneshot(const char *algorithm, jca_key *priv, const void *msg, size_t len,
                                   void *out, size_t out_size, size_t *out_len);
JCA_API int signature_verify_oneshot(const char *algorithm, jca_key *pub, const void *msg, size_t len,
                                     const void *sig, size_t sig_len);

#ifdef __cplusplus
}
#endif
#endif
