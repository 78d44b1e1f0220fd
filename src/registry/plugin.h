/* SPDX-License-Identifier: Apache-2.0 */
/* Opening plugin files (plugin.c). Not installed. */
#ifndef JCA_REGISTRY_PLUGIN_H
#define JCA_REGISTRY_PLUGIN_H

#include <sys/types.h>

#include "jca/plugin.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* Which file a plugin was loaded from. */
typedef struct jca__file_id {
	dev_t dev;
	ino_t ino;
} jca__file_id;

struct stat;
/* Opens path (absolute) without blocking and checks the open file under
 * the trust rules of <jca/plugin.h> (a regular file, owned by root or us,
 * not writable by group or others, nor any directory above it unless
 * sticky). The descriptor with *st, or -1 with the reason in why. */
JCA__HIDDEN int jca__trust_open(const char *path, struct stat *st, char *why, size_t n);
/* Has the dynamic loader map the file open on fd (checked by
 * jca__trust_open: st) through /proc/self/fd/N, and closes fd. The handle
 * (RTLD_NOW | RTLD_LOCAL), or NULL with *code (JCA_PLUGIN, JCA_ENOMEM)
 * and why ("cannot load: ...", naming the ELF machine and class the file
 * was built for when they are not this process's). */
JCA__HIDDEN void *jca__trust_dlopen(int fd, const struct stat *st, int *code, char *why, size_t n);
/* Keeps the loader's lock sane across fork(); registered before the
 * registry's own handler (load.c), so that the locks are taken in the
 * same order as loading takes them. */
JCA__HIDDEN void jca__trust_atfork_register(void);

/* The providers linked into libjca (the built-in one), each by the name
 * the configuration lists it under ("builtin"), ending with { NULL, NULL }:
 * entered at initialisation through the same path as a plugin. The
 * library's wiring defines the list (src/linked.c), as the engines' layer
 * defines the list of types (types.h): the registry names no provider. */
typedef struct jca__linked_provider {
	const char *name;
	jca_plugin_entry_fn *entry;
} jca__linked_provider;
JCA__HIDDEN extern const jca__linked_provider jca__linked_providers[];

/* Calls an entry (a plugin's, or a static one linked into libjca) with the
 * host table of `name` (the name the configuration lists the provider
 * under, NULL when loaded by path: the entry sees it in
 * host->provider_name, and host->get_config(key) answers from the
 * jca.provider.<name>.<key> lines of config). 0 with *desc (not yet
 * validated) and *provctx, or a status with the reason set naming `who`
 * (an entry that returns 0 without a descriptor leaks any context it
 * made: there is no teardown to call). */
struct jca__config;
JCA__HIDDEN int jca__plugin_enter(jca_plugin_entry_fn *entry, const char *who, const char *name,
                                  const struct jca__config *config, const jca_provider_desc **desc,
                                  void **provctx);
/* Opens a plugin file: trust checks on the open descriptor and every
 * directory above it, the same-file check (loaded_from returns the source
 * of a registered provider loaded from that file, or NULL), dlopen of that
 * descriptor, the entry call (jca__plugin_enter). On success *desc,
 * *provctx, *handle (the dlopen handle) and *id (the file); else a status
 * with the reason set. loaded_from may be NULL (a plugin file configured
 * to serve several providers). */
JCA__HIDDEN int jca__plugin_open(const char *path, const char *name, const struct jca__config *config,
                                 jca__file_id *id, const char *(*loaded_from)(const jca__file_id *),
                                 const jca_provider_desc **desc, void **provctx, void **handle);

#endif
