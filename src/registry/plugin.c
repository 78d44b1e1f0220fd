/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Plugin loading: trust checks, dlopen, the entry call with the host table.
 * Validation of the returned descriptor is the registry's job (validate.c),
 * the same for plugins and for providers added through the API.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "plugin.h"
#include "error.h"

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

/* Is this directory or file safe from other users? Owned by root or by us
 * and not writable by group or others - except a sticky directory (like
 * /tmp), where others cannot replace a file they do not own. */
static int safe_owner(const struct stat *st)
{
	return st->st_uid == 0 || st->st_uid == geteuid();
}

/* A plugin file must be a regular file owned by root or by us, writable by
 * nobody else, in a directory nobody else can write: otherwise anyone who
 * can change it can run code in every process that loads libjca. The file
 * is opened once and that descriptor is both checked and loaded, so it
 * cannot be swapped between the check and dlopen. Returns the descriptor,
 * or -1 with the reason set. */
static int open_trusted(const char *path, char *real, size_t real_size)
{
	char dir[PATH_MAX], *slash;
	struct stat st;
	int fd;

	if (!strchr(path, '/'))
		return jca__error(JCA_PLUGIN, "plugin %s: refused, a plugin is named by a path (with a '/'), "
		                  "never searched for", path), -1;
	if (!realpath(path, real))
		return jca__error(JCA_PLUGIN, "plugin %s: %s", path, strerror(errno)), -1;
	(void)real_size;
	fd = open(real, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return jca__error(JCA_PLUGIN, "plugin %s: %s", path, strerror(errno)), -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: not a regular file", path), -1;
	}
	if (!safe_owner(&st)) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, owned by uid %u (must be root or the current user)",
		                  path, (unsigned)st.st_uid), -1;
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, writable by group or others", path), -1;
	}
	snprintf(dir, sizeof dir, "%s", real);
	slash = strrchr(dir, '/');
	if (slash == dir)
		slash[1] = 0;
	else
		*slash = 0;
	if (stat(dir, &st) != 0 || !safe_owner(&st) ||
	    ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, its directory %s is writable by others", path, dir), -1;
	}
	return fd;
}

int jca__plugin_open(const char *path, const jca_provider_desc **desc, void **handle)
{
	jca_plugin_entry_fn *entry;
	void *h;
	int rc;

	char real[PATH_MAX], fdpath[64];
	int fd;

	*desc = NULL;
	*handle = NULL;
	if ((fd = open_trusted(path, real, sizeof real)) < 0)
		return jca_last_error();
	/* Load the very file that was checked, through its descriptor; where
	 * /proc is not mounted, fall back to the resolved path. */
	snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
	dlerror();
	h = access(fdpath, F_OK) == 0 ? dlopen(fdpath, RTLD_NOW | RTLD_LOCAL) : dlopen(real, RTLD_NOW | RTLD_LOCAL);
	close(fd);
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
