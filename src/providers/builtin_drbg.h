/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in SecureRandom implementations (builtin_drbg.c): the SP
 * 800-90A DRBGs of src/algs behind jca_random_impl, and the kernel's
 * generator. The context type is here so that the process-wide default
 * generator (src/api/random_default.c) can keep one per thread in memory
 * of its own. Not installed.
 */
#ifndef JCA_BUILTIN_DRBG_H
#define JCA_BUILTIN_DRBG_H

#include "jca/provider.h"
#include "jca/registry.h"
#include "../algs/drbg.h"

#define JCA__DRBG_STATE_MAX sizeof(jca__ctr_drbg_state)   /* the largest of the three */

/* The context of jca__drbg_impl: plain memory, no pointer to data. */
typedef struct jca__drbg_ctx {
	const jca__drbg_mech *mech;     /* NULL: not instantiated */
	uint32_t input_max;             /* personalization, additional input */
	uint32_t entropy_min, entropy_max;
	_Alignas(16) unsigned char state[JCA__DRBG_STATE_MAX];
} jca__drbg_ctx;

/* "drbg-sp800-90a": Hash_DRBG, HMAC_DRBG and CTR_DRBG (deterministic),
 * each over the registry's digest or AES that it can run (the first in
 * preference order with a raw function: a plain digest context, AES's
 * single-block encryption on a plain key schedule). */
JCA__HIDDEN extern const jca_random_impl jca__drbg_impl;
/* "getrandom": the kernel (a source with its own entropy). */
JCA__HIDDEN extern const jca_random_impl jca__getrandom_impl;

/* What the DRBG needs of its host beyond a plugin's table: the
 * implementation that serves (type, name), at the provider named
 * `provider` or, if NULL, as a lookup finds it, with its service in *svc;
 * NULL with the last error set. The library's wiring defines it over the
 * registry's lookup (src/linked.c): the provider names no registry header. */
JCA__HIDDEN const void *jca__builtin_lookup(jca_service_type type, const char *name, const char *provider,
                                            const jca_service **svc);

#endif
