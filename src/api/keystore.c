/* SPDX-License-Identifier: Apache-2.0 */
/* KeyStore engine over jca_keystore_impl. See jca/keystore.h. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "key_int.h"
#include "keystore_int.h"
#include "../util/error.h"
#include "engine.h"

struct keystore_ctx {
	const jca__resolved *r;
	const jca_keystore_impl *impl;
	size_t n;                          /* entries, as the last count said */
	_Alignas(16) unsigned char state[];
};

static const char *who(const keystore_ctx *ks, char *buf, size_t n)
{
	snprintf(buf, n, "KeyStore \"%s\" (%s)", ks->r->svc->algorithm, ks->r->svc->provider_name);
	return buf;
}

static int recount(keystore_ctx *ks)
{
	char w[200], what[260];
	size_t n = 0;
	int rc;

	if ((rc = ks->impl->count(ks->state, &n)) != 0) {
		ks->n = 0;
		snprintf(what, sizeof what, "%s: reading its entries", who(ks, w, sizeof w));
		return jca__key_fail(rc, JCA_IMPL, what);
	}
	ks->n = n;
	return 0;
}

void keystore_free(keystore_ctx *ks)
{
	if (!ks)
		return;
	jca__obj_close(ks->r->svc, &ks->impl->base, ks->state);
	jca__free(ks, sizeof *ks + ks->impl->base.ctx_size);
}

/* A store of r opened with attrs (NULL: the provider's own). JCA_REFUSED
 * (quietly) when attrs name another store. */
static int create(const jca__resolved *r, const char *const *attrs, keystore_ctx **out)
{
	const jca_keystore_impl *m;
	keystore_ctx *ks;
	char w[200], what[260];
	int rc;

	*out = NULL;
	if (!r)
		return jca_last_error();
	m = r->impl;
	if (!(ks = jca__alloc(sizeof *ks + m->base.ctx_size)))
		return jca__error(JCA_ENOMEM, "out of memory creating KeyStore \"%s\"", r->svc->algorithm);
	memset(ks, 0, sizeof *ks + m->base.ctx_size);
	ks->r = r;
	ks->impl = m;
	if (jca__obj_open(r->svc, &m->base, ks->state) != 0) {
		jca__free(ks, sizeof *ks + m->base.ctx_size);
		return jca__error(JCA_IMPL, "KeyStore \"%s\": implementation %s failed to attach%s", r->svc->algorithm,
		                  m->base.name, jca__impl_reason());
	}
	if ((rc = m->open(ks->state, attrs)) != 0) {
		if (rc == JCA_REFUSED && attrs) {
			keystore_free(ks);
			return JCA_REFUSED;
		}
		snprintf(what, sizeof what, "%s: opening it", who(ks, w, sizeof w));
		rc = jca__key_fail(rc, JCA_IMPL, what);
		keystore_free(ks);
		return rc;
	}
	if ((rc = recount(ks)) != 0) {
		keystore_free(ks);
		return rc;
	}
	*out = ks;
	return 0;
}

static keystore_ctx *create_or_null(const jca__resolved *r, int pinned)
{
	keystore_ctx *ks;

	(void)pinned; /* any provider of the name serves: nothing is chosen by key */
	return create(r, NULL, &ks) == 0 ? ks : NULL;
}

JCA__ENGINE_GETTERS(keystore, JCA_KEY_STORE, create_or_null)

int jca__keystore_open(const char *type, const char *const *attrs, const char *uri, keystore_ctx **out)
{
	char text[JCA__MSG_MAX - 512];
	const jca_provider *p;
	const jca__resolved *r;
	int rc, offered = 0;
	size_t i, failed;

	*out = NULL;
	for (i = 0; jca_provider_at(i, &p) == 0; i++) {
		if (!(r = jca__lookup(JCA_KEY_STORE, type, jca_provider_name(p))))
			continue;
		offered++;
		if ((rc = create(r, attrs, out)) != JCA_REFUSED)
			return rc;
	}
	/* the providers that failed to load (a token's, for a wrong PIN) */
	failed = jca__failed_providers(text, sizeof text);
	if (offered && failed)
		return jca__error(JCA_NOTFOUND, "%.200s: no KeyStore \"%s\" matches it (%s)", uri, type, text);
	if (offered)
		return jca__error(JCA_NOTFOUND, "%.200s: none of the %d provider%s offering KeyStore \"%s\" has that "
		                  "store", uri, offered, offered == 1 ? "" : "s", type);
	/* the lookup's own words: a configuration error, a policy, the
	 * providers that failed to load */
	if (jca__lookup(JCA_KEY_STORE, type, NULL))
		return jca__error(JCA_INTERNAL, "%.200s: KeyStore \"%s\" appeared during the search", uri, type);
	rc = jca_last_error();
	snprintf(text, sizeof text, "%s", jca_last_error_message());
	return jca__error(rc, "%.200s: %s%s", uri, text,
	                  rc == JCA_NOALG && !failed ? " (configure one: a pkcs11 provider in jca.conf)" : "");
}

int keystore_reload(keystore_ctx *ks)
{
	if (!ks)
		return jca__error(JCA_EINVAL, "keystore_reload: NULL object");
	return recount(ks);
}

size_t keystore_size(const keystore_ctx *ks)
{
	return ks ? ks->n : 0;
}

/* Entry i into the host's struct (the provider fills what it knows). */
static int get_entry(const keystore_ctx *ks, size_t i, jca_keystore_entry *e)
{
	char w[200], what[260];
	int rc;

	memset(e, 0, sizeof *e);
	e->struct_size = sizeof *e;
	if ((rc = ks->impl->entry((void *)ks->state, i, e)) != 0) {
		snprintf(what, sizeof what, "%s: entry %zu", who(ks, w, sizeof w), i);
		return jca__key_fail(rc, JCA_IMPL, what);
	}
	if (!e->alias)
		e->alias = "";
	if (e->kind != JCA_KEY_PUBLIC && e->kind != JCA_KEY_PRIVATE && e->kind != JCA_KEY_SECRET)
		return jca__error(JCA_IMPL, "%s: entry %zu has kind %u", who(ks, w, sizeof w), i, e->kind);
	return 0;
}

int keystore_entry(const keystore_ctx *ks, size_t i, jca_keystore_entry *e)
{
	jca_keystore_entry full;
	size_t n;
	int rc;

	if (!ks || !e)
		return jca__error(JCA_EINVAL, "keystore_entry: NULL %s", ks ? "entry" : "object");
	if (e->struct_size < offsetof(jca_keystore_entry, kind) + sizeof e->kind)
		return jca__error(JCA_EINVAL, "keystore_entry: entry struct_size %u is too small",
		                  (unsigned)e->struct_size);
	if (i >= ks->n)
		return JCA_END;
	if ((rc = get_entry(ks, i, &full)) != 0)
		return rc;
	n = e->struct_size < sizeof full ? e->struct_size : sizeof full;
	memcpy((unsigned char *)e + sizeof e->struct_size, (unsigned char *)&full + sizeof full.struct_size,
	       n - sizeof e->struct_size);
	return 0;
}

int keystore_get_key_at(keystore_ctx *ks, size_t i, jca_key **key)
{
	jca_key_info info = { .struct_size = sizeof info };
	const jca__resolved *kf;
	jca_keystore_entry e;
	char w[200], what[400];
	jca_key *k;
	int rc;

	if (key)
		*key = NULL;
	if (!ks || !key)
		return jca__error(JCA_EINVAL, "keystore_get_key_at: NULL %s", ks ? "output" : "object");
	if (i >= ks->n)
		return jca__error(JCA_EINVAL, "keystore_get_key_at: entry %zu of %zu", i, ks->n);
	if ((rc = get_entry(ks, i, &e)) != 0)
		return rc;
	snprintf(what, sizeof what, "%s: entry %zu (\"%.100s\")", who(ks, w, sizeof w), i, e.alias);
	if (!e.key_algorithm || e.kind == JCA_KEY_SECRET)
		return jca__error(JCA_UNSUPPORTED, "%s: a %s cannot be used as a key object here", what,
		                  e.kind == JCA_KEY_SECRET ? "secret key" : "key of an unknown type");
	if (!(kf = jca__lookup(JCA_KEY_FACTORY, e.key_algorithm, ks->r->svc->provider_name)))
		return jca__error(JCA_IMPL, "%s: its provider offers no KeyFactory \"%s\" for it", what, e.key_algorithm);
	if (!(k = jca__key_alloc(kf)))
		return jca_last_error();
	rc = ks->impl->load(ks->state, i, k->data, &info);
	rc = rc ? jca__key_fail(rc, JCA_BADKEY, what) : jca__key_done(k, &info, e.kind, what);
	if (rc) {
		jca_key_free(k);
		return rc;
	}
	*key = k;
	return 0;
}

static const char *kind_name(unsigned kind)
{
	return kind == JCA_KEY_PRIVATE ? "private key" : kind == JCA_KEY_PUBLIC ? "public key" : "secret key";
}

int jca__keystore_find(keystore_ctx *ks, const jca__key_query *q, size_t *index)
{
	char w[200], names[300];
	jca_keystore_entry e;
	size_t i, hits = 0, len = 0;
	int rc;

	names[0] = 0;
	for (i = 0; i < ks->n; i++) {
		if ((rc = get_entry(ks, i, &e)) != 0)
			return rc;
		if ((q->alias && strcmp(q->alias, e.alias) != 0) || (q->kind && q->kind != e.kind) ||
		    (q->id && (q->id_len != e.id_len || (e.id_len && memcmp(q->id, e.id, e.id_len) != 0))))
			continue;
		if (!hits++)
			*index = i;
		if (len < sizeof names - 1)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s \"%.60s\"", hits > 1 ? ", " : "",
			                        kind_name(e.kind), e.alias);
	}
	if (hits == 1)
		return 0;
	if (!hits)
		return jca__error(JCA_NOTFOUND, "%s names no entry of %s (%zu entr%s)", q->text, who(ks, w, sizeof w),
		                  ks->n, ks->n == 1 ? "y" : "ies");
	return jca__error(JCA_AMBIGUOUS, "%s names %zu entries of %s, not one: %s (add type= or id=)", q->text,
	                  hits, who(ks, w, sizeof w), names);
}

int keystore_get_key(keystore_ctx *ks, const char *alias, unsigned kind, jca_key **key)
{
	jca__key_query q = { .alias = alias, .kind = kind };
	char text[200];
	size_t i = 0;
	int rc;

	if (key)
		*key = NULL;
	if (!ks || !alias || !key)
		return jca__error(JCA_EINVAL, "keystore_get_key: NULL %s", !ks ? "object" : !alias ? "alias" : "output");
	if (kind > JCA_KEY_SECRET)
		return jca__error(JCA_EINVAL, "keystore_get_key: kind %u", kind);
	snprintf(text, sizeof text, "alias \"%.100s\"%s%s", alias, kind ? ", " : "", kind ? kind_name(kind) : "");
	q.text = text;
	if ((rc = jca__keystore_find(ks, &q, &i)) != 0)
		return rc;
	return keystore_get_key_at(ks, i, key);
}

static int alias_ok(const char *alias)
{
	size_t n = strlen(alias);

	return n > 0 && n <= 255;
}

int keystore_set_key_pair(keystore_ctx *ks, const char *alias, jca_key *priv, jca_key *pub)
{
	jca_key *own = NULL;
	jca_keystore_entry e;
	char w[200], what[400];
	size_t i;
	int rc;

	if (!ks || !alias || !priv)
		return jca__error(JCA_EINVAL, "keystore_set_key_pair: NULL %s",
		                  !ks ? "object" : !alias ? "alias" : "private key");
	who(ks, w, sizeof w);
	if (!alias_ok(alias))
		return jca__error(JCA_EINVAL, "keystore_set_key_pair: %s: an alias is 1 to 255 bytes", w);
	if (priv->kind != JCA_KEY_PRIVATE || (pub && pub->kind != JCA_KEY_PUBLIC))
		return jca__error(JCA_EINVAL, "keystore_set_key_pair: %s: a private key and its public key, in that "
		                  "order", w);
	if (priv->svc->provider != ks->r->svc->provider || (pub && pub->svc->provider != ks->r->svc->provider))
		return jca__error(JCA_BADKEY, "keystore_set_key_pair: %s keeps keys of its own provider only, not of "
		                  "%s: generate them with keypairgen_get_instance_from(\"%s\", \"%s\")", w,
		                  (pub && pub->svc->provider != ks->r->svc->provider ? pub : priv)->svc->provider_name,
		                  priv->svc->algorithm, ks->r->svc->provider_name);
	if (pub && pub->svc != priv->svc)
		return jca__error(JCA_BADKEY, "keystore_set_key_pair: %s: a %s private key with a %s public key", w,
		                  priv->svc->algorithm, pub->svc->algorithm);
	for (i = 0; i < ks->n; i++) {
		if ((rc = get_entry(ks, i, &e)) != 0)
			return rc;
		if (strcmp(e.alias, alias) == 0)
			return jca__error(JCA_EXISTS, "keystore_set_key_pair: %s has an entry \"%.100s\" already (delete it "
			                  "first)", w, alias);
	}
	if (!pub && (rc = jca_key_public(priv, &own)) != 0)
		return rc;
	snprintf(what, sizeof what, "%s: storing a %s key pair as \"%.100s\"", w, priv->svc->algorithm, alias);
	rc = ks->impl->store(ks->state, alias, priv->svc->algorithm, priv->data, (pub ? pub : own)->data);
	if (rc)
		rc = jca__key_fail(rc, JCA_BADKEY, what);
	jca_key_free(own);
	if (!rc)
		rc = recount(ks);
	return rc;
}

int keystore_delete(keystore_ctx *ks, const char *alias)
{
	jca_keystore_entry e;
	char w[200], what[400];
	size_t i, hits = 0;
	int rc = 0, r2;

	if (!ks || !alias)
		return jca__error(JCA_EINVAL, "keystore_delete: NULL %s", ks ? "alias" : "object");
	/* the provider's list stays as the last count read it until the next
	 * count: remove by those indexes, then read it again */
	for (i = ks->n; i-- > 0;) {
		if ((r2 = get_entry(ks, i, &e)) != 0)
			return r2;
		if (strcmp(e.alias, alias) != 0)
			continue;
		hits++;
		if ((r2 = ks->impl->remove(ks->state, i)) != 0 && !rc) {
			snprintf(what, sizeof what, "%s: deleting entry \"%.100s\"", who(ks, w, sizeof w), alias);
			rc = jca__key_fail(r2, JCA_IMPL, what);
		}
	}
	if (!hits)
		return jca__error(JCA_NOTFOUND, "keystore_delete: %s has no entry \"%.100s\"", who(ks, w, sizeof w),
		                  alias);
	r2 = recount(ks);
	return rc ? rc : r2;
}

const char *keystore_type(const keystore_ctx *ks)
{
	return ks ? ks->r->canon : NULL;
}

const char *keystore_provider(const keystore_ctx *ks)
{
	return ks ? ks->r->svc->provider_name : NULL;
}

const char *keystore_implementation(const keystore_ctx *ks)
{
	return ks ? ks->impl->base.name : NULL;
}
