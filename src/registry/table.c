/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-provider lookup tables: every name a service answers to, folded into
 * a key. A type with a grammar of its own (Cipher transformations) puts
 * its names itself (types.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

/* Adds key -> r to *table unless the key is already there (first wins).
 * Returns 0, or JCA_ENOMEM. */
int jca__table_put(jca__entry **table, const char *key, size_t klen,
                     const jca__resolved *r, int pos)
{
	jca__entry *e;
	size_t clen = r->canon ? strlen(r->canon) + 1 : 0;
	int oom = 0;

	HASH_FIND(hh, *table, key, klen, e);
	if (e)
		return 0;
	e = malloc(sizeof *e + klen + clen);
	if (!e)
		return JCA_ENOMEM;
	memcpy(e->key, key, klen);
	e->klen = klen;
	e->r = *r;
	e->pos = pos;
	if (clen) {
		memcpy(e->key + klen, r->canon, clen);
		e->r.canon = e->key + klen;
	} else {
		e->r.canon = r->svc->algorithm;
	}
#undef uthash_nonfatal_oom
#define uthash_nonfatal_oom(obj) (oom = 1)
	HASH_ADD_KEYPTR(hh, *table, e->key, e->klen, e);
	if (oom) {
		free(e);
		return JCA_ENOMEM;
	}
	return 0;
}

int jca__put_name(jca__entry **table, jca_service_type type, const char *name,
                  const jca__resolved *r, int pos)
{
	char key[JCA__MAX_NAME + 8];
	size_t klen = jca__make_key(key, type, name);
	int rc;

	if (!klen)
		return 0;
	rc = jca__table_put(table, key, klen, r, pos);
	if (rc == 0 && jca__is_oid(name)) {
		char oid[JCA__MAX_NAME + 8];

		if (strlen(name) + 4 <= JCA__MAX_NAME) {
			snprintf(oid, sizeof oid, "OID.%s", name);
			klen = jca__make_key(key, type, oid);
			rc = jca__table_put(table, key, klen, r, pos);
		}
	}
	return rc;
}

const jca__resolved *jca__table_get(jca__entry *table, jca_service_type type, const char *name)
{
	char key[JCA__MAX_NAME + 8];
	size_t klen = jca__make_key(key, type, name);
	jca__entry *e;

	if (!klen)
		return NULL;
	HASH_FIND(hh, table, key, klen, e);
	return e ? &e->r : NULL;
}

/* Every name a service answers to: its type's own grammar if it has one
 * (Cipher transformations), else the algorithm, its aliases (OIDs also
 * with "OID.") and the names of its usable implementations (drivers),
 * which select that implementation, bypassing priority. */
static int put_service(jca__entry **table, const struct jca_service *s, int pos)
{
	const jca__type_ops *t = jca__type_ops_of(s->type);
	jca__resolved r = { s, s->active, NULL, 0 };
	size_t i;
	int rc;

	if (t && t->put_names)
		return t->put_names(table, s, pos);
	rc = jca__put_name(table, s->type, s->algorithm, &r, pos);
	for (i = 0; rc == 0 && s->aliases[i]; i++)
		rc = jca__put_name(table, s->type, s->aliases[i], &r, pos);
	for (i = 0; rc == 0 && s->impls && s->impls[i]; i++) {
		if (!jca__impl_usable(s->impls[i]->available))
			continue;
		r.impl = s->impls[i];
		rc = jca__put_name(table, s->type, s->impls[i]->name, &r, pos);
	}
	return rc;
}

static size_t specificity(const struct jca_service *s)
{
	const char *p;
	size_t n = 0;

	for (p = s->algorithm; *p; p++)
		n += *p == '/';
	return n;
}

int jca__build_provider_table(jca__entry **table, const struct jca_provider *p, int pos)
{
	size_t i, level;
	int rc = 0;

	/* More specific cipher services first, as JCA tries the full
	 * transformation before the bare algorithm. */
	for (level = 3; level-- > 0 && rc == 0;)
		for (i = 0; i < p->n_services && rc == 0; i++)
			if (specificity(p->services[i]) == level)
				rc = put_service(table, p->services[i], pos);
	return rc;
}
