/* SPDX-License-Identifier: Apache-2.0 */
/* KDF implementations of the built-in provider: the engine's templates
 * (src/api/kdf.c) over the registry's Macs. (Its SecureRandom
 * implementations are in builtin_drbg.c.) */
#include "builtin.h"

const jca_kdf_impl jca__pbkdf2_impl = {
	.base = JCA_IMPL_BASE(jca_kdf_impl, "pbkdf2-mac", JCA_PRIO_GENERIC, NULL, 0),
	.kind = JCA_KDF_PBKDF2
};
const jca_kdf_impl jca__hkdf_impl = {
	.base = JCA_IMPL_BASE(jca_kdf_impl, "hkdf-hmac", JCA_PRIO_GENERIC, NULL, 0),
	.kind = JCA_KDF_HKDF
};
