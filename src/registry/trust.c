/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Code the process runs from outside: the trust checks and the load by
 * descriptor, the same for plugins (plugin.c) and for the libraries a
 * plugin loads through the host table (host->load_library: a PKCS#11
 * module). See <jca/plugin.h>, "Trust".
 *
 * The file that runs is the file that was checked: it is opened once,
 * without blocking, the open descriptor is checked (fstat), and the
 * dynamic loader maps that very descriptor through /proc/self/fd/N; there
 * is no second lookup by path.
 *
 * Names. The loader knows an object by the name it was opened with (and
 * by the names later opens of the same file added to it): dlopen() of a
 * name it knows returns that object without opening anything. So the name
 * /proc/self/fd/N, once given to the loader for file F, is only given
 * again for F (the same device and inode: the loader would return F's
 * object for F anyway). A descriptor that lands on a number given for
 * another file moves up to the lowest free number that is new or was
 * given for the same file. The numbers in use stay few (about one per
 * file loaded) however many times the same files are loaded: the
 * process's descriptor limit is never used up by loading.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "plugin.h"

/* ---- trust checks ---- */

/* Owned by root or by us. */
static int safe_owner(const struct stat *st)
{
	return st->st_uid == 0 || st->st_uid == geteuid();
}

/* Every directory from the file's up to / must be owned by root or by us
 * and not writable by group or others, unless sticky (like /tmp): else
 * someone else could replace the file or a directory on its path. */
static int check_ancestors(const char *real, char *why, size_t n)
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
			return snprintf(why, n, "cannot check directory %s: %s", dir, strerror(errno)), -1;
		if (!safe_owner(&st))
			return snprintf(why, n, "refused, directory %s is owned by uid %u (must be root or the current "
			                "user)", dir, (unsigned)st.st_uid), -1;
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
			return snprintf(why, n, "refused, directory %s is writable by group or others", dir), -1;
		if (slash == dir)
			return 0;
	}
}

int jca__trust_open(const char *path, struct stat *st, char *why, size_t n)
{
	char real[PATH_MAX];
	int fd;

	if (path[0] != '/')
		return snprintf(why, n, "refused, the path is relative (it must be absolute)"), -1;
	if (!realpath(path, real))
		return snprintf(why, n, "%s", strerror(errno)), -1;
	/* O_NONBLOCK: a FIFO must not hang the caller (who may hold the
	 * registry lock); it is refused as not a regular file below. */
	fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return snprintf(why, n, "%s", strerror(errno)), -1;
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode))
		snprintf(why, n, "refused, not a regular file");
	else if (!safe_owner(st))
		snprintf(why, n, "refused, owned by uid %u (must be root or the current user)", (unsigned)st->st_uid);
	else if (st->st_mode & (S_IWGRP | S_IWOTH))
		snprintf(why, n, "refused, writable by group or others");
	else if (check_ancestors(real, why, n) == 0)
		return fd;
	close(fd);
	return -1;
}

/* ---- the ELF header: what a file that does not load was built for ---- */

#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__i386__)
#define HOST_MACHINE EM_386
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#elif defined(__arm__)
#define HOST_MACHINE EM_ARM
#elif defined(__riscv)
#define HOST_MACHINE EM_RISCV
#elif defined(__powerpc64__)
#define HOST_MACHINE EM_PPC64
#elif defined(__powerpc__)
#define HOST_MACHINE EM_PPC
#elif defined(__s390__)
#define HOST_MACHINE EM_S390
#elif defined(__mips__)
#define HOST_MACHINE EM_MIPS
#elif defined(__loongarch__)
#define HOST_MACHINE 258          /* EM_LOONGARCH */
#else
#define HOST_MACHINE 0            /* unknown: only the class is compared */
#endif
#define HOST_CLASS (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)
#define HOST_DATA (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB)

static const char *machine_name(unsigned m)
{
	switch (m) {
	case EM_386: return "x86 (i386)";
	case EM_X86_64: return "x86-64";
	case EM_ARM: return "ARM";
	case EM_AARCH64: return "AArch64";
	case EM_RISCV: return "RISC-V";
	case EM_PPC: return "PowerPC";
	case EM_PPC64: return "PowerPC64";
	case EM_S390: return "IBM S/390";
	case EM_MIPS: return "MIPS";
	case EM_SPARCV9: return "SPARC V9";
	case EM_IA_64: return "IA-64";
	case 258: return "LoongArch";
	}
	return "an unknown machine";
}

static void describe(char *out, size_t n, unsigned cls, unsigned data, unsigned machine)
{
	snprintf(out, n, "%s (ELF machine %u, %s, %s)", machine_name(machine), machine,
	         cls == ELFCLASS64 ? "ELFCLASS64" : cls == ELFCLASS32 ? "ELFCLASS32" : "unknown ELF class",
	         data == ELFDATA2LSB ? "little-endian" : data == ELFDATA2MSB ? "big-endian" : "unknown byte order");
}

/* If the file on fd is ELF for another class, byte order or machine than
 * this process, says so in why (naming both) and returns 1; else 0. */
static int wrong_elf(int fd, char *why, size_t n)
{
	unsigned char h[EI_NIDENT + 4];
	char file[96], proc[96];
	unsigned machine, cls, data;
	const char *what;

	if (pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h || memcmp(h, ELFMAG, SELFMAG) != 0)
		return 0;
	cls = h[EI_CLASS];
	data = h[EI_DATA];
	/* e_machine follows e_type, in the file's byte order */
	machine = data == ELFDATA2MSB ? (unsigned)h[EI_NIDENT + 2] << 8 | h[EI_NIDENT + 3]
	                              : (unsigned)h[EI_NIDENT + 3] << 8 | h[EI_NIDENT + 2];
	if (HOST_MACHINE && machine != HOST_MACHINE)
		what = cls != HOST_CLASS ? "wrong ELF machine and class" : "wrong ELF machine";
	else if (cls != HOST_CLASS)
		what = "wrong ELF class";
	else if (data != HOST_DATA)
		what = "wrong ELF byte order";
	else
		return 0;
	describe(file, sizeof file, cls, data, machine);
	describe(proc, sizeof proc, HOST_CLASS, HOST_DATA, HOST_MACHINE);
	snprintf(why, n, "cannot load: %s: the file is built for %s, this process runs %s", what, file, proc);
	return 1;
}

/* ---- loading a checked descriptor ---- */

/* The /proc/self/fd numbers given to the loader, with the file each was
 * given for. Re-entrant within a thread (a library's constructor may load
 * another through a host table it kept): the depth is per thread, the
 * mutex a plain one. fork() takes it in the forking thread and releases it
 * there in parent and child alike, so no reinitialisation is needed (a
 * recursive mutex would record an owner the child no longer is). */
static pthread_mutex_t fd_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local unsigned fd_depth;
static struct given {
	int fd;
	dev_t dev;
	ino_t ino;
} *given;
static size_t n_given, cap_given;

static void fd_lock_take(void)
{
	if (fd_depth++ == 0)
		pthread_mutex_lock(&fd_lock);
}

static void fd_lock_give(void)
{
	if (--fd_depth == 0)
		pthread_mutex_unlock(&fd_lock);
}

void jca__trust_atfork_register(void)
{
	pthread_atfork(fd_lock_take, fd_lock_give, fd_lock_give);
}

/* May the loader be handed /proc/self/fd/fd for file st? (fd_lock held) */
static int name_fits(int fd, const struct stat *st)
{
	size_t i;

	for (i = 0; i < n_given; i++)
		if (given[i].fd == fd)
			return given[i].dev == st->st_dev && given[i].ino == st->st_ino;
	return 1;
}

static int name_given(int fd, const struct stat *st)
{
	size_t i;

	for (i = 0; i < n_given; i++)
		if (given[i].fd == fd)
			return 0;            /* the same file, as name_fits said */
	if (n_given == cap_given) {
		size_t cap = cap_given ? 2 * cap_given : 16;
		struct given *g = realloc(given, cap * sizeof *g);

		if (!g)
			return -1;
		given = g;
		cap_given = cap;
	}
	given[n_given++] = (struct given){ fd, st->st_dev, st->st_ino };
	return 0;
}

/* fd, or a duplicate of it (fd closed) whose name fits file st: the lowest
 * free number at or above fd that is new or was given for st. -1 if the
 * process has no descriptor left. (fd_lock held) */
static int fitting_fd(int fd, const struct stat *st)
{
	int cur = fd;

	while (!name_fits(cur, st)) {
		int next = fcntl(fd, F_DUPFD_CLOEXEC, cur + 1);

		if (cur != fd)
			close(cur);
		if (next < 0) {
			close(fd);
			return -1;
		}
		cur = next;
	}
	if (cur != fd)
		close(fd);
	return cur;
}

/* dlerror() names /proc/self/fd/N: keep what follows it. */
static void load_error(const char *fdpath, char *why, size_t n)
{
	const char *e = dlerror(), *at;
	size_t len = strlen(fdpath);

	if (!e)
		e = "unknown error";
	at = strstr(e, fdpath);
	if (at && at[len] == ':' && at[len + 1] == ' ')
		e = at + len + 2;
	snprintf(why, n, "cannot load: %s", e);
}

void *jca__trust_dlopen(int fd, const struct stat *st, int *code, char *why, size_t n)
{
	char fdpath[64];
	void *h;

	*code = JCA_PLUGIN;
	fd_lock_take();
	fd = fitting_fd(fd, st);
	if (fd < 0) {
		fd_lock_give();
		snprintf(why, n, "no file descriptor left to load it with");
		return NULL;
	}
	snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
	if (access(fdpath, F_OK) != 0) {
		fd_lock_give();
		close(fd);
		snprintf(why, n, "refused, /proc is not mounted, so the checked file cannot be loaded by its "
		         "descriptor");
		return NULL;
	}
	dlerror();
	h = dlopen(fdpath, RTLD_NOW | RTLD_LOCAL);
	if (!h && !wrong_elf(fd, why, n))
		load_error(fdpath, why, n);
	/* The name is the loader's now, whatever happened (an object may
	 * stay mapped after a failure or a dlclose). */
	if (name_given(fd, st) != 0) {
		/* Cannot remember it: the descriptor stays open, so that its
		 * number (the name) is never handed out again. */
		fd_lock_give();
		if (h)
			dlclose(h);
		*code = JCA_ENOMEM;
		snprintf(why, n, "out of memory");
		return NULL;
	}
	fd_lock_give();
	close(fd);
	return h;
}
