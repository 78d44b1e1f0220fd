/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Registry internals shared by src/registry and the engine classes in
 * src/api. Not installed.
 */
#ifndef JCA_REGISTRY_INTERNAL_H
#define JCA_REGISTRY_INTERNAL_H

#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <pthread.h>

#include "jca.h"
#include "jca/provider.h"
#include "../algs/algs.h"

/* ---- errors (error.c) ---- */
/* Sets the calling thread's last error; returns code. */
JCA__HIDDEN int jca__error(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- providers and services ---- */
enum { JCA__MODE_ECB = 1, JCA__MODE_CBC = 2 };
enum { JCA__PAD_NONE = 1, JCA__PAD_PKCS5 = 2 };

struct jca_service {
	jca_service_type type;
	const char *algorithm;
	const char **aliases;            /* NULL-terminated, owned array */
	const jca_attr *attrs;           /* provider's attributes, may be NULL */
	const jca_md_impl *const *md_impls;
	const jca_cipher_impl *const *cipher_impls;
	const jca_random_impl *const *random_impls;
	const jca_kdf_impl *const *kdf_impls;
	const void *active;              /* the cached constructor: bound implementation */
	const char *impl_name;           /* active implementation's name */
	const struct jca_service *digest;/* JCA_MAC: the digest it is composed over */
	struct jca_provider *provider;
	char *owned;                     /* strings owned by a composed service */
};

struct jca_provider {
	const char *name, *version, *description;
	const jca_provider_desc *desc;
	struct jca_service **services;   /* declared services then composed HMACs */
	size_t n_services;
	char *conf_name;                 /* name in the configuration (owned), or NULL */
	char *source;                    /* "built in", plugin path, ... (owned) */
	_Atomic int state;               /* jca_provider_state_t */
	char reason[256];                /* why loading failed */
	void *dl;                        /* dlopen handle; never closed */
	struct jca_provider *all_next;   /* every provider ever made, for teardown */
};

/* A name in a lookup table: (type, folded name) -> service + cached impl. */
typedef struct jca__entry jca__entry;

/* Resolved lookup result used by the engines. */
typedef struct jca__resolved {
	const struct jca_service *svc;
	const void *impl;
	const char *canon;        /* canonical name ("AES/CBC/PKCS5Padding") */
	uint8_t mode, padding, keylen;
} jca__resolved;

/* Fast path: look up (type, name) in the current snapshot, optionally in one
 * provider. On failure sets the last error and returns NULL. */
JCA__HIDDEN const jca__resolved *jca__lookup(jca_service_type type, const char *name,
                                             const char *provider);

/* ASCII case-insensitive equality of two names. */
JCA__HIDDEN int jca__name_eq(const char *a, const char *b);

/* ---- configuration (config.c) ---- */
typedef struct jca__conf_provider {
	int index;                 /* N of security.provider.N */
	int line;
	char *name;                /* "builtin", a plugin name or a path */
} jca__conf_provider;
typedef struct jca__pref {
	int type;                  /* 0: any type */
	char *alg, *provider;
} jca__pref;
typedef struct jca__disabled {
	int type;                  /* 0: any type */
	char *alg;
} jca__disabled;
typedef struct jca__config {
	char source[1024];         /* file name, or "(built-in default)" */
	jca__conf_provider *provs; /* sorted by index */
	size_t nprov;
	char *plugin_dir;
	jca__pref *prefs;
	size_t npref;
	jca__disabled *disabled;
	size_t ndisabled;
} jca__config;
JCA__HIDDEN int jca__config_parse(const char *text, const char *file, jca__config **out);
JCA__HIDDEN int jca__config_load(jca__config **out);
JCA__HIDDEN void jca__config_free(jca__config *c);

/* ---- plugins (plugin.c) ---- */
/* Opens a plugin file (trust checks, dlopen, entry call). On success
 * *desc is the plugin's (not yet validated) descriptor and *handle the
 * dlopen handle; else a status with the reason set. */
JCA__HIDDEN int jca__plugin_open(const char *path, const jca_provider_desc **desc, void **handle);

/* ---- built-in provider (src/providers) ---- */
JCA__HIDDEN const jca_provider_desc *jca__builtin_provider(void);

/* ---- instance memory (src/api/alloc.c) ---- */
/* One block per instance; freed blocks are wiped and recycled per thread. */
JCA__HIDDEN void *jca__alloc(size_t size);
JCA__HIDDEN void jca__free(void *p, size_t size);
/* Frees the calling thread's cached blocks. */
JCA__HIDDEN void jca__alloc_drain(void);

/* ---- Mac instances for other engines (src/api/mac.c) ---- */
JCA__HIDDEN mac_ctx *jca__mac_new(const jca__resolved *r);

/* ---- wiping ---- */
JCA__HIDDEN void jca__wipe(void *p, size_t n);

#endif
