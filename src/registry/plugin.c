/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Plugin loading: the host table, the trust checks and the load by
 * descriptor (trust.c), the entry call. Validation of the returned
 * descriptor is the registry's job (validate.c), the same for plugins and
 * for providers added through the API.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "jca/plugin.h"
#include "plugin.h"
#include "conf.h"
#include "../util/error.h"
#include "../util/osrandom.h"

static void host_set_error(const char *message)
{
	jca__set_impl_reason(message);
}

/* The provider being loaded, for get_config (set around the entry call,
 * which runs under the registry lock). */
static _Thread_local const jca__config *loading_config;
static _Thread_local const char *loading_name;

static const char *host_get_config(const char *key)
{
	return jca__config_get(loading_config, loading_name, key);
}

/* Loads a library a plugin needs (ABI 2.5, see <jca/plugin.h>). */
static void *host_load_library(const char *path, char *why, size_t why_size)
{
	char own[JCA__MSG_MAX];
	struct stat st;
	int fd, code;

	if (!why || !why_size) {
		why = own;
		why_size = sizeof own;
	}
	if (!path)
		return snprintf(why, why_size, "the path is NULL"), NULL;
	if ((fd = jca__trust_open(path, &st, why, why_size)) < 0)
		return NULL;
	return jca__trust_dlopen(fd, &st, &code, why, why_size);
}

/* The host tables: valid for the life of the process, so a plugin may
 * keep the pointer its entry received and call set_error, random and
 * load_library at any time (plugin.h). One for loads by path, one per
 * name the configuration lists a plugin under (provider_name points into
 * it); made under the registry lock, never freed. */
#define HOST_TABLE(name) { \
		.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_host_api), \
		.host_version = JCA_VERSION_STRING, .set_error = host_set_error, .random = jca__os_random, \
		.provider_name = (name), .get_config = host_get_config, .load_library = host_load_library, \
	}
static const jca_host_api unnamed_host = HOST_TABLE(NULL);
static struct named_host {
	struct named_host *next;
	jca_host_api api;
	char name[];
} *named_hosts;

static const jca_host_api *host_for(const char *name)
{
	struct named_host *h;
	size_t len;

	if (!name)
		return &unnamed_host;
	for (h = named_hosts; h; h = h->next)
		if (strcmp(h->name, name) == 0)
			return &h->api;
	len = strlen(name);
	h = malloc(sizeof *h + len + 1);
	if (!h)
		return NULL;
	memcpy(h->name, name, len + 1);
	h->api = (jca_host_api)HOST_TABLE(h->name);
	h->next = named_hosts;
	named_hosts = h;
	return &h->api;
}

int jca__plugin_enter(jca_plugin_entry_fn *entry, const char *who, const char *name, const jca__config *config,
                      const jca_provider_desc **desc, void **provctx)
{
	const jca_host_api *host = host_for(name);
	int rc;

	*desc = NULL;
	*provctx = NULL;
	if (!host)
		return jca__error(JCA_ENOMEM, "%s: out of memory", who);
	jca__impl_reason();           /* clear */
	loading_config = config;
	loading_name = name;
	rc = entry(host, desc, provctx);
	loading_config = NULL;
	loading_name = NULL;
	if (rc != 0) {
		/* a refusing entry keeps no context: it frees what it made */
		*desc = NULL;
		*provctx = NULL;
		return jca__error(JCA_PLUGIN, "%s: initialisation failed (%d)%s", who, rc, jca__impl_reason());
	}
	if (!*desc)
		return jca__error(JCA_BADDESC, "%s: entry returned no descriptor", who);
	return 0;
}

int jca__plugin_open(const char *path, const char *name, const jca__config *config, jca__file_id *id,
                     const char *(*loaded_from)(const jca__file_id *), const jca_provider_desc **desc,
                     void **provctx, void **handle)
{
	jca_plugin_entry_fn *entry;
	char why[JCA__MSG_MAX], who[PATH_MAX + 16];
	struct stat st;
	const char *other;
	void *h;
	int fd, rc;

	*desc = NULL;
	*provctx = NULL;
	*handle = NULL;
	if ((fd = jca__trust_open(path, &st, why, sizeof why)) < 0)
		return jca__error(JCA_PLUGIN, "plugin %s: %s", path, why);
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	if (loaded_from && (other = loaded_from(id)) != NULL) {
		close(fd);
		return jca__error(JCA_EXISTS, "plugin refused, the same file as %s, already loaded: %s", other, path);
	}
	if (!(h = jca__trust_dlopen(fd, &st, &rc, why, sizeof why)))
		return jca__error(rc, "plugin %s: %s", path, why);
	*(void **)&entry = dlsym(h, JCA_PLUGIN_ENTRY_NAME);
	if (!entry) {
		/* ABI 2's entry had two arguments and another name: never call it */
		int old = dlsym(h, "jca_plugin_entry") != NULL;

		dlclose(h);
		if (old)
			return jca__error(JCA_ABI, "plugin %s: built for ABI 2 (it exports jca_plugin_entry); this libjca "
			                  "has ABI %u.%u: rebuild the plugin against its headers (entry %s)", path,
			                  (unsigned)JCA_ABI_MAJOR, (unsigned)JCA_ABI_MINOR, JCA_PLUGIN_ENTRY_NAME);
		return jca__error(JCA_PLUGIN, "plugin %s: no entry symbol %s", path, JCA_PLUGIN_ENTRY_NAME);
	}
	snprintf(who, sizeof who, "plugin %s", path);
	if ((rc = jca__plugin_enter(entry, who, name, config, desc, provctx)) != 0) {
		dlclose(h);
		return rc;
	}
	*handle = h;
	return 0;
}
