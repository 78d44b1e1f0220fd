/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM (FIPS 203): the interface between the algorithm (src/algs/mlkem*.c)
 * and the providers. Parameter sets by k: 2 (ML-KEM-512), 3 (ML-KEM-768),
 * 4 (ML-KEM-1024); every other k is refused with -1.
 *
 * Encodings are FIPS 203's: ek (encapsulation key) 384k+32 bytes, dk
 * (decapsulation key) 768k+96 bytes, ciphertext 32(du*k+dv) bytes, shared
 * secret 32 bytes, seed d||z 64 bytes, message m 32 bytes.
 *
 * Returns: 0 on success, -1 for a refused input (a wrong k, a key that
 * fails its check). Decapsulation of a well-formed dk never fails: a
 * ciphertext that does not re-encrypt gives the implicit-rejection secret
 * J(z||c) (FIPS 203 Algorithm 18), chosen in constant time.
 *
 * Every function takes the Keccak backend to run on (kb; NULL for
 * jca__keccak_generic): the provider passes the one it chose for SHA-3,
 * so the algorithm never looks at the CPU itself.
 *
 * Secrets (dk, seeds, m, K) are never branched on nor used as indexes;
 * every temporary holding them is wiped before return.
 */
#ifndef JCA_ALGS_MLKEM_H
#define JCA_ALGS_MLKEM_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"

#define JCA__MLKEM_SEED_LEN 64 /* d || z */
#define JCA__MLKEM_SS_LEN 32
#define JCA__MLKEM_MSG_LEN 32
#define JCA__MLKEM_EK_MAX (384 * 4 + 32)
#define JCA__MLKEM_DK_MAX (768 * 4 + 96)
#define JCA__MLKEM_CT_MAX 1568

/* Sizes for k; 0 for a k that is not 2, 3 or 4. */
JCA__HIDDEN size_t jca__mlkem_ek_len(unsigned k);
JCA__HIDDEN size_t jca__mlkem_dk_len(unsigned k);
JCA__HIDDEN size_t jca__mlkem_ct_len(unsigned k);

/* ML-KEM.KeyGen_internal (Algorithm 16) from seed = d || z. */
JCA__HIDDEN int jca__mlkem_keygen(const jca__keccak_backend *kb, unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t seed[JCA__MLKEM_SEED_LEN]);

/* ML-KEM.Encaps_internal (Algorithm 17) with the 32-byte message m (the
 * caller draws it from its DRBG). Runs the ek modulus check first (7.2). */
JCA__HIDDEN int jca__mlkem_encaps(const jca__keccak_backend *kb, unsigned k, uint8_t ss[JCA__MLKEM_SS_LEN], uint8_t *ct, const uint8_t *ek,
                                  const uint8_t m[JCA__MLKEM_MSG_LEN]);

/* ML-KEM.Decaps_internal (Algorithm 18). ct must be jca__mlkem_ct_len(k)
 * bytes (the caller checks the length: 7.3's ciphertext type check). */
JCA__HIDDEN int jca__mlkem_decaps(const jca__keccak_backend *kb, unsigned k, uint8_t ss[JCA__MLKEM_SS_LEN], const uint8_t *ct, const uint8_t *dk);

/* FIPS 203 7.2: every coefficient of ek's t-hat is below q. 0 or -1. */
JCA__HIDDEN int jca__mlkem_check_ek(unsigned k, const uint8_t *ek);
/* FIPS 203 7.3: H(ek) stored inside dk matches the ek inside dk. 0 or -1. */
JCA__HIDDEN int jca__mlkem_check_dk(const jca__keccak_backend *kb, unsigned k, const uint8_t *dk);

#endif
