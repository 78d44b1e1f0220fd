/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Introspection: the jca_provider_* and jca_service_* getters of
 * jca/registry.h.
 */
#include <stddef.h>
#include <string.h>

#include "registry_int.h"

static size_t count_md(const jca_md_impl *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

static size_t count_cipher(const jca_cipher_impl *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

const jca_provider *jca_provider_at(size_t index)
{
	const jca__snapshot *s = jca__get_snapshot();

	return s && index < s->n ? s->provs[index] : NULL;
}

const jca_provider *jca_provider_find(const char *name)
{
	const jca__snapshot *s = jca__get_snapshot();
	int at;

	if (!s || !name)
		return NULL;
	at = jca__find_provider(s, name);
	return at < 0 ? NULL : s->provs[at];
}

jca_provider_state_t jca_provider_state(const jca_provider *p)
{
	return p ? (jca_provider_state_t)jca__provider_state(p) : JCA_PROVIDER_FAILED;
}

const char *jca_provider_state_reason(const jca_provider *p)
{
	return p && jca__provider_state(p) == JCA_PROVIDER_FAILED ? p->reason : NULL;
}

int jca_provider_ensure_loaded(const jca_provider *p)
{
	for (;;) {
		const jca__snapshot *s = jca__get_snapshot();
		size_t i;

		if (!s)
			return jca_last_error();
		if (!p)
			return jca__error(JCA_EINVAL, "provider is NULL");
		switch (jca__provider_state(p)) {
		case JCA_PROVIDER_LOADED:
			return 0;
		case JCA_PROVIDER_FAILED:
			return jca__error(JCA_PLUGIN, "%s", p->reason);
		default:
			break;
		}
		if (jca__in_load)
			return jca__error(JCA_BUSY, "provider \"%s\" is being loaded", p->name);
		for (i = 0; i < s->n && s->provs[i] != p; i++)
			;
		if (i == s->n)
			return jca__error(JCA_NOPROVIDER, "provider \"%s\" is not in the provider list", p->name);
		jca__load_next(s, (int)i);
	}
}

const char *jca_provider_source(const jca_provider *p)
{
	return p ? p->source : NULL;
}

const char *jca_provider_name(const jca_provider *p)
{
	return p ? p->name : NULL;
}

const char *jca_provider_version(const jca_provider *p)
{
	return p ? p->version : NULL;
}

const char *jca_provider_description(const jca_provider *p)
{
	return p ? p->description : NULL;
}

const jca_service *jca_provider_service_at(const jca_provider *p, size_t index)
{
	return p && index < p->n_services ? p->services[index] : NULL;
}

const char *jca_service_type_name(jca_service_type type)
{
	switch (type) {
	case JCA_MESSAGE_DIGEST: return "MessageDigest";
	case JCA_CIPHER: return "Cipher";
	case JCA_MAC: return "Mac";
	case JCA_SECURE_RANDOM: return "SecureRandom";
	case JCA_KDF: return "KDF";
	}
	return "Unknown";
}

jca_service_type jca_service_type_of(const jca_service *s)
{
	return s ? s->type : (jca_service_type)0;
}

const char *jca_service_algorithm(const jca_service *s)
{
	return s ? s->algorithm : NULL;
}

const jca_provider *jca_service_provider(const jca_service *s)
{
	return s ? s->provider : NULL;
}

/* Length of the OID an alias holds ("1.2.3", or for a Cipher
 * "1.2.3=TRANSFORMATION"), or 0 if it holds none. Longer OIDs than a
 * lookup accepts are not OIDs of the service. */
static size_t alias_oid_len(const char *a)
{
	size_t n = 0, dots = 0;

	while ((a[n] >= '0' && a[n] <= '9') || a[n] == '.')
		dots += a[n++] == '.';
	if (!n || !dots || (a[n] && a[n] != '=') || n > JCA__MAX_NAME)
		return 0;
	return n;
}

const char *jca_service_alias_at(const jca_service *s, size_t index)
{
	size_t i;

	for (i = 0; s && s->aliases[i]; i++)
		if (!alias_oid_len(s->aliases[i]) && !strchr(s->aliases[i], '=') && index-- == 0)
			return s->aliases[i];
	return NULL;
}

int jca_service_oid_at(const jca_service *s, size_t index, jca_oid_info *info)
{
	size_t i, n;

	if (!s || !info)
		return jca__error(JCA_EINVAL, "jca_service_oid_at: NULL %s", s ? "info" : "service");
	for (i = 0; s->aliases[i]; i++) {
		if (!(n = alias_oid_len(s->aliases[i])) || index-- != 0)
			continue;
		memcpy(info->oid, s->aliases[i], n);
		info->oid[n] = 0;
		info->name = s->aliases[i][n] == '=' ? s->aliases[i] + n + 1 : s->algorithm;
		return 0;
	}
	return JCA_END;
}

const char *jca_service_attribute(const jca_service *s, const char *key)
{
	if (!s || !key)
		return NULL;
	if (jca__name_eq(key, "Implementation"))
		return s->impl_name;
	return jca__attr_get(s, key);
}

int jca_service_attribute_at(const jca_service *s, size_t index, const char **key, const char **value)
{
	size_t n = 0;

	if (!s || !key || !value)
		return jca__error(JCA_EINVAL, "jca_service_attribute_at: NULL %s", s ? "output" : "service");
	while (s->attrs && s->attrs[n].key)
		n++;
	if (index < n) {
		*key = s->attrs[index].key;
		*value = s->attrs[index].value;
		return 0;
	}
	if (index == n) {
		*key = "Implementation";
		*value = s->impl_name;
		return 0;
	}
	return JCA_END;
}

int jca_service_impl_at(const jca_service *s, size_t index, jca_impl_info *info)
{
	if (!s || !info)
		return jca__error(JCA_EINVAL, "jca_service_impl_at: NULL %s", s ? "info" : "service");
	if (s->type == JCA_MESSAGE_DIGEST) {
		const jca_md_impl *m;

		if (index >= count_md(s->md_impls))
			return JCA_END;
		m = s->md_impls[index];
		info->name = m->name;
		info->priority = m->priority;
		info->available = jca__impl_usable(m->available);
		info->active = s->active == m;
		return 0;
	}
	if (s->type == JCA_CIPHER) {
		const jca_cipher_impl *c;

		if (index >= count_cipher(s->cipher_impls))
			return JCA_END;
		c = s->cipher_impls[index];
		info->name = c->name;
		info->priority = c->priority;
		info->available = jca__impl_usable(c->available);
		info->active = s->active == c;
		return 0;
	}
	if (s->type == JCA_SECURE_RANDOM) {
		const jca_random_impl *r;
		size_t n = 0;

		while (s->random_impls[n])
			n++;
		if (index >= n)
			return JCA_END;
		r = s->random_impls[index];
		info->name = r->name;
		info->priority = r->priority;
		info->available = jca__impl_usable(r->available);
		info->active = s->active == r;
		return 0;
	}
	if (s->type == JCA_KDF) {
		const jca_kdf_impl *k;
		size_t n = 0;

		while (s->kdf_impls[n])
			n++;
		if (index >= n)
			return JCA_END;
		k = s->kdf_impls[index];
		info->name = k->name;
		info->priority = k->priority;
		info->available = jca__impl_usable(k->available);
		info->active = s->active == k;
		return 0;
	}
	if (s->type == JCA_MAC && index == 0) {
		info->name = s->impl_name;
		info->priority = JCA_PRIO_GENERIC;
		info->available = 1;
		info->active = 1;
		return 0;
	}
	return JCA_END;
}
