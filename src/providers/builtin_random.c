/* SPDX-License-Identifier: Apache-2.0 */
/* SecureRandom implementations of the built-in provider. The DRBGs are
 * the engine's templates (src/api/random.c) over the registry's digests
 * and AES; NativePRNG is the kernel. (The KDFs: builtin_kdf.c.) */
#include "builtin.h"
#include "../util/osrandom.h"

const jca_random_impl jca__drbg_impl = {
	.base = JCA_IMPL_BASE(jca_random_impl, "drbg-sp800-90a", JCA_PRIO_GENERIC, NULL, 0),
	.kind = JCA_RANDOM_DRBG
};
const jca_random_impl jca__getrandom_impl = {
	.base = JCA_IMPL_BASE(jca_random_impl, "getrandom", JCA_PRIO_GENERIC, NULL, 0),
	.kind = JCA_RANDOM_NATIVE,
	.generate = jca__os_random
};
