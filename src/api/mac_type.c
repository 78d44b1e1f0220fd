/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Mac service type: what the registry needs to know about
 * jca_mac_impl (see types.h), and the HMAC services it derives over
 * MessageDigest services. The engine itself is mac.c; HMAC is
 * mac_hmac.c.
 *
 * Providers declare Mac services (CMAC, keyed BLAKE2, a token's HMAC).
 * Besides, the registry asks the digest type to derive HMAC over every
 * digest (types.h), named so:
 *
 *   Hmac<name>      for the digest's name and every alias that is not an
 *                   OID ("SHA-256" -> "HmacSHA256", as in the JCA)
 *   HMAC-<name>, HMAC(<name>)   for the name and every alias, OIDs too
 *                   ("HMAC-2.16.840.1.101.3.4.2.1")
 *   the digest's "HmacOID" attribute, if it has one
 *
 * A Mac the same provider declares under one of those names replaces the
 * derived HMAC: none is derived over that digest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../registry/types.h"
#include "../util/ascii.h"
#include "mac_hmac.h"
#include "kat.h"

#define MAX_KAT 4096

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_mac_impl *m = (const jca_mac_impl *)impl;

	JCA__REQUIRE_FN(m, init);
	JCA__REQUIRE_FN(m, update);
	JCA__REQUIRE_FN(m, final);
	if (!m->mac_size || m->mac_size > JCA_MAC_MAX)
		return snprintf(why, n, "mac_size %zu (must be 1 to %d)", m->mac_size, JCA_MAC_MAX), why;
	if (m->block_size > JCA_MAC_MAX)
		return snprintf(why, n, "block_size %zu (at most %d)", m->block_size, JCA_MAC_MAX), why;
	if (m->key_max && m->key_max < m->key_min)
		return snprintf(why, n, "key_max %zu is below key_min %zu (0: no upper bound)", m->key_max,
		                m->key_min), why;
	return NULL;
}

/* The engine takes the sizes from the bound implementation: every
 * implementation of a service must agree. */
static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	const jca_mac_impl *x = (const jca_mac_impl *)a, *y = (const jca_mac_impl *)b;

	if (x->mac_size != y->mac_size || x->block_size != y->block_size || x->key_min != y->key_min ||
	    x->key_max != y->key_max)
		return snprintf(why, n, "mac_size/block_size/key_min/key_max %zu/%zu/%zu/%zu differ from %s's "
		                "%zu/%zu/%zu/%zu", y->mac_size, y->block_size, y->key_min, y->key_max, a->name,
		                x->mac_size, x->block_size, x->key_min, x->key_max), why;
	return NULL;
}

static const char *kat_fault(const jca_impl *impl, const jca_kat *k, char *why, size_t n)
{
	const jca_mac_impl *m = (const jca_mac_impl *)impl;

	if (!k->out || !k->out_len)
		return "out is NULL or out_len is 0";
	if ((!k->in && k->in_len) || (!k->key && k->key_len))
		return !k->key && k->key_len ? "key is NULL with key_len > 0" : "in is NULL with in_len > 0";
	if (k->out_len > m->mac_size)
		return snprintf(why, n, "out_len %zu exceeds mac_size %zu", k->out_len, m->mac_size), why;
	if (k->in_len > MAX_KAT)
		return snprintf(why, n, "in_len %zu (at most %d)", k->in_len, MAX_KAT), why;
	if (k->key_len < m->key_min || (m->key_max && k->key_len > m->key_max))
		return snprintf(why, n, "key_len %zu outside key_min..key_max %zu..%zu", k->key_len, m->key_min,
		                m->key_max), why;
	if (k->flags)
		return snprintf(why, n, "flags 0x%x (a Mac known answer takes none)", k->flags), why;
	return NULL;
}

/* As the engine runs it: a context opened for s, init, update, final of
 * mac_size bytes; the first out_len compared. Then a second message
 * under the same key (final leaves the context keyed) must agree. */
static int self_test(const struct jca_service *s, const jca_impl *impl, const jca_kat *k)
{
	const jca_mac_impl *m = (const jca_mac_impl *)impl;
	unsigned char *out = malloc(2 * m->mac_size);
	void *ctx = jca__kat_ctx_new(s, impl);
	int ok = 0;

	if (out && ctx && m->init(ctx, k->key, k->key_len) == 0 && m->update(ctx, k->in, k->in_len) == 0 &&
	    m->final(ctx, out, m->mac_size) == 0 && m->update(ctx, k->in, k->in_len) == 0 &&
	    m->final(ctx, out + m->mac_size, m->mac_size) == 0)
		ok = memcmp(out, k->out, k->out_len) == 0 && memcmp(out + m->mac_size, k->out, k->out_len) == 0;
	return jca__kat_end(impl, ctx, out, 2 * m->mac_size, ok);
}

static void hmac_name(char *out, size_t n, const char *digest)
{
	if (strncmp(digest, "SHA-", 4) == 0)
		snprintf(out, n, "HmacSHA%s", digest + 4);
	else
		snprintf(out, n, "Hmac%s", digest);
}

/* A derived service and its implementation in one block (freed with the
 * service: jca__free_service frees s, the first member). */
struct derived {
	struct jca_service s;
	struct jca__hmac h;
};

/* The HMAC service over digest service d; 0 if none is derived (an XOF,
 * no block size, a state HMAC cannot copy, or a Mac of the provider's own
 * under one of the names), 1 with *out set, -1 out of memory. */
int jca__derive_hmac(const struct jca_service *d, struct jca_service **out, size_t max)
{
	const jca_md_impl *m = (const jca_md_impl *)d->active;
	size_t nal = jca__count_list((const char *const *)d->aliases);
	size_t names = (nal + 1) * 3 + 1, i, k = 0, used = 0;
	size_t cap = names * (JCA__MAX_NAME + 8) + 128;
	const char *oid = jca__attr_get(d, "HmacOID");
	struct derived *dv;
	struct jca_service *s;
	int form;

	if (!max || !jca__hmac_possible(m))
		return 0;
	dv = calloc(1, sizeof *dv);
	if (!dv)
		return -1;
	s = &dv->s;
	s->aliases = calloc(names + 1, sizeof *s->aliases);
	s->owned = malloc(cap);
	if (!s->aliases || !s->owned) {
		jca__free_service(s);
		return -1;
	}
	s->type = JCA_MAC;
	s->origin = d;
	s->provider = d->provider;
	s->provider_name = d->provider_name;
	s->live = d->live;
	for (i = 0; i <= nal; i++) {
		const char *dn = i == 0 ? d->algorithm : d->aliases[i - 1];
		int oidname = jca__is_oid(dn);

		for (form = oidname ? 1 : 0; form < 3; form++) {
			char *p = s->owned + used;
			size_t j;
			int dup = 0;

			if (form == 0)
				hmac_name(p, cap - used, dn);
			else
				snprintf(p, cap - used, form == 1 ? "HMAC-%s" : "HMAC(%s)", dn);
			if (d->provider && jca__declares(d->provider, JCA_MAC, p)) {
				jca__free_service(s);
				return 0;
			}
			if (!s->algorithm) {
				/* the first name made (HmacSHA256; for a digest named
				 * by an OID, "HMAC-<oid>") */
				s->algorithm = p;
			} else {
				dup = jca__name_eq(p, s->algorithm);
				for (j = 0; j < k && !dup; j++)
					dup = jca__name_eq(p, s->aliases[j]);
				if (dup)
					continue;
				s->aliases[k++] = p;
			}
			used += strlen(p) + 1;
		}
	}
	if (oid) {
		if (d->provider && jca__declares(d->provider, JCA_MAC, oid)) {
			jca__free_service(s);
			return 0;
		}
		s->aliases[k++] = oid;
	}
	s->impl_name = s->owned + used;
	snprintf(s->owned + used, cap - used, "hmac(%s)", d->active->name);
	jca__hmac_bind(&dv->h, d, s->impl_name);
	/* the registry's flags, as validate.c writes them into every
	 * provider implementation it copies (lookup.h) */
	dv->h.impl.base.reserved = ((dv->h.impl.base.attach || dv->h.impl.base.cleanup) ? JCA__IMPL_LIFECYCLE : 0) |
	                           (s->live ? JCA__IMPL_COUNTED : 0);
	s->active = &dv->h.impl.base;
	s->provctx = &dv->h;
	*out = s;
	return 1;
}

const jca__type_ops jca__mac_type = {
	JCA__DECLARABLE(JCA_MAC, "Mac", jca_mac_impl),
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.kat_fault = kat_fault,
	.self_test = self_test,
	.host_kat = jca__mac_host_kat,
};
