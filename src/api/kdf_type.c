/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The KDF service type: what the registry needs to know about jca_kdf_impl
 * (see types.h). The engine itself is kdf.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/types.h"
#include "../registry/lookup.h"
#include "../util/mem.h"
#include "kat.h"

#define MAX_KAT_OUT 4096

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_kdf_impl *k = (const jca_kdf_impl *)impl;

	JCA__REQUIRE_FN(k, init);
	JCA__REQUIRE_FN(k, derive);
	if (k->flags & ~(JCA_KDF_OVER_MAC | JCA_KDF_HMAC_NAMES))
		return snprintf(why, n, "flags 0x%x has unknown bits", k->flags), why;
	if ((k->flags & JCA_KDF_HMAC_NAMES) && !(k->flags & JCA_KDF_OVER_MAC))
		return "flags: JCA_KDF_HMAC_NAMES without JCA_KDF_OVER_MAC";
	return NULL;
}

/* The engine's name grammar follows the flags: all implementations of a
 * service must agree. */
static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	const jca_kdf_impl *x = (const jca_kdf_impl *)a, *y = (const jca_kdf_impl *)b;

	if (x->flags != y->flags)
		return snprintf(why, n, "flags 0x%x differ from %s's 0x%x", y->flags, a->name, x->flags), why;
	return NULL;
}

static const char *kat_fault(const jca_impl *impl, const jca_kat *k, char *why, size_t n)
{
	const jca_kdf_args *a = k->in;

	if (((const jca_kdf_impl *)impl)->flags & JCA_KDF_OVER_MAC)
		return "a template (JCA_KDF_OVER_MAC) takes no known-answer test";
	if (!a)
		return "in (the jca_kdf_args) is NULL";
	if (k->in_len < JCA__END(jca_kdf_args, parallelism) || k->in_len != a->struct_size || k->in_len > 4096)
		return snprintf(why, n, "in_len %zu: must be the jca_kdf_args' struct_size (%u), at least %zu",
		                k->in_len, a->struct_size, JCA__END(jca_kdf_args, parallelism)), why;
	if (a->prf)
		return "in->prf is set (only templates take a PRF)";
	if ((!a->secret && a->secret_len) || (!a->salt && a->salt_len) || (!a->info && a->info_len) ||
	    (!a->key && a->key_len))
		return "in (jca_kdf_args) has a NULL pointer with a nonzero length";
	if (!k->out || !k->out_len || k->out_len > MAX_KAT_OUT)
		return snprintf(why, n, "out is NULL or out_len %zu is not 1 to %d", k->out_len, MAX_KAT_OUT), why;
	return NULL;
}

/* init then derive, as the engine calls them, on a context of impl
 * attached to s's provider context. The arguments are copied into a
 * host-size structure (a provider's may be older: its missing members
 * are zero). */
static int self_test(const struct jca_service *s, const jca_impl *impl, const jca_kat *k)
{
	const jca_kdf_impl *m = (const jca_kdf_impl *)impl;
	jca_kdf_args a;
	unsigned char *out = malloc(k->out_len);
	void *ctx = jca__kat_ctx_new(s, impl);
	int ok = 0;

	memset(&a, 0, sizeof a);
	memcpy(&a, k->in, k->in_len < sizeof a ? k->in_len : sizeof a);
	a.struct_size = sizeof a;
	if (out && ctx && m->init(ctx, &a) == 0 && m->derive(ctx, out, k->out_len) == 0)
		ok = memcmp(out, k->out, k->out_len) == 0;
	return jca__kat_end(impl, ctx, out, k->out_len, ok);
}

const jca__type_ops jca__kdf_type = {
	JCA__DECLARABLE(JCA_KDF, "KDF", jca_kdf_impl),
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.kat_fault = kat_fault,
	.self_test = self_test,
	.host_kat = jca__kdf_host_kat,
};
