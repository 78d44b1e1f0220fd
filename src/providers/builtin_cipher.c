/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher implementations of the built-in provider, expanded from the AES
 * table of builtin_families.h: one typed const vtable per backend row,
 * named "aes-<backend>", and the service's list of them in row order.
 */
#include "builtin.h"

#define AES_KEY_SIZES ((1ull << 16) | (1ull << 24) | (1ull << 32))

#define AES_IMPL(be, prio, avail, ctx, ...) \
	static const jca_cipher_impl aes_##be = { \
		.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-" #be, prio, avail, sizeof(ctx)), \
		.block_size = 16, .key_sizes = AES_KEY_SIZES, __VA_ARGS__ \
	};
JCA__BACKENDS_aes(AES_IMPL)

#define AES_REF(be, ...) &aes_##be.base,
const jca_impl *const jca__aes_impls[] = { JCA__BACKENDS_aes(AES_REF) NULL };
