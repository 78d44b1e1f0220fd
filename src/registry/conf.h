/* SPDX-License-Identifier: Apache-2.0 */
/* The configuration file (config.c). Not installed. */
#ifndef JCA_REGISTRY_CONF_H
#define JCA_REGISTRY_CONF_H

#include <stddef.h>

#include "../util/mem.h"     /* JCA__HIDDEN */

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

#endif
