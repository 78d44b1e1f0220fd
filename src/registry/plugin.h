/* SPDX-License-Identifier: Apache-2.0 */
/* Opening plugin files (plugin.c). Not installed. */
#ifndef JCA_REGISTRY_PLUGIN_H
#define JCA_REGISTRY_PLUGIN_H

#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* ---- plugins (plugin.c) ---- */
/* Opens a plugin file (trust checks, dlopen, entry call). On success
 * *desc is the plugin's (not yet validated) descriptor and *handle the
 * dlopen handle; else a status with the reason set. */
JCA__HIDDEN int jca__plugin_open(const char *path, const jca_provider_desc **desc, void **handle);
/* The same, for a provider listed in the configuration as `name`: the
 * entry sees it in host->provider_name, and host->get_config(key) answers
 * from the jca.provider.<name>.<key> lines of config. */
struct jca__config;
JCA__HIDDEN int jca__plugin_open_configured(const char *path, const char *name, const struct jca__config *config,
                                            const jca_provider_desc **desc, void **handle);

#endif
