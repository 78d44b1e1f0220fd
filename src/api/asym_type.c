/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The four asymmetric service types (ABI 3.2) and KeyStore (3.3): what the
 * registry needs to know about jca_keyfactory_impl, jca_keypairgen_impl,
 * jca_signature_impl, jca_keyagreement_impl and jca_keystore_impl (see
 * types.h). Their engines are key.c, keyfactory.c, keypairgen.c,
 * signature.c, keyagreement.c and keystore.c.
 */
#include <stdio.h>

#include "kat.h"

#define NO_KAT "takes no known-answer test through jca_kat (its answers need keys; see jca/provider_asym.h)"

/* key_algorithm: a name, not too long to be a service's */
static const char *key_alg_fault(const char *alg)
{
	size_t n = 0;

	if (!alg || !alg[0])
		return "key_algorithm is NULL or empty";
	while (n < 128 && alg[n])
		n++;
	return n >= 128 ? "key_algorithm is longer than 127 bytes" : NULL;
}

static const char *kf_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_keyfactory_impl *k = (const jca_keyfactory_impl *)impl;

	(void)why;
	(void)n;
	JCA__REQUIRE_FN(k, decode);
	JCA__REQUIRE_FN(k, encode);
	JCA__REQUIRE_FN(k, public_key);
	return NULL;
}

static const char *kpg_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_keypairgen_impl *k = (const jca_keypairgen_impl *)impl;

	(void)why;
	(void)n;
	JCA__REQUIRE_FN(k, init);
	JCA__REQUIRE_FN(k, generate);
	return key_alg_fault(k->key_algorithm);
}

static const char *sig_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_signature_impl *k = (const jca_signature_impl *)impl;

	(void)why;
	(void)n;
	JCA__REQUIRE_FN(k, init);
	JCA__REQUIRE_FN(k, sign);
	JCA__REQUIRE_FN(k, verify);
	return key_alg_fault(k->key_algorithm);
}

static const char *ka_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_keyagreement_impl *k = (const jca_keyagreement_impl *)impl;

	(void)why;
	(void)n;
	JCA__REQUIRE_FN(k, init);
	JCA__REQUIRE_FN(k, phase);
	JCA__REQUIRE_FN(k, secret);
	return key_alg_fault(k->key_algorithm);
}

/* The implementations of one service take the same keys. The offset of
 * key_algorithm is the same in the three tables that have it. */
static const char *same_keys(const char *a_alg, const char *b_alg, const char *a_name, char *why, size_t n)
{
	const char *x = a_alg, *y = b_alg;

	while (*x && *y && ((*x | 0x20) == (*y | 0x20)))
		x++, y++;
	if (!*x && !*y)
		return NULL;
	return snprintf(why, n, "key_algorithm \"%s\" differs from %s's \"%s\"", b_alg, a_name, a_alg), why;
}

static const char *kpg_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	return same_keys(((const jca_keypairgen_impl *)a)->key_algorithm,
	                 ((const jca_keypairgen_impl *)b)->key_algorithm, a->name, why, n);
}

static const char *sig_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	const jca_signature_impl *x = (const jca_signature_impl *)a, *y = (const jca_signature_impl *)b;

	if ((x->update == NULL) != (y->update == NULL))
		return snprintf(why, n, "update is %s where %s's is %s", y->update ? "set" : "NULL", a->name,
		                x->update ? "set" : "NULL"), why;
	return same_keys(x->key_algorithm, y->key_algorithm, a->name, why, n);
}

static const char *ka_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	return same_keys(((const jca_keyagreement_impl *)a)->key_algorithm,
	                 ((const jca_keyagreement_impl *)b)->key_algorithm, a->name, why, n);
}

const jca__type_ops jca__keyfactory_type = {
	JCA__DECLARABLE(JCA_KEY_FACTORY, "KeyFactory", jca_keyfactory_impl),
	.impl_fault = kf_fault,
	.no_kat = "KeyFactory " NO_KAT,
};

const jca__type_ops jca__keypairgen_type = {
	JCA__DECLARABLE(JCA_KEY_PAIR_GENERATOR, "KeyPairGenerator", jca_keypairgen_impl),
	.impl_fault = kpg_fault,
	.impl_mismatch = kpg_mismatch,
	.no_kat = "KeyPairGenerator " NO_KAT,
};

const jca__type_ops jca__signature_type = {
	JCA__DECLARABLE(JCA_SIGNATURE, "Signature", jca_signature_impl),
	.impl_fault = sig_fault,
	.impl_mismatch = sig_mismatch,
	.no_kat = "Signature " NO_KAT,
	.host_kat = jca__signature_host_kat,
};

const jca__type_ops jca__keyagreement_type = {
	JCA__DECLARABLE(JCA_KEY_AGREEMENT, "KeyAgreement", jca_keyagreement_impl),
	.impl_fault = ka_fault,
	.impl_mismatch = ka_mismatch,
	.no_kat = "KeyAgreement " NO_KAT,
	.host_kat = jca__keyagreement_host_kat,
};

static const char *ks_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_keystore_impl *k = (const jca_keystore_impl *)impl;

	(void)why;
	(void)n;
	JCA__REQUIRE_FN(k, open);
	JCA__REQUIRE_FN(k, count);
	JCA__REQUIRE_FN(k, entry);
	JCA__REQUIRE_FN(k, load);
	JCA__REQUIRE_FN(k, store);
	JCA__REQUIRE_FN(k, remove);
	return NULL;
}

const jca__type_ops jca__keystore_type = {
	JCA__DECLARABLE(JCA_KEY_STORE, "KeyStore", jca_keystore_impl),
	.impl_fault = ks_fault,
	.no_kat = "KeyStore takes no known-answer test through jca_kat (it holds keys, it computes nothing)",
};
