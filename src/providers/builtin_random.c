/* SPDX-License-Identifier: Apache-2.0 */
/* SecureRandom and KDF implementations of the built-in provider. The DRBGs
 * and the KDFs are the engines' templates (src/api/random.c, kdf.c) over
 * the registry's digests, AES and Macs; NativePRNG is the kernel. */
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
const jca_kdf_impl jca__pbkdf2_impl = {
	.base = JCA_IMPL_BASE(jca_kdf_impl, "pbkdf2-mac", JCA_PRIO_GENERIC, NULL, 0),
	.kind = JCA_KDF_PBKDF2
};
const jca_kdf_impl jca__hkdf_impl = {
	.base = JCA_IMPL_BASE(jca_kdf_impl, "hkdf-hmac", JCA_PRIO_GENERIC, NULL, 0),
	.kind = JCA_KDF_HKDF
};
