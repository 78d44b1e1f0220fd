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

#endif
