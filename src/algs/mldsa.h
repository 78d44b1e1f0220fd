/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204): the interface between the algorithm (src/algs/mldsa*.c)
 * and the providers. Parameter sets by level: 44 (ML-DSA-44), 65
 * (ML-DSA-65), 87 (ML-DSA-87); every other level is refused with -1 or a
 * length of 0.
 *
 * Encodings are FIPS 204's: pk = rho || t1 (1312, 1952, 2592 bytes), sk =
 * rho || K || tr || s1 || s2 || t0 (2560, 4032, 4896 bytes), signature
 * (2420, 3309, 4627 bytes), seed xi 32 bytes, mu 64 bytes, rnd 32 bytes
 * (all zero for the deterministic variant).
 *
 * Messages are never held: the caller computes mu = H(tr || M', 64)
 * incrementally (pure ML-DSA, Algorithms 2 and 3: M' = 0 || |ctx| || ctx
 * || M) with jca__mldsa_mu_start, jca__keccak_update and
 * jca__keccak_final(c, mu, 64), then signs or verifies mu.
 *
 * Every function takes the Keccak backend to run on (kb; NULL for
 * jca__keccak_generic), the one the provider chose for SHA-3.
 *
 * keygen, sign_mu, verify_mu and pk_from_sk take one heap workspace each
 * (up to about 150 KiB for signing, wiped before it is freed) and return
 * -1 when it cannot be allocated.
 *
 * Secrets (xi, sk, rnd, y, the signer's temporaries) are never branched on
 * nor used as indexes, except the rejection loop's outcome, which FIPS 204
 * allows to leak; every temporary holding them is wiped before return.
 */
#ifndef JCA_ALGS_MLDSA_H
#define JCA_ALGS_MLDSA_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"

#define JCA__MLDSA_SEED_LEN 32
#define JCA__MLDSA_TR_LEN 64
#define JCA__MLDSA_MU_LEN 64
#define JCA__MLDSA_RND_LEN 32
#define JCA__MLDSA_PK_MAX 2592
#define JCA__MLDSA_SK_MAX 4896
#define JCA__MLDSA_SIG_MAX 4627

/* Sizes for a level; 0 for another level. */
JCA__HIDDEN size_t jca__mldsa_pk_len(unsigned level);
JCA__HIDDEN size_t jca__mldsa_sk_len(unsigned level);
JCA__HIDDEN size_t jca__mldsa_sig_len(unsigned level);

/* ML-DSA.KeyGen_internal (Algorithm 6) from the seed xi. */
JCA__HIDDEN int jca__mldsa_keygen(const jca__keccak_backend *kb, unsigned level, uint8_t *pk, uint8_t *sk,
                                  const uint8_t xi[JCA__MLDSA_SEED_LEN]);

/* tr = H(pk, 64): what a verifier needs beside pk to start mu. */
JCA__HIDDEN void jca__mldsa_tr(const jca__keccak_backend *kb, uint8_t tr[JCA__MLDSA_TR_LEN], const uint8_t *pk,
                               size_t pk_len);

/* Starts mu: a SHAKE256 context that has absorbed tr || 0 || |ctx| || ctx
 * (ctx_len <= 255, else -1). The caller feeds the message with
 * jca__keccak_update and squeezes 64 bytes with jca__keccak_final. */
JCA__HIDDEN int jca__mldsa_mu_start(const jca__keccak_backend *kb, jca__keccak_ctx *c,
                                    const uint8_t tr[JCA__MLDSA_TR_LEN], const uint8_t *ctx, size_t ctx_len);

/* ML-DSA.Sign_internal (Algorithm 7) on mu with the 32 bytes rnd. */
JCA__HIDDEN int jca__mldsa_sign_mu(const jca__keccak_backend *kb, unsigned level, uint8_t *sig, const uint8_t *sk,
                                   const uint8_t mu[JCA__MLDSA_MU_LEN], const uint8_t rnd[JCA__MLDSA_RND_LEN]);

/* ML-DSA.Verify_internal (Algorithm 8): 0 when sig (sig_len bytes) is
 * valid for mu under pk, -1 otherwise (a wrong length included). */
JCA__HIDDEN int jca__mldsa_verify_mu(const jca__keccak_backend *kb, unsigned level, const uint8_t *sig,
                                     size_t sig_len, const uint8_t *pk, const uint8_t mu[JCA__MLDSA_MU_LEN]);

/* The public key of an expanded private key (t = A s1 + s2, then t1),
 * after checking that the key is consistent: s1 and s2 within eta, tr =
 * H(rho || t1) and t0 the low part of t. 0, or -1 for an inconsistent sk. */
JCA__HIDDEN int jca__mldsa_pk_from_sk(const jca__keccak_backend *kb, unsigned level, uint8_t *pk, const uint8_t *sk);

#endif
