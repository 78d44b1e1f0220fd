/* SPDX-License-Identifier: Apache-2.0 */
/* SecureRandom and KDF implementations of the built-in provider. The DRBGs
 * and the KDFs are the engines' templates (src/api/random.c, kdf.c) over
 * the registry's digests, AES and Macs; NativePRNG is the kernel. */
#include <errno.h>
#include <sys/random.h>

#include "builtin.h"

static int kernel_generate(void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len) {
		ssize_t n = getrandom(p, len, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

const jca_random_impl jca__drbg_impl = {
	.name = "drbg-sp800-90a", .priority = JCA_PRIO_GENERIC, .kind = JCA_RANDOM_DRBG
};
const jca_random_impl jca__getrandom_impl = {
	.name = "getrandom", .priority = JCA_PRIO_GENERIC, .kind = JCA_RANDOM_NATIVE,
	.generate = kernel_generate
};
const jca_kdf_impl jca__pbkdf2_impl = {
	.name = "pbkdf2-mac", .priority = JCA_PRIO_GENERIC, .kind = JCA_KDF_PBKDF2
};
const jca_kdf_impl jca__hkdf_impl = {
	.name = "hkdf-hmac", .priority = JCA_PRIO_GENERIC, .kind = JCA_KDF_HKDF
};
