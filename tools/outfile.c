/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The -out file of every jca command. A regular file is replaced
 * atomically by a temporary file renamed over it; a device, FIFO or socket
 * is written into; symbolic links are followed one by one under the
 * kernel's protected_symlinks rule. A file of another user is never
 * written or replaced, and the new file is never given away (issue 33).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

/* ---- the temporary file ----
 * Written to an unnamed file in the target's directory (O_TMPFILE), so
 * nothing is left behind whatever kills the process; at the end it gets a
 * name (linkat) and is renamed over the target. Where the filesystem has
 * no O_TMPFILE, a named temporary file (mkostemp) is used instead and
 * removed on error or on SIGINT, SIGTERM, SIGHUP and SIGPIPE. */

static char tmp_path[PATH_MAX];
static volatile sig_atomic_t tmp_live;   /* tmp_path names a file to remove */
static int tmp_anon;                     /* the fd is an O_TMPFILE file */

static void on_signal(int sig)
{
	if (tmp_live)
		unlink(tmp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], on_signal);
}

/* tmp_path = "DIR/.NAME.jca-SUFFIX" for path "DIR/NAME". */
static int temp_name(const char *path, const char *suffix)
{
	const char *slash = strrchr(path, '/');
	int dir_len = slash ? (int)(slash - path + 1) : 0;

	if (snprintf(tmp_path, sizeof tmp_path, "%.*s.%s.jca-%s", dir_len, path, slash ? slash + 1 : path,
	             suffix) >= (int)sizeof tmp_path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* Creates the temporary file next to path. Returns its fd or -1 (errno). */
static int open_temp(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd;

	if (slash)
		snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	else
		snprintf(dir, sizeof dir, ".");
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (fd >= 0) {
		tmp_anon = 1;
		return fd;
	}
#endif
	if (temp_name(path, "XXXXXX") != 0)
		return -1;
	fd = mkostemp(tmp_path, O_CLOEXEC);
	if (fd >= 0)
		tmp_live = 1;
	return fd;
}

static void drop_temp(int fd)
{
	if (fd >= 0)
		close(fd);
	if (tmp_live) {
		unlink(tmp_path);
		tmp_live = 0;
	}
}

/* Gives an O_TMPFILE file a name next to path (tmp_path). 0 or -1. */
static int name_temp(int fd, const char *path)
{
	char proc[64];
	unsigned i;

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	for (i = 0; i < 100; i++) {
		char suffix[32];

		snprintf(suffix, sizeof suffix, "%ld-%u", (long)getpid(), i);
		if (temp_name(path, suffix) != 0)
			return -1;
		if (linkat(AT_FDCWD, proc, AT_FDCWD, tmp_path, AT_SYMLINK_FOLLOW) == 0 ||
		    (errno == ENOENT && linkat(fd, "", AT_FDCWD, tmp_path, AT_EMPTY_PATH) == 0)) {
			tmp_live = 1;
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* ---- whose file ---- */

/* "NAME (uid N)", or "uid N" when the system has no name for it. */
static const char *user_name(uid_t uid, char *buf, size_t n)
{
	struct passwd pw, *found = NULL;
	char strings[1024];

	if (getpwuid_r(uid, &pw, strings, sizeof strings, &found) == 0 && found)
		snprintf(buf, n, "%s (uid %lu)", esc(found->pw_name), (unsigned long)uid);
	else
		snprintf(buf, n, "uid %lu", (unsigned long)uid);
	return buf;
}

/* A file jca writes is its user's own: -out never writes into, nor
 * replaces, a file, FIFO or socket of another user. Root could, and the
 * key or plaintext would go to that user: as the replaced file's owner,
 * or as whoever reads the FIFO. A device is written into whoever owns it
 * (only root can make one). 0 if path (lstat'ed into st) may be written;
 * -1 after printing why not. */
static int may_write(const char *cmd, const char *path, const struct stat *st)
{
	char owner[300], me[300];

	if (st->st_uid == geteuid() || S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		return 0;
	fprintf(stderr, "jca %s: %s belongs to %s, not to %s, who runs jca: not written (jca never writes "
	        "another user's file; remove it or choose another name)\n", cmd, quote_name(path),
	        user_name(st->st_uid, owner, sizeof owner), user_name(geteuid(), me, sizeof me));
	return -1;
}

/* ---- the temporary file, put in place ---- */

/* Gives the temporary file fd the group of the regular file it replaces
 * (lstat'ed into st when it exists) where the user may give it (a group
 * of theirs; never the owner), and returns its mode: of->mode when set;
 * else the replaced file's permission bits, without the group's when its
 * group could not be kept; else 0666 less the umask. */
static mode_t new_mode(const struct out_file *of, int fd, int exists, const struct stat *st)
{
	int replaces = exists && S_ISREG(st->st_mode);
	int same_group = replaces && fchown(fd, (uid_t)-1, st->st_gid) == 0;
	mode_t mask;

	if (of->mode >= 0)
		return (mode_t)of->mode;
	if (replaces)
		return st->st_mode & (same_group ? 0777 : 0707);
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

/* Gives the temporary file its mode (new_mode) and renames it into place.
 * What is at path now is checked again: it may have appeared since
 * out_open. 0, or -1 after printing the problem. */
static int commit_temp(const struct out_file *of, int fd)
{
	const char *path = of->name;
	struct stat st;
	int exists = lstat(path, &st) == 0;

	if (exists && may_write(of->cmd, path, &st) != 0) {
		drop_temp(fd);
		return -1;
	}
	if (fchmod(fd, new_mode(of, fd, exists, &st)) != 0 || fsync(fd) != 0 ||
	    (tmp_anon && name_temp(fd, path) != 0)) {
		file_error(path, errno);
		drop_temp(fd);
		return -1;
	}
	if (close(fd) != 0) {
		file_error(path, errno);
		drop_temp(-1);
		return -1;
	}
	if (rename(tmp_path, path) != 0) {
		file_error(path, errno);
		drop_temp(-1);
		return -1;
	}
	tmp_live = 0;
	return 0;
}

/* ---- symbolic links ---- */

/* The kernel's protected_symlinks rule (fs/namei.c), applied to the links
 * jca follows itself: a symbolic link in a sticky, world-writable
 * directory (/tmp) is followed only when the caller or the directory's
 * owner owns it. Otherwise anyone could plant a link there and have the
 * file it names replaced. 0 if the link at path (lstat'ed into lst) may be
 * followed; -1 after printing why not. */
static int may_follow(const char *cmd, const char *path, const struct stat *lst)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	struct stat dst;

	if (lst->st_uid == geteuid())
		return 0;
	if (slash)
		snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	else
		snprintf(dir, sizeof dir, ".");
	if (stat(dir, &dst) != 0) {
		file_error(dir, errno);
		return -1;
	}
	if (!(dst.st_mode & S_ISVTX) || !(dst.st_mode & S_IWOTH) || dst.st_uid == lst->st_uid)
		return 0;
	fprintf(stderr, "jca %s: %s: symbolic link not followed: it is in a sticky, world-writable directory "
	        "and owned by uid %lu, neither you nor the directory's owner (uid %lu), as the kernel's "
	        "protected_symlinks rule requires\n", cmd, quote_name(path), (unsigned long)lst->st_uid,
	        (unsigned long)dst.st_uid);
	return -1;
}

/* The file -out writes: path itself, or the file a symbolic link points
 * to (written through, the link kept, as openssl does), following a chain
 * of links one by one, each checked by may_follow. Links in the directory
 * part are left to the kernel, which checks them itself. NULL after
 * printing why (a dangling or refused link, a directory). */
static const char *out_target(const char *cmd, const char *path, char *buf)
{
	char dest[PATH_MAX];
	struct stat st;
	int hops = 0;

	if (snprintf(buf, PATH_MAX, "%s", path) >= PATH_MAX) {
		file_error(path, ENAMETOOLONG);
		return NULL;
	}
	while (lstat(buf, &st) == 0 && S_ISLNK(st.st_mode)) {
		const char *slash = strrchr(buf, '/');
		ssize_t n;
		int dir_len = slash ? (int)(slash - buf + 1) : 0;

		if (may_follow(cmd, buf, &st) != 0)
			return NULL;
		errno = ELOOP;
		if (++hops > 40 || (n = readlink(buf, dest, sizeof dest - 1)) < 0)
			goto unreachable;
		dest[n] = 0;
		if (dest[0] == '/')
			dir_len = 0;
		if (dir_len + (size_t)n >= PATH_MAX) {
			errno = ENAMETOOLONG;
			goto unreachable;
		}
		/* relative: from the link's directory */
		memcpy(buf + dir_len, dest, (size_t)n + 1);
	}
	if (hops && lstat(buf, &st) != 0)
		goto unreachable;
	if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode)) {
		file_error(buf, EISDIR);
		return NULL;
	}
	return buf;
unreachable:
	fprintf(stderr, "jca %s: %s: a symbolic link to a file that cannot be reached (%s): not followed\n", cmd,
	        quote_name(path), strerror(errno));
	return NULL;
}

/* Opens a device, FIFO or socket to write into. The file opened is the
 * one checked: not a link or a regular file put there since, nor another
 * user's. 0, or -1 after printing why. */
static int open_direct(struct out_file *of)
{
	struct stat st;

	of->fd = open(of->name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	if (of->fd < 0) {
		file_error(of->name, errno);
		return -1;
	}
	if (fstat(of->fd, &st) != 0)
		file_error(of->name, errno);
	else if (S_ISREG(st.st_mode))
		fprintf(stderr, "jca %s: %s: replaced while jca opened it: not written\n", of->cmd,
		        quote_name(of->name));
	else if (may_write(of->cmd, of->name, &st) == 0)
		return 0;
	close(of->fd);
	of->fd = -1;
	return -1;
}

/* ---- see outfile.h ---- */

int parse_out_mode(const char *cmd, const char *s, int *mode)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 8);
	if (!*s || *end || errno || v < 0 || v > 0777) {
		fprintf(stderr, "jca %s: -outmode: an octal mode from 0 to 777 (such as 600 or 640), not '%s'\n", cmd,
		        esc(s));
		return -1;
	}
	*mode = (int)v;
	return 0;
}

int out_mode(int asked, int secret)
{
	return asked >= 0 ? asked : secret ? 0600 : OUT_MODE_KEEP;
}

int out_open(const char *cmd, const char *path, int mode, struct out_file *of)
{
	struct stat st;
	int exists;

	memset(of, 0, sizeof *of);
	of->fd = -1;
	of->cmd = cmd;
	of->mode = mode;
	of->name = out_target(cmd, path, of->target);
	if (!of->name)
		return -1;
	exists = lstat(of->name, &st) == 0;
	if (exists && may_write(cmd, of->name, &st) != 0)
		return -1;
	/* a device, FIFO or socket is written straight into (as openssl enc
	 * -out does); only a regular file is replaced atomically */
	of->direct = exists && !S_ISREG(st.st_mode);
	if (of->direct)
		return open_direct(of);
	catch_signals();
	of->fd = open_temp(of->name);
	if (of->fd < 0) {
		file_error(of->name, errno);
		return -1;
	}
	return 0;
}

int out_commit(struct out_file *of)
{
	int fd = of->fd;

	of->fd = -1;
	if (!of->direct)
		return commit_temp(of, fd);
	if (close(fd) != 0) {
		file_error(of->name, errno);
		return -1;
	}
	return 0;
}

void out_abort(struct out_file *of)
{
	if (of->direct)
		close(of->fd);
	else
		drop_temp(of->fd);
	of->fd = -1;
}
