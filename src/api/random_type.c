/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SecureRandom service type: what the registry needs to know about
 * jca_random_impl (see types.h and <jca/provider.h>). The engine itself is
 * random.c.
 */
#include <stdio.h>

#include "kat.h"

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_random_impl *r = (const jca_random_impl *)impl;

	if (r->flags != JCA_RANDOM_DETERMINISTIC && r->flags != JCA_RANDOM_OWN_ENTROPY)
		return snprintf(why, n, "flags %u (must be JCA_RANDOM_DETERMINISTIC or JCA_RANDOM_OWN_ENTROPY)",
		                r->flags), why;
	JCA__REQUIRE_FN(r, generate);
	if (r->flags == JCA_RANDOM_DETERMINISTIC && !r->instantiate)
		return "instantiate is NULL (a JCA_RANDOM_DETERMINISTIC generator needs it)";
	if (r->flags == JCA_RANDOM_DETERMINISTIC && !r->reseed)
		return "reseed is NULL (a JCA_RANDOM_DETERMINISTIC generator needs it)";
	return NULL;
}

/* A deterministic DRBG cannot stand in for a source with its own entropy,
 * nor the reverse: the engine treats the two differently. */
static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	unsigned fa = ((const jca_random_impl *)a)->flags, fb = ((const jca_random_impl *)b)->flags;

	if (fa == fb)
		return NULL;
	return snprintf(why, n, "flags %u differ from %s's (%u): one service's implementations are all "
	                "deterministic or all sources of their own entropy", fb, a->name, fa), why;
}

const jca__type_ops jca__random_type = {
	JCA__DECLARABLE(JCA_SECURE_RANDOM, "SecureRandom", jca_random_impl),
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.no_kat = "SecureRandom services take no known-answer test through jca_kat (the host runs a CAVP case on "
	          "deterministic ones: random_kat.c)",
	.host_kat = jca__random_host_kat,
};
