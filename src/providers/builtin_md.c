/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MessageDigest implementations of the built-in provider, expanded from
 * the digest tables of builtin_families.h: for every variant, one typed
 * const vtable per backend row, named "<variant>-<backend>", whose init
 * binds the backend's block function into the context (update and final
 * are the family's, shared by every backend), and the variant's list of
 * them in row order.
 */
#include "builtin.h"

/* B(V, backend, priority, available, block function), V = (family,
 * variant, ...the rest of the variant row). */
#define MD_IMPL(V, ...) JCA__APPLY(MD_IMPL_, JCA__UNPACK V, __VA_ARGS__)
#define MD_IMPL_(fam, var, id, dsize, bsize, kind, be, prio, avail, blocks) \
	static int var##_init_##be(void *c) { jca__##var##_init(c, blocks); return 0; } \
	static const jca_md_impl var##_##be = { \
		.base = JCA_IMPL_BASE(jca_md_impl, #var "-" #be, prio, avail, sizeof(jca__##fam##_ctx)), \
		.digest_size = dsize, .block_size = bsize, .flags = MD_FLAGS_##kind, \
		.init = var##_init_##be, .update = jca__##fam##_update, .final = jca__##fam##_final \
	};
#define MD_FLAGS_HASH 0
#define MD_FLAGS_XOF JCA_MD_XOF

#define MD_REF(V, be, ...) JCA__APPLY(MD_REF_, JCA__UNPACK V, be)
#define MD_REF_(fam, var, id, dsize, bsize, kind, be) &var##_##be.base,

#define MD_VARIANT(fam, var, ...) \
	JCA__BACKENDS_##fam(MD_IMPL, (fam, var, __VA_ARGS__)) \
	const jca_impl *const jca__##var##_impls[] = { JCA__BACKENDS_##fam(MD_REF, (fam, var, __VA_ARGS__)) NULL };

JCA__MD_VARIANTS(MD_VARIANT)
