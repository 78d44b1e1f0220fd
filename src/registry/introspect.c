/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Introspection: the jca_provider_* and jca_service_* getters of
 * jca/registry.h.
 */
#include <stddef.h>
#include <string.h>

#include "registry_int.h"

/* A provider's services, name, version and description are read only
 * once its state says loaded (an acquire load): a lazy load on another
 * thread fills them before it publishes that state, so a reader sees the
 * provider either before its load or after, never half-made. */
static int loaded(const jca_provider *p)
{
	return jca__provider_state(p) == JCA_PROVIDER_LOADED && p->desc;
}

int jca_provider_at(size_t index, const jca_provider **provider)
{
	const jca__snapshot *s;

	if (!provider)
		return jca__error(JCA_EINVAL, "jca_provider_at: NULL provider pointer");
	*provider = NULL;
	s = jca__get_snapshot();
	if (!s)
		return jca_last_error() < 0 ? jca_last_error() : JCA_INTERNAL;
	if (index >= s->n)
		return JCA_END;
	*provider = s->provs[index];
	return 0;
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

jca_load_state jca_provider_state(const jca_provider *p)
{
	return p ? (jca_load_state)jca__provider_state(p) : JCA_PROVIDER_FAILED;
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
			/* the load's own status (JCA_ABI, JCA_SELFTEST, ...) */
			return jca__error(p->status ? p->status : JCA_PLUGIN, "%s", p->reason);
		default:
			break;
		}
		if (jca__in_load)
			return jca__error(JCA_BUSY, "provider \"%s\" cannot be loaded from inside a plugin's entry", p->name);
		for (i = 0; i < s->n && s->provs[i] != p; i++)
			;
		if (i == s->n)
			return jca__error(JCA_NOPROVIDER, "provider \"%s\" is not in the provider list", p->name);
		if (jca__load_next(s, (int)i) != 0)
			return jca_last_error();
	}
}

const char *jca_provider_source(const jca_provider *p)
{
	return p ? p->source : NULL;
}

const char *jca_provider_name(const jca_provider *p)
{
	return p ? jca__prov_name(p) : NULL;
}

const char *jca_provider_version(const jca_provider *p)
{
	return p ? (loaded(p) ? p->desc->version : "") : NULL;
}

const char *jca_provider_description(const jca_provider *p)
{
	return p ? (loaded(p) ? p->desc->description : "") : NULL;
}

int jca_provider_service_at(const jca_provider *p, size_t index, const jca_service **service)
{
	if (!p || !service)
		return jca__error(JCA_EINVAL, "jca_provider_service_at: NULL %s", p ? "service pointer" : "provider");
	*service = NULL;
	if (!loaded(p) || index >= p->n_services)
		return JCA_END;
	*service = p->services[index];
	return 0;
}

const char *jca_service_type_name(jca_service_type type)
{
	const jca__type_ops *t = jca__type_ops_of(type);

	return t ? t->name : "Unknown";
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

int jca_service_alias_at(const jca_service *s, size_t index, const char **alias)
{
	size_t i;

	if (!s || !alias)
		return jca__error(JCA_EINVAL, "jca_service_alias_at: NULL %s", s ? "alias pointer" : "service");
	*alias = NULL;
	for (i = 0; s->aliases[i]; i++) {
		if (!alias_oid_len(s->aliases[i]) && !strchr(s->aliases[i], '=') && index-- == 0) {
			*alias = s->aliases[i];
			return 0;
		}
	}
	return JCA_END;
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
	if (!s->impls) {
		/* a derived service (HMAC): the one composed implementation */
		if (index != 0)
			return JCA_END;
		info->name = s->impl_name;
		info->priority = s->active->priority;
		info->available = 1;
		info->active = 1;
		return 0;
	}
	if (index >= jca__count_list((const char *const *)s->impls))
		return JCA_END;
	info->name = s->impls[index]->name;
	info->priority = s->impls[index]->priority;
	info->available = jca__impl_usable(s->impls[index]->available);
	info->active = s->active == s->impls[index];
	return 0;
}
