/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KEM engine: key encapsulation, as the JDK's javax.crypto.KEM. The sender
 * encapsulates to the receiver's public key and gets a fresh shared secret
 * and its encapsulation (a ciphertext); the receiver decapsulates it with
 * the private key and gets the same secret.
 *
 *   kem_ctx *k = kem_get_instance("ML-KEM-768");            // or "X-Wing"
 *   kem_init_encapsulate(k, their_pub);
 *   kem_encapsulate(k, secret, sizeof secret, &secret_len, enc, sizeof enc, &enc_len);
 *   ... send enc ...
 *   kem_init_decapsulate(k, my_priv);
 *   kem_decapsulate(k, enc, enc_len, secret, sizeof secret, &secret_len);
 *
 * Names (case-insensitive, with aliases and OIDs, `jca list`):
 *  - "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024" (FIPS 203; OIDs
 *    2.16.840.1.101.3.4.4.1/2/3): 32-byte secrets, encapsulations of 768,
 *    1088 and 1568 bytes;
 *  - "X-Wing" (draft-connolly-cfrg-xwing-kem: X25519 and ML-KEM-768 under
 *    a SHA3-256 combiner; OID 1.3.6.1.4.1.62253.25722): 32-byte secrets,
 *    1120-byte encapsulations.
 * The keys come from KeyFactory and KeyPairGenerator services of the same
 * names (key.h).
 *
 * Provider selection by key as for Signature (signature.h), made at
 * kem_init_encapsulate / kem_init_decapsulate.
 *
 * The engine contract (common.h) applies, with:
 *  - kem_init_encapsulate takes a public key (or a private key, whose
 *    public half is used), kem_init_decapsulate a private key; JCA_BADKEY
 *    for a key of another algorithm or a refused one;
 *  - kem_encapsulate and kem_decapsulate take no input before them (no
 *    update); each call stands alone and leaves the object initialised,
 *    with the same key; calling the one the object was not initialised
 *    for is JCA_NOTINIT;
 *  - both outputs follow rule 8: JCA_BUFSIZE (nothing written) when either
 *    room is smaller than kem_secret_size / kem_encapsulation_size;
 *  - kem_decapsulate refuses an encapsulation of the wrong length with
 *    JCA_EINVAL. One of the right length that was not made for the key
 *    (altered, forged) is NOT an error: ML-KEM's implicit rejection gives a
 *    pseudo-random secret, derived from the key and the encapsulation, in
 *    the same time as the right one; the mismatch shows only when the
 *    secrets are used (a MAC or AEAD tag that does not verify);
 *  - secrets are the caller's to wipe (jca_wipe); kem_free wipes the
 *    object's state. kem_reset is a no-op that says whether the object is
 *    initialised; kem_clone copies the object with its key.
 */
#ifndef JCA_KEM_H
#define JCA_KEM_H

#include "common.h"
#include "key.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kem_ctx kem_ctx;
typedef struct kem_handle kem_handle;

JCA_API kem_ctx *kem_get_instance(const char *algorithm);
JCA_API kem_ctx *kem_get_instance_from(const char *algorithm, const char *provider);
JCA_API const kem_handle *kem_lookup(const char *algorithm);
JCA_API kem_ctx *kem_new(const kem_handle *h);
/* The encapsulator: the receiver's public key. */
JCA_API int kem_init_encapsulate(kem_ctx *k, jca_key *pub);
/* The decapsulator: the receiver's private key. */
JCA_API int kem_init_decapsulate(kem_ctx *k, jca_key *priv);
/* A fresh secret and its encapsulation. */
JCA_API int kem_encapsulate(kem_ctx *k, void *secret, size_t secret_size, size_t *secret_len, void *enc,
                            size_t enc_size, size_t *enc_len);
/* The secret of an encapsulation (exactly kem_encapsulation_size bytes). */
JCA_API int kem_decapsulate(kem_ctx *k, const void *enc, size_t enc_len, void *secret, size_t secret_size,
                            size_t *secret_len);
/* The lengths of the initialised object's secret and encapsulation (0
 * before init). */
JCA_API size_t kem_secret_size(const kem_ctx *k);
JCA_API size_t kem_encapsulation_size(const kem_ctx *k);
JCA_API int kem_reset(kem_ctx *k);
JCA_API kem_ctx *kem_clone(const kem_ctx *k);
JCA_API void kem_free(kem_ctx *k);
JCA_API const char *kem_algorithm(const kem_ctx *k);
JCA_API const char *kem_provider(const kem_ctx *k);
JCA_API const char *kem_implementation(const kem_ctx *k);

#ifdef __cplusplus
}
#endif
#endif
