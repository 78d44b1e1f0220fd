/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The KEM service type (ABI 3.4): what the registry needs to know about
 * jca_kem_impl (see types.h). Its engine is kem.c, its known answers
 * kem_kat.c.
 */
#include <stdio.h>

#include "../registry/types.h"
#include "kat.h"

static const char *kem_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_kem_impl *k = (const jca_kem_impl *)impl;
	size_t len = 0;

	(void)why;
	(void)n;
	JCA__REQUIRE_FN(k, init);
	JCA__REQUIRE_FN(k, encapsulate);
	JCA__REQUIRE_FN(k, decapsulate);
	if (!k->key_algorithm || !k->key_algorithm[0])
		return "key_algorithm is NULL or empty";
	while (len < 128 && k->key_algorithm[len])
		len++;
	return len >= 128 ? "key_algorithm is longer than 127 bytes" : NULL;
}

/* The implementations of one service take the same keys. */
static const char *kem_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	const char *x = ((const jca_kem_impl *)a)->key_algorithm, *y = ((const jca_kem_impl *)b)->key_algorithm;
	const char *p = x, *q = y;

	while (*p && *q && ((*p | 0x20) == (*q | 0x20)))
		p++, q++;
	if (!*p && !*q)
		return NULL;
	return snprintf(why, n, "key_algorithm \"%s\" differs from %s's \"%s\"", y, a->name, x), why;
}

const jca__type_ops jca__kem_type = {
	JCA__DECLARABLE(JCA_KEM, "KEM", jca_kem_impl),
	.impl_fault = kem_fault,
	.impl_mismatch = kem_mismatch,
	.no_kat = "KEM takes no known-answer test through jca_kat (its answers need keys; see jca/provider_kem.h)",
	.host_kat = jca__kem_host_kat,
};
