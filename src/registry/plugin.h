/* SPDX-License-Identifier: Apache-2.0 */
/* Opening plugin files (plugin.c). Not installed. */
#ifndef JCA_REGISTRY_PLUGIN_H
#define JCA_REGISTRY_PLUGIN_H

#include <sys/types.h>

#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* Which file a plugin was loaded from. */
typedef struct jca__file_id {
	dev_t dev;
	ino_t ino;
} jca__file_id;

/* Opens a plugin file: trust checks on the open descriptor and every
 * directory above it, the same-file check (loaded_from returns the source
 * of a registered provider loaded from that file, or NULL), dlopen of that
 * descriptor, the entry call. On success *desc is the plugin's (not yet
 * validated) descriptor, *handle the dlopen handle and *id the file; else
 * a status with the reason set. name: the name the configuration lists
 * the provider under (NULL when loaded by path): the entry sees it in
 * host->provider_name, and host->get_config(key) answers from the
 * jca.provider.<name>.<key> lines of config. loaded_from may be NULL (a
 * plugin file configured to serve several providers). */
struct jca__config;
JCA__HIDDEN int jca__plugin_open(const char *path, const char *name, const struct jca__config *config,
                                 jca__file_id *id, const char *(*loaded_from)(const jca__file_id *),
                                 const jca_provider_desc **desc, void **handle);

#endif
