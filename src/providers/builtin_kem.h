/* SPDX-License-Identifier: Apache-2.0 */
/* Built-in provider: what its ML-KEM and X-Wing files share
 * (builtin_mlkem.c, builtin_xwing.c). */
#ifndef JCA_BUILTIN_KEM_H
#define JCA_BUILTIN_KEM_H

#include <stdint.h>

#include "builtin.h"
#include "../algs/mlkem.h"

/* The private key's encoding as it came (written back the same way):
 * the seed, the expanded key, or both. Generated keys: the seed. */
#define JCA__MLKEM_FORM_SEED 0
#define JCA__MLKEM_FORM_EXPANDED 1
#define JCA__MLKEM_FORM_BOTH 2

/* An ML-KEM key: ek always, dk (and the seed when known) for a private
 * key. The KeyFactory's context. */
typedef struct jca__mlkem_key {
	unsigned k;                            /* 2, 3, 4 */
	int has_priv;
	int form;                              /* JCA__MLKEM_FORM_* */
	uint8_t seed[JCA__MLKEM_SEED_LEN];
	uint8_t ek[JCA__MLKEM_EK_MAX];
	uint8_t dk[JCA__MLKEM_DK_MAX];
} jca__mlkem_key;

/* The Keccak backend of the highest priority this CPU has (as SHA-3's
 * services bind it). */
JCA__HIDDEN const jca__keccak_backend *jca__builtin_keccak_best(void);
/* A private key from the seed d||z: 0 or -1. */
JCA__HIDDEN int jca__mlkem_key_from_seed(jca__mlkem_key *key, unsigned k, const uint8_t seed[64]);
/* A public key from ek, modulus-checked: 0 or JCA_REFUSED (reason set). */
JCA__HIDDEN int jca__mlkem_key_from_ek(jca__mlkem_key *key, unsigned k, const uint8_t *ek);

/* The services (builtin_mlkem.c, builtin_xwing.c). */
JCA__HIDDEN extern const jca_service_desc jca__svc_kf_mlkem512, jca__svc_kf_mlkem768, jca__svc_kf_mlkem1024;
JCA__HIDDEN extern const jca_service_desc jca__svc_kpg_mlkem512, jca__svc_kpg_mlkem768, jca__svc_kpg_mlkem1024;
JCA__HIDDEN extern const jca_service_desc jca__svc_kem_mlkem512, jca__svc_kem_mlkem768, jca__svc_kem_mlkem1024;
JCA__HIDDEN extern const jca_service_desc jca__svc_kf_xwing, jca__svc_kpg_xwing, jca__svc_kem_xwing;

#endif
