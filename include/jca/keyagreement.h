/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KeyAgreement engine: a shared secret from a private key and the peer's
 * public key, as the JCA's KeyAgreement (two parties, one phase).
 *
 *   keyagreement_ctx *ka = keyagreement_get_instance("X25519");   // or "ECDH"
 *   keyagreement_init(ka, my_priv);
 *   keyagreement_do_phase(ka, their_pub);
 *   keyagreement_generate_secret(ka, secret, sizeof secret, &n);
 *
 * Names: "X25519" ("XDH"; RFC 7748, 32-byte secrets) and "ECDH" (P-256,
 * P-384, P-521: the x-coordinate, the field size long). Provider selection
 * by key is as for Signature (signature.h), made at keyagreement_init.
 * The peer's key must be of the same algorithm and parameters
 * (JCA_BADKEY). An all-zero X25519 secret (a small-order peer key) is
 * refused with JCA_BADKEY, as the JDK refuses it. generate_secret needs a
 * phase before it (JCA_NOTINIT) and returns the object to its
 * initialised state: the next secret needs a phase again. The secret is
 * the caller's to wipe (jca_wipe).
 */
#ifndef JCA_KEYAGREEMENT_H
#define JCA_KEYAGREEMENT_H

#include "common.h"
#include "key.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct keyagreement_ctx keyagreement_ctx;
typedef struct keyagreement_handle keyagreement_handle;

JCA_API keyagreement_ctx *keyagreement_get_instance(const char *algorithm);
JCA_API keyagreement_ctx *keyagreement_get_instance_from(const char *algorithm, const char *provider);
JCA_API const keyagreement_handle *keyagreement_lookup(const char *algorithm);
JCA_API keyagreement_ctx *keyagreement_new(const keyagreement_handle *h);
JCA_API int keyagreement_init(keyagreement_ctx *ka, jca_key *priv);
JCA_API int keyagreement_do_phase(keyagreement_ctx *ka, jca_key *peer);
JCA_API int keyagreement_generate_secret(keyagreement_ctx *ka, void *out, size_t out_size, size_t *out_len);
/* The secret's length (0 before init). */
JCA_API size_t keyagreement_length(const keyagreement_ctx *ka);
/* Back to the state after init: the phase is dropped. */
JCA_API int keyagreement_reset(keyagreement_ctx *ka);
JCA_API void keyagreement_free(keyagreement_ctx *ka);
JCA_API const char *keyagreement_algorithm(const keyagreement_ctx *ka);
JCA_API const char *keyagreement_provider(const keyagreement_ctx *ka);
JCA_API const char *keyagreement_implementation(const keyagreement_ctx *ka);

#ifdef __cplusplus
}
#endif
#endif
