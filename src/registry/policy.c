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
		if (jca__name_eq(jca__prov_name(s->provs[i]), name) ||
		    (s->provs[i]->conf_name && jca__name_eq(s->provs[i]->conf_name, name)))
			return (int)i;
	return -1;
}

static int type_matches(int want, jca_service_type t)
{
	return want == 0 || want == (int)t;
}

int jca__covers_service(const jca__resolved *hit, const char *name, const jca__resolved *e)
{
	(void)name;
	return e->svc == hit->svc || (e->svc && e->svc->origin == hit->svc);
}

/* Does entry e fall under disabled name d, whose own entry is hit? The
 * type of hit's service decides (jca__type_ops.covers). */
static int disables(const jca__type_ops *t, const jca__entry *hit, const jca__disabled *d, const jca__entry *e)
{
	return t->covers ? t->covers(&hit->r, d->alg, &e->r) : jca__covers_service(&hit->r, d->alg, &e->r);
}

/* Policy: a disabled algorithm is offered by no provider. Its names move
 * from the provider tables to s->disabled, so lookups can say why. */
int jca__apply_disabled(jca__snapshot *s)
{
	const jca__type_ops *t;
	size_t k, ti, i;
	int rc = 0;

	for (k = 0; jca__conf && k < jca__conf->ndisabled && rc == 0; k++) {
		jca__disabled *d = &jca__conf->disabled[k];

		for (ti = 0; (t = jca__type_at(ti)) && rc == 0; ti++) {
			char key[JCA__MAX_NAME + 8];
			size_t klen;
			jca__resolved dr = { NULL, NULL, d->alg, 0 };

			if (!type_matches(d->type, t->type) || !(klen = jca__make_key(key, t->type, d->alg)))
				continue;
			rc = jca__table_put(&s->disabled, key, klen, &dr, -1);
			for (i = 0; i < s->n && rc == 0; i++) {
				jca__entry *hit, *e, *tmp;

				HASH_FIND(hh, s->tables[i], key, klen, hit);
				if (!hit)
					continue;
				d->matched = 1;
				/* hit itself is removed last: disables() reads it */
				HASH_ITER(hh, s->tables[i], e, tmp) {
					if (e == hit || !disables(t, hit, d, e))
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

/* The first provider configured by path that is not loaded yet, or -1:
 * until it is, a preference may name it without the registry knowing. */
static int first_unloaded_path(const jca__snapshot *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->provs[i]->conf_name && strchr(s->provs[i]->conf_name, '/') &&
		    jca__provider_state(s->provs[i]) == JCA_PROVIDER_NOT_LOADED)
			return (int)i;
	return -1;
}

/* Per-algorithm preferred providers go into the merged table first. A
 * preferred provider not yet loaded leaves a placeholder that sends the
 * lookup down the loading path, so the answer never depends on what was
 * looked up before. So does a provider the registry cannot name yet while
 * plugins configured by path are unloaded (one of them may be it); once
 * all are loaded, a rule naming no provider leaves a placeholder that
 * fails lookups of its algorithm with JCA_CONFIG (JCA__POS_BADPREF). */
int jca__apply_prefs(jca__snapshot *s)
{
	const jca__type_ops *t;
	size_t k, ti;
	int rc = 0;

	for (k = 0; jca__conf && k < jca__conf->npref && rc == 0; k++) {
		const jca__pref *pf = &jca__conf->prefs[k];
		int j = jca__find_provider(s, pf->provider), wait = -1;

		if (j < 0)
			wait = first_unloaded_path(s);
		else if (jca__provider_state(s->provs[j]) == JCA_PROVIDER_FAILED)
			continue;
		else if (jca__provider_state(s->provs[j]) != JCA_PROVIDER_LOADED)
			wait = j;
		for (ti = 0; (t = jca__type_at(ti)) && rc == 0; ti++) {
			char key[JCA__MAX_NAME + 8];
			size_t klen;
			jca__entry *hit, *e, *tmp;

			if (!type_matches(pf->type, t->type) || !(klen = jca__make_key(key, t->type, pf->alg)))
				continue;
			if (wait >= 0 || j < 0) {
				jca__resolved ph = { NULL, NULL, wait >= 0 ? pf->alg : pf->provider, 0 };

				rc = jca__table_put(&s->merged, key, klen, &ph, wait >= 0 ? wait : JCA__POS_BADPREF);
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
