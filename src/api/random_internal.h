/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by the SecureRandom engine (random.c, random_config.c) and the
 * process-wide default generator (random_default.c). Not installed. */
#ifndef JCA_RANDOM_INTERNAL_H
#define JCA_RANDOM_INTERNAL_H

#include "../registry/lookup.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "../util/osrandom.h"
#include "jca/random.h"

#define JCA__RANDOM_MAX_INPUT (1u << 16)     /* bytes of any input (SP 800-90A allows 2^32 bits) */
#define JCA__RANDOM_MAX_REQUEST (1u << 16)   /* bytes per request = 2^19 bits, SP 800-90A table 2/3 */

/* A DRBG configuration parsed from a mechanism string: the choices the
 * engine hands to a deterministic implementation (jca_random_args) and
 * the lengths it enforces. No primitive: the implementation finds its
 * own. */
typedef struct jca__drbg_cfg {
	unsigned mech;                 /* JCA_DRBG_* */
	const char *alg;               /* "SHA-256", "AES-256" */
	unsigned strength;             /* bits */
	int pr;                        /* capability pr_and_reseed */
	int use_df;                    /* CTR_DRBG */
	size_t entropy_min, entropy_max, nonce_min, input_max;
	char desc[96];                 /* "CTR_DRBG,AES-256,256,reseed_only,use_df" */
} jca__drbg_cfg;

/* Parses mechanism (NULL or "": the default), strength (0: highest) and
 * pr (random_params.prediction_resistance). 0 or JCA_EINVAL with the last
 * error set. */
JCA__HIDDEN int jca__drbg_configure(jca__drbg_cfg *c, const char *mechanism, unsigned strength, int pr);

/* The implementation's arguments for configuration c, without inputs. */
JCA__HIDDEN void jca__drbg_args(jca_random_args *a, const jca__drbg_cfg *c);

/* The generator behind jca_random() (random_default.c): builtin's DRBG
 * implementation, driven through its table with its context (base.ctx_size
 * bytes) kept by the engine. The library's wiring names it (src/linked.c);
 * the engine names no provider. */
JCA__HIDDEN extern const jca_random_impl *const jca__default_drbg;

/* The fork generation: changes in a child after fork() (pthread_atfork
 * handler, and a MADV_WIPEONFORK page for forks that skip the handlers). */
JCA__HIDDEN unsigned jca__fork_generation(void);

#endif
