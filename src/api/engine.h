/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The four ways every engine hands out an object, written once:
 *
 *   P_ctx *P_get_instance(const char *name);                  by name, the preferred provider
 *   P_ctx *P_get_instance_from(const char *name, const char *provider);
 *   const P_handle *P_lookup(const char *name);               resolved once, for P_new
 *   P_ctx *P_new(const P_handle *h);
 *
 * JCA__ENGINE_GETTERS(P, TYPE, create) defines them for the engine whose
 * objects are P_ctx and handles P_handle, service type TYPE, over the
 * engine's own constructor `create(r, pinned)`: r is the resolved service
 * (never NULL), pinned is 1 when the caller named the provider
 * (P_get_instance_from: provider selection by key keeps to it), 0 otherwise.
 * The lookup failed, the error is set and they return NULL.
 */
#ifndef JCA_API_ENGINE_H
#define JCA_API_ENGINE_H

#include "../registry/lookup.h"

#define JCA__ENGINE_GETTERS(P, TYPE, create)                                          \
	P##_ctx *P##_get_instance(const char *name)                                   \
	{                                                                             \
		const jca__resolved *r = jca__lookup(TYPE, name, NULL);               \
		return r ? create(r, 0) : NULL;                                       \
	}                                                                             \
	P##_ctx *P##_get_instance_from(const char *name, const char *provider)        \
	{                                                                             \
		const jca__resolved *r = jca__lookup_from(TYPE, name, provider);      \
		return r ? create(r, 1) : NULL;                                       \
	}                                                                             \
	const P##_handle *P##_lookup(const char *name)                                \
	{                                                                             \
		return (const P##_handle *)jca__lookup(TYPE, name, NULL);             \
	}                                                                             \
	P##_ctx *P##_new(const P##_handle *h)                                         \
	{                                                                             \
		const jca__resolved *r = jca__from_handle(TYPE, h);                   \
		return r ? create(r, 0) : NULL;                                       \
	}

#endif
