/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Registry introspection: providers in preference order and their services.
 *
 * Pointers returned here stay valid until jca_shutdown(), even if the
 * provider is later removed from the list.
 */
#ifndef JCA_REGISTRY_H
#define JCA_REGISTRY_H

#include "common.h"
#include "provider.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct jca_provider jca_provider;
typedef struct jca_service jca_service;

/* Every *_at iterator here follows rule 12 of jca/common.h: it returns 0
 * and sets its last argument for an item, JCA_END (1, not an error: the
 * last error is left as it was) past the last one, or a negative status
 * with the last error set (JCA_EINVAL for a NULL argument). */

/* Provider at 0-based `index` in preference order. */
JCA_API int jca_provider_at(size_t index, const jca_provider **provider);
/* Provider by name (case-insensitive), NULL if none. */
JCA_API const jca_provider *jca_provider_find(const char *name);
/* Load state: configured plugins load the first time a lookup reaches
 * them in preference order. */
typedef enum jca_load_state {
	JCA_PROVIDER_NOT_LOADED = 0,
	JCA_PROVIDER_LOADED = 1,
	JCA_PROVIDER_FAILED = 2
} jca_load_state;
JCA_API jca_load_state jca_provider_state(const jca_provider *p);
/* Why loading failed (NULL unless JCA_PROVIDER_FAILED). */
JCA_API const char *jca_provider_state_reason(const jca_provider *p);
/* Loads a configured provider now if it is not loaded yet (as the first
 * lookup reaching it would). Returns 0 if it is loaded, else the status of
 * the failure (the reason is in jca_provider_state_reason). */
JCA_API int jca_provider_ensure_loaded(const jca_provider *p);
/* Where the provider comes from: "built in", a plugin path, or "added by
 * the application". */
JCA_API const char *jca_provider_source(const jca_provider *p);
/* Name (before a plugin is loaded: the name it is configured under),
 * version and description ("" until loaded). */
JCA_API const char *jca_provider_name(const jca_provider *p);
JCA_API const char *jca_provider_version(const jca_provider *p);
JCA_API const char *jca_provider_description(const jca_provider *p);

/* Services of a provider, in declaration order (HMAC services composed
 * over its digests come after them); none before it is loaded. */
JCA_API int jca_provider_service_at(const jca_provider *p, size_t index, const jca_service **service);

/* "MessageDigest", "Cipher", "Mac", "SecureRandom", "KDF". */
JCA_API const char *jca_service_type_name(jca_service_type type);
JCA_API jca_service_type jca_service_type_of(const jca_service *s);
JCA_API const char *jca_service_algorithm(const jca_service *s);
JCA_API const jca_provider *jca_service_provider(const jca_service *s);
/* Alias (another name of the algorithm, not an OID) at index. OIDs are
 * listed by jca_service_oid_at. */
JCA_API int jca_service_alias_at(const jca_service *s, size_t index, const char **alias);

/* An OID of a service and what it names: a digest or Mac OID names the
 * algorithm itself; a Cipher OID names one full transformation, e.g.
 * 2.16.840.1.101.3.4.1.2 -> "AES_128/CBC/NoPadding". Either name can be
 * passed to *_get_instance. */
#define JCA_OID_MAX 128
typedef struct jca_oid_info {
	char oid[JCA_OID_MAX];  /* dotted decimal, NUL-terminated */
	const char *name;       /* what it names; valid until jca_shutdown() */
} jca_oid_info;
/* Fills *info for OID `index`; returns 0, JCA_END past the end, or
 * JCA_EINVAL. */
JCA_API int jca_service_oid_at(const jca_service *s, size_t index, jca_oid_info *info);
/* Attribute value by key (case-insensitive), NULL if absent. The registry
 * adds "Implementation" (the active implementation's name). */
JCA_API const char *jca_service_attribute(const jca_service *s, const char *key);
/* Attribute at index; returns 0, JCA_END past the end, or JCA_EINVAL. */
JCA_API int jca_service_attribute_at(const jca_service *s, size_t index,
                                     const char **key, const char **value);

/* Implementations of a service (backends), in declaration order. */
typedef struct jca_impl_info {
	const char *name;      /* driver name, e.g. "sha256-shani" */
	int priority;
	int available;         /* usable on this CPU (after JCA_CPU) */
	int active;            /* the one bound into the service */
} jca_impl_info;
/* Fills *info for implementation `index`; returns 0, JCA_END past the
 * end, or JCA_EINVAL. */
JCA_API int jca_service_impl_at(const jca_service *s, size_t index, jca_impl_info *info);

#ifdef __cplusplus
}
#endif
#endif
