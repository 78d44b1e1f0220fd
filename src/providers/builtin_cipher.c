/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher implementations of the built-in provider, expanded from the AES
 * table of builtin_families.h: one typed const vtable per backend row,
 * named "aes-<backend>", and the service's list of them in row order.
 */
#include "builtin.h"

static const size_t aes_key_sizes[] = { 16, 24, 32, 0 };

#define AES_IMPL(be, prio, avail, ctx, ...) \
	static const jca_cipher_impl aes_##be = { \
		.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-" #be, prio, avail, sizeof(ctx)), \
		.shape = JCA_CIPHER_BLOCK, .block_size = 16, .key_sizes = aes_key_sizes, __VA_ARGS__ \
	};
JCA__BACKENDS_aes(AES_IMPL)

#define AES_REF(be, ...) &aes_##be.base,
const jca_impl *const jca__aes_impls[] = { JCA__BACKENDS_aes(AES_REF) NULL };
