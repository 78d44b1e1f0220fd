/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Plugin loading: trust checks, dlopen of the checked file, the entry call
 * with the host table. Validation of the returned descriptor is the
 * registry's job (validate.c), the same for plugins and for providers added
 * through the API.
 *
 * The file that runs is the file that was checked, for any number of
 * plugins (see <jca/plugin.h>): the file is opened once, without blocking,
 * the open descriptor is checked, and the dynamic loader maps that very
 * descriptor through /proc/self/fd/N. The loader knows an object by the
 * name it was opened with, so a /proc/self/fd/N name once given to it is
 * never given again: the descriptor is moved to a number never used
 * before (the numbers are retired for the life of the process), and the
 * second plugin cannot be mistaken for the first.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "jca/plugin.h"
#include "plugin.h"
#include "conf.h"
#include "error.h"
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

/* Descriptor numbers given to the dynamic loader: never reused. */
static pthread_mutex_t fd_lock = PTHREAD_MUTEX_INITIALIZER;
static int *used_fds;
static size_t n_used, cap_used;
static int max_used = -1;

static int fd_used(int fd)
{
	size_t i;

	for (i = 0; i < n_used; i++)
		if (used_fds[i] == fd)
			return 1;
	return 0;
}

/* Returns fd, or a duplicate of it (fd closed) on a number never given to
 * the loader; -1 if none can be had. Called with fd_lock held. */
static int fresh_fd(int fd)
{
	int nfd;

	if (!fd_used(fd))
		return fd;
	nfd = fcntl(fd, F_DUPFD_CLOEXEC, max_used + 1);
	close(fd);
	return nfd;
}

static int retire_fd(int fd)
{
	if (n_used == cap_used) {
		size_t cap = cap_used ? 2 * cap_used : 16;
		int *n = realloc(used_fds, cap * sizeof *n);

		if (!n)
			return -1;
		used_fds = n;
		cap_used = cap;
	}
	used_fds[n_used++] = fd;
	if (fd > max_used)
		max_used = fd;
	return 0;
}

/* Owned by root or by us. */
static int safe_owner(const struct stat *st)
{
	return st->st_uid == 0 || st->st_uid == geteuid();
}

/* Every directory from the file's up to / must be owned by root or by us
 * and not writable by group or others, unless sticky (like /tmp): else
 * someone else could replace the file or a directory on its path. */
static int check_ancestors(const char *path, const char *real)
{
	char dir[PATH_MAX];
	struct stat st;
	char *slash;

	snprintf(dir, sizeof dir, "%s", real);
	for (;;) {
		slash = strrchr(dir, '/');
		if (!slash)
			return 0;
		if (slash == dir)
			slash[1] = 0;
		else
			*slash = 0;
		if (stat(dir, &st) != 0)
			return jca__error(JCA_PLUGIN, "plugin %s: cannot check directory %s: %s", path, dir, strerror(errno));
		if (!safe_owner(&st))
			return jca__error(JCA_PLUGIN, "plugin %s: refused, directory %s is owned by uid %u (must be root or "
			                  "the current user)", path, dir, (unsigned)st.st_uid);
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
			return jca__error(JCA_PLUGIN, "plugin %s: refused, directory %s is writable by group or others", path,
			                  dir);
		if (slash == dir)
			return 0;
	}
}

/* Opens the plugin file and checks the open descriptor. Returns the
 * descriptor, or -1 with the reason set. */
static int open_trusted(const char *path, struct stat *st)
{
	char real[PATH_MAX];
	int fd;

	if (path[0] != '/')
		return jca__error(JCA_PLUGIN, "plugin %s: refused, a plugin path must be absolute", path), -1;
	if (!realpath(path, real))
		return jca__error(JCA_PLUGIN, "plugin %s: %s", path, strerror(errno)), -1;
	/* O_NONBLOCK: a FIFO must not hang the caller (who may hold the
	 * registry lock); it is refused as not a regular file below. */
	fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return jca__error(JCA_PLUGIN, "plugin %s: %s", path, strerror(errno)), -1;
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, not a regular file", path), -1;
	}
	if (!safe_owner(st)) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, owned by uid %u (must be root or the current user)",
		                  path, (unsigned)st->st_uid), -1;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, writable by group or others", path), -1;
	}
	if (check_ancestors(path, real) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* dlerror() names /proc/self/fd/N; say the plugin's path instead. */
static void load_error(const char *path, const char *fdpath)
{
	const char *e = dlerror(), *at;
	size_t n = strlen(fdpath);

	if (!e)
		e = "unknown error";
	at = strstr(e, fdpath);
	if (at && at[n] == ':' && at[n + 1] == ' ')
		e = at + n + 2;
	jca__error(JCA_PLUGIN, "plugin %s: cannot load: %s", path, e);
}

int jca__plugin_open(const char *path, const char *name, const jca__config *config, jca__file_id *id,
                     const char *(*loaded_from)(const jca__file_id *), const jca_provider_desc **desc, void **handle)
{
	const jca_host_api host = {
		.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_host_api),
		.host_version = JCA_VERSION_STRING, .set_error = host_set_error, .random = jca__os_random,
		.provider_name = name, .get_config = host_get_config,
	};
	jca_plugin_entry_fn *entry;
	char fdpath[64];
	struct stat st;
	const char *other;
	void *h;
	int fd, rc;

	*desc = NULL;
	*handle = NULL;
	if ((fd = open_trusted(path, &st)) < 0)
		return jca_last_error();
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	if (loaded_from && (other = loaded_from(id)) != NULL) {
		close(fd);
		return jca__error(JCA_EXISTS, "plugin %s: refused, the same file as %s, already loaded", path, other);
	}
	pthread_mutex_lock(&fd_lock);
	fd = fresh_fd(fd);
	if (fd < 0) {
		pthread_mutex_unlock(&fd_lock);
		return jca__error(JCA_PLUGIN, "plugin %s: no file descriptor left to load it with", path);
	}
	snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
	if (access(fdpath, F_OK) != 0) {
		pthread_mutex_unlock(&fd_lock);
		close(fd);
		return jca__error(JCA_PLUGIN, "plugin %s: refused, /proc is not mounted, so the checked file cannot be "
		                  "loaded by its descriptor", path);
	}
	dlerror();
	h = dlopen(fdpath, RTLD_NOW | RTLD_LOCAL);
	/* The name is the loader's now, whatever happens next (an object
	 * may stay mapped even after dlclose). */
	if (h && retire_fd(fd) != 0) {
		pthread_mutex_unlock(&fd_lock);
		close(fd);
		return jca__error(JCA_ENOMEM, "plugin %s: out of memory", path);
	}
	if (!h)
		load_error(path, fdpath);
	pthread_mutex_unlock(&fd_lock);
	close(fd);
	if (!h)
		return jca_last_error();
	*(void **)&entry = dlsym(h, JCA_PLUGIN_ENTRY_NAME);
	if (!entry) {
		dlclose(h);
		return jca__error(JCA_PLUGIN, "plugin %s: no entry symbol %s", path, JCA_PLUGIN_ENTRY_NAME);
	}
	jca__impl_reason();           /* clear */
	loading_config = config;
	loading_name = name;
	rc = entry(&host, desc);
	loading_config = NULL;
	loading_name = NULL;
	if (rc != 0) {
		dlclose(h);
		*desc = NULL;
		return jca__error(JCA_PLUGIN, "plugin %s: initialisation failed (%d)%s", path, rc, jca__impl_reason());
	}
	if (!*desc) {
		dlclose(h);
		return jca__error(JCA_BADDESC, "plugin %s: entry returned no descriptor", path);
	}
	*handle = h;
	return 0;
}
