/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca enc / jca dec: the -out file (outfile.c).
 */
#ifndef JCA_OUTFILE_H
#define JCA_OUTFILE_H

#include <limits.h>

struct out_file {
	const char *name;       /* the file written: -out's path, or where its links lead */
	int fd;                 /* written to */
	int direct;             /* a device, FIFO or socket: written into, not replaced */
	int secret;             /* set after out_open: a private key or secret, the
	                         * file gets mode 0600 whatever it replaces */
	char target[PATH_MAX];
};

/* Opens -out path for writing: follows symbolic links one by one (each
 * under the kernel's protected_symlinks rule); opens a device, FIFO or
 * socket directly, else an unnamed temporary file beside the target,
 * removed on SIGINT, SIGTERM, SIGHUP and SIGPIPE where it has a name.
 * 0, or -1 after printing why. */
int out_open(const char *cmd, const char *path, struct out_file *of);
/* After success: the temporary file gets the replaced file's mode (0600
 * when of->secret; the owner too, as root) and is renamed over it; a
 * direct file is closed. 0, or
 * -1 after printing why (no output file is left then). */
int out_commit(struct out_file *of);
/* After failure: closes, and removes the temporary file. */
void out_abort(struct out_file *of);

#endif
