/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SecureRandom service type: what the registry needs to know about
 * jca_random_impl (see types.h). The engine itself is random.c.
 */
#include <stdio.h>

#include "../registry/types.h"

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_random_impl *r = (const jca_random_impl *)impl;

	if (r->kind != JCA_RANDOM_DRBG && r->kind != JCA_RANDOM_NATIVE)
		return snprintf(why, n, "kind %u (must be JCA_RANDOM_DRBG or JCA_RANDOM_NATIVE)", r->kind), why;
	if (r->kind == JCA_RANDOM_NATIVE && !r->generate)
		return "generate is NULL (a JCA_RANDOM_NATIVE source needs it)";
	if (r->kind == JCA_RANDOM_DRBG && r->generate)
		return "generate is set on a JCA_RANDOM_DRBG implementation (the engine runs the DRBGs)";
	return NULL;
}

static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	return jca__kind_mismatch(((const jca_random_impl *)a)->kind, ((const jca_random_impl *)b)->kind, a->name, why, n);
}

const jca__type_ops jca__random_type = {
	.type = JCA_SECURE_RANDOM,
	.name = "SecureRandom",
	.declarable = 1,
	.stateless = 1,
	.impl_size = sizeof(jca_random_impl),
	.impl_min_size = sizeof(jca_random_impl),
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.no_kat = "SecureRandom services take no known-answer test (the DRBGs run the NIST vectors in the tests)",
};
