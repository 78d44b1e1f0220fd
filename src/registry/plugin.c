/*
 * Plugin loading: trust checks, dlopen, the entry call with the host table.
 * Validation of the returned descriptor is the registry's job (registry.c),
 * the same for plugins and for providers added through the API.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

static _Thread_local char plugin_error[256];

static void host_set_error(const char *message)
{
	snprintf(plugin_error, sizeof plugin_error, "%s", message ? message : "(no reason given)");
}

static int host_random(void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len) {
		ssize_t n = getrandom(p, len, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static const jca_host_api host = {
	JCA_ABI_VERSION, sizeof(jca_host_api), JCA_VERSION_STRING, host_set_error, host_random
};

/* A plugin file must be a regular file owned by root or by us, writable by
 * nobody else: otherwise anyone who can write it can run code in every
 * process that loads libjca. */
static int trusted(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return jca__error(JCA_PLUGIN, "plugin %s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return jca__error(JCA_PLUGIN, "plugin %s: not a regular file", path);
	if (st.st_uid != 0 && st.st_uid != geteuid())
		return jca__error(JCA_PLUGIN, "plugin %s: refused, owned by uid %u (must be root or the current user)",
		                  path, (unsigned)st.st_uid);
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return jca__error(JCA_PLUGIN, "plugin %s: refused, writable by group or others", path);
	return 0;
}

int jca__plugin_open(const char *path, const jca_provider_desc **desc, void **handle)
{
	jca_plugin_entry_fn *entry;
	void *h;
	int rc;

	*desc = NULL;
	*handle = NULL;
	if ((rc = trusted(path)) != 0)
		return rc;
	dlerror();
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return jca__error(JCA_PLUGIN, "plugin %s: cannot load: %s", path, dlerror());
	*(void **)&entry = dlsym(h, JCA_PLUGIN_ENTRY_NAME);
	if (!entry) {
		dlclose(h);
		return jca__error(JCA_PLUGIN, "plugin %s: no entry symbol %s", path, JCA_PLUGIN_ENTRY_NAME);
	}
	plugin_error[0] = 0;
	rc = entry(&host, desc);
	if (rc != 0) {
		dlclose(h);
		*desc = NULL;
		return jca__error(JCA_PLUGIN, "plugin %s: initialisation failed (%d)%s%s", path, rc,
		                  plugin_error[0] ? ": " : "", plugin_error);
	}
	if (!*desc) {
		dlclose(h);
		return jca__error(JCA_BADDESC, "plugin %s: entry returned no descriptor", path);
	}
	*handle = h;
	return 0;
}
