/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Policy from the configuration, applied when a snapshot is built:
 * disabled algorithms (jca.disabled) and preferred providers.
 */
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

int jca__find_provider(const jca__snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (jca__name_eq(s->provs[i]->name, name) ||
		    (s->provs[i]->conf_name && jca__name_eq(s->provs[i]->conf_name, name)))
			return (int)i;
	return -1;
}

static int type_matches(int want, jca_service_type t)
{
	return want == 0 || want == (int)t;
}

/* Does entry e fall under disabled name d, whose own entry is hit? A bare
 * algorithm name disables the whole service; a cipher transformation only
 * that mode and padding. */
static int disables(const jca__entry *hit, const jca__disabled *d, const jca__entry *e)
{
	if (e->r.svc != hit->r.svc)
		return 0;
	if (hit->r.svc->type == JCA_CIPHER && strchr(d->alg, '/'))
		return e->r.mode == hit->r.mode && e->r.padding == hit->r.padding;
	return 1;
}

/* Policy: a disabled algorithm is offered by no provider. Its names move
 * from the provider tables to s->disabled, so lookups can say why. */
int jca__apply_disabled(jca__snapshot *s)
{
	static const jca_service_type types[] = { JCA_MESSAGE_DIGEST, JCA_CIPHER, JCA_MAC, JCA_SECURE_RANDOM, JCA_KDF };
	size_t k, t, i;
	int rc = 0;

	for (k = 0; jca__conf && k < jca__conf->ndisabled && rc == 0; k++) {
		const jca__disabled *d = &jca__conf->disabled[k];

		for (t = 0; t < sizeof types / sizeof types[0] && rc == 0; t++) {
			char key[JCA__MAX_NAME + 8];
			size_t klen;
			jca__resolved dr = { NULL, NULL, d->alg, 0, 0, 0 };

			if (!type_matches(d->type, types[t]) || !(klen = jca__make_key(key, types[t], d->alg)))
				continue;
			rc = jca__table_put(&s->disabled, key, klen, &dr, -1);
			for (i = 0; i < s->n && rc == 0; i++) {
				jca__entry *hit, *e, *tmp;

				HASH_FIND(hh, s->tables[i], key, klen, hit);
				if (!hit)
					continue;
				/* hit itself is removed last: disables() reads it */
				HASH_ITER(hh, s->tables[i], e, tmp) {
					if (e == hit || !disables(hit, d, e))
						continue;
					rc = jca__table_put(&s->disabled, e->key, e->klen, &dr, -1);
					HASH_DEL(s->tables[i], e);
					free(e);
					if (rc)
						break;
				}
				HASH_DEL(s->tables[i], hit);
				free(hit);
			}
		}
	}
	return rc;
}

/* Per-algorithm preferred providers go into the merged table first. A
 * preferred provider not yet loaded leaves a placeholder that sends the
 * lookup down the loading path. */
int jca__apply_prefs(jca__snapshot *s)
{
	static const jca_service_type types[] = { JCA_MESSAGE_DIGEST, JCA_CIPHER, JCA_MAC, JCA_SECURE_RANDOM, JCA_KDF };
	size_t k, t;
	int rc = 0;

	for (k = 0; jca__conf && k < jca__conf->npref && rc == 0; k++) {
		const jca__pref *pf = &jca__conf->prefs[k];
		int j = jca__find_provider(s, pf->provider);

		if (j < 0 || jca__provider_state(s->provs[j]) == JCA_PROVIDER_FAILED)
			continue;
		for (t = 0; t < sizeof types / sizeof types[0] && rc == 0; t++) {
			char key[JCA__MAX_NAME + 8];
			size_t klen;
			jca__entry *hit, *e, *tmp;

			if (!type_matches(pf->type, types[t]) || !(klen = jca__make_key(key, types[t], pf->alg)))
				continue;
			if (jca__provider_state(s->provs[j]) != JCA_PROVIDER_LOADED) {
				jca__resolved ph = { NULL, NULL, pf->alg, 0, 0, 0 };

				rc = jca__table_put(&s->merged, key, klen, &ph, j);
				continue;
			}
			HASH_FIND(hh, s->tables[j], key, klen, hit);
			if (!hit)
				continue;
			HASH_ITER(hh, s->tables[j], e, tmp)
				if (e->r.svc == hit->r.svc && (rc = jca__table_put(&s->merged, e->key, e->klen, &e->r, -1)))
					break;
		}
	}
	return rc;
}
