/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The KDF service type: what the registry needs to know about jca_kdf_impl
 * (see types.h). The engine itself is kdf.c.
 */
#include <stdio.h>

#include "../registry/types.h"

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_kdf_impl *k = (const jca_kdf_impl *)impl;

	if (k->kind != JCA_KDF_PBKDF2 && k->kind != JCA_KDF_HKDF)
		return snprintf(why, n, "kind %u (must be JCA_KDF_PBKDF2 or JCA_KDF_HKDF)", k->kind), why;
	return NULL;
}

static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	return jca__kind_mismatch(((const jca_kdf_impl *)a)->kind, ((const jca_kdf_impl *)b)->kind, a->name, why, n);
}

const jca__type_ops jca__kdf_type = {
	.type = JCA_KDF,
	.name = "KDF",
	.declarable = 1,
	.stateless = 1,
	.impl_size = sizeof(jca_kdf_impl),
	.impl_min_size = sizeof(jca_kdf_impl),
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.no_kat = "KDF services take no known-answer test (the templates run the RFC vectors in the tests)",
};
