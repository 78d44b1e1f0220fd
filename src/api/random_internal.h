/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by the SecureRandom engine (random.c) and the process-wide
 * default generator (random_default.c). Not installed. */
#ifndef JCA_RANDOM_INTERNAL_H
#define JCA_RANDOM_INTERNAL_H

#include "../registry/lookup.h"
#include "../registry/error.h"
#include "../util/mem.h"
#include "../util/osrandom.h"
#include "../algs/drbg.h"
#include "jca/random.h"

/* A DRBG configuration resolved from a mechanism string. */
typedef struct jca__drbg_cfg {
	const jca__drbg_mech *mech;
	jca__drbg_prim prim;
	unsigned strength;             /* bits */
	int pr;                        /* capability pr_and_reseed */
	size_t seedlen;                /* bytes */
	size_t entropy_min, entropy_max, nonce_min, input_max;
	char desc[96];                 /* "CTR_DRBG,AES-256,256,reseed_only,use_df" */
} jca__drbg_cfg;

/* Parses mechanism (NULL or "": the default), strength (0: highest) and
 * pr (random_params.prediction_resistance) and finds the digest or cipher
 * through the registry: the first implementation in preference order that
 * the DRBG can run. 0 or a status with the last error set. */
JCA__HIDDEN int jca__drbg_configure(jca__drbg_cfg *c, const char *mechanism, unsigned strength, int pr);

/* The fork generation: changes in a child after fork() (pthread_atfork
 * handler, and a MADV_WIPEONFORK page for forks that skip the handlers). */
JCA__HIDDEN unsigned jca__fork_generation(void);

#endif
