/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The MessageDigest service type: what the registry needs to know about
 * jca_md_impl (see types.h). The engine itself is md.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/types.h"
#include "../registry/lookup.h"
#include "../util/mem.h"
#include "kat.h"

#define MAX_XOF_KAT 4096

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_md_impl *m = (const jca_md_impl *)impl;

	JCA__REQUIRE_FN(m, init);
	JCA__REQUIRE_FN(m, update);
	JCA__REQUIRE_FN(m, final);
	if (m->flags & ~JCA_MD_XOF)
		return snprintf(why, n, "flags 0x%x has unknown bits", m->flags), why;
	if ((!m->digest_size && !(m->flags & JCA_MD_XOF)) || m->digest_size > JCA_MD_MAX_DIGEST)
		return snprintf(why, n, "digest_size %zu (must be 1 to %d)", m->digest_size, JCA_MD_MAX_DIGEST), why;
	if (m->block_size > JCA_MD_MAX_DIGEST)
		return snprintf(why, n, "block_size %zu (at most %d)", m->block_size, JCA_MD_MAX_DIGEST), why;
	return NULL;
}

/* The engine, HMAC and the listing take these from the bound
 * implementation: every implementation of a service must agree. */
static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	const jca_md_impl *x = (const jca_md_impl *)a, *y = (const jca_md_impl *)b;

	if (x->digest_size != y->digest_size || x->block_size != y->block_size || x->flags != y->flags)
		return snprintf(why, n, "digest_size/block_size/flags %zu/%zu/%u differ from %s's %zu/%zu/%u",
		                y->digest_size, y->block_size, y->flags, a->name, x->digest_size, x->block_size,
		                x->flags), why;
	return NULL;
}

static const char *kat_fault(const jca_impl *impl, const jca_kat *k, char *why, size_t n)
{
	const jca_md_impl *m = (const jca_md_impl *)impl;

	if (!k->out || !k->out_len)
		return "out is NULL or out_len is 0";
	if (!k->in && k->in_len)
		return "in is NULL with in_len > 0";
	if (!(m->flags & JCA_MD_XOF) && k->out_len > m->digest_size)
		return snprintf(why, n, "out_len %zu exceeds digest_size %zu", k->out_len, m->digest_size), why;
	if ((m->flags & JCA_MD_XOF) && k->out_len > MAX_XOF_KAT)
		return snprintf(why, n, "out_len %zu (at most %d)", k->out_len, MAX_XOF_KAT), why;
	return NULL;
}

/* final() gets exactly what the engine would ask for: digest_size bytes
 * (an XOF: out_len), into a buffer of that size; the first out_len bytes
 * are compared. */
static int self_test(const struct jca_service *s, const jca_impl *impl, const jca_kat *k)
{
	const jca_md_impl *m = (const jca_md_impl *)impl;
	size_t n = (m->flags & JCA_MD_XOF) ? k->out_len : m->digest_size;
	unsigned char *out = malloc(n);
	void *ctx = jca__kat_ctx_new(s, impl);
	int ok = 0;

	if (out && ctx && m->init(ctx) == 0 && m->update(ctx, k->in, k->in_len) == 0 && m->final(ctx, out, n) == 0)
		ok = memcmp(out, k->out, k->out_len) == 0;
	return jca__kat_end(impl, ctx, out, n, ok);
}

const jca__type_ops jca__md_type = {
	JCA__DECLARABLE(JCA_MESSAGE_DIGEST, "MessageDigest", jca_md_impl),
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.kat_fault = kat_fault,
	.self_test = self_test,
	.host_kat = jca__md_host_kat,
	.derive = jca__derive_hmac,
};
