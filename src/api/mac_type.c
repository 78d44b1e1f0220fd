/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Mac service type: HMAC services are derived from MessageDigest
 * services (the one template in mac.c runs over any digest). Providers do
 * not declare Mac services; the registry asks the digest type to derive
 * them (types.h), and this file says how they are named:
 *
 *   Hmac<name>      for the digest's name and every alias that is not an
 *                   OID ("SHA-256" -> "HmacSHA256", as in the JCA)
 *   HMAC-<name>, HMAC(<name>)   for the name and every alias, OIDs too
 *                   ("HMAC-2.16.840.1.101.3.4.2.1")
 *   the digest's "HmacOID" attribute, if it has one
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/registry_int.h"
#include "../registry/types.h"

static void hmac_name(char *out, size_t n, const char *digest)
{
	if (strncmp(digest, "SHA-", 4) == 0)
		snprintf(out, n, "HmacSHA%s", digest + 4);
	else
		snprintf(out, n, "Hmac%s", digest);
}

/* The HMAC service over digest service d; 0 if none can be composed (an
 * XOF, or no block size), 1 with *out set, -1 out of memory. */
int jca__derive_hmac(const struct jca_service *d, struct jca_service **out, size_t max)
{
	const jca_md_impl *m = (const jca_md_impl *)d->active;
	size_t nal = jca__count_list((const char *const *)d->aliases);
	size_t names = (nal + 1) * 3 + 1, i, k = 0, used = 0;
	size_t cap = names * (JCA__MAX_NAME + 8) + 128;
	const char *oid = jca__attr_get(d, "HmacOID");
	struct jca_service *s;
	int form;

	if (!max || !m || (m->flags & JCA_MD_XOF) || !m->block_size)
		return 0;
	s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	s->aliases = calloc(names + 1, sizeof *s->aliases);
	s->owned = malloc(cap);
	if (!s->aliases || !s->owned) {
		jca__free_service(s);
		return -1;
	}
	s->type = JCA_MAC;
	s->origin = d;
	s->active = d->active;
	s->provider = d->provider;
	s->provider_name = d->provider_name;
	/* the digest's provider context (for attach) and its count of live
	 * instances (a Mac holds the provider as a digest does) */
	s->provctx = d->provctx;
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
			if (i == 0 && form == 0) {
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
	if (oid)
		s->aliases[k++] = oid;
	s->impl_name = s->owned + used;
	snprintf(s->owned + used, cap - used, "hmac(%s)", d->active->name);
	*out = s;
	return 1;
}

const jca__type_ops jca__mac_type = {
	.type = JCA_MAC,
	.name = "Mac",
	.declarable = 0,
	.impl_size = sizeof(jca_md_impl),
	.impl_min_size = sizeof(jca_md_impl),
};
