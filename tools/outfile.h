/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The -out file of the jca commands (outfile.c).
 */
#ifndef JCA_OUTFILE_H
#define JCA_OUTFILE_H

#include <limits.h>

/* The mode a file -out writes gets: as the file it replaces (its
 * permission bits), else 0666 less the umask. */
#define OUT_MODE_KEEP (-1)

struct out_file {
	const char *cmd;        /* "genpkey", for messages */
	const char *name;       /* the file written: -out's path, or where its links lead */
	int fd;                 /* written to */
	int direct;             /* a device, FIFO or socket: written into, not replaced */
	int mode;               /* the new file's mode (0 to 0777), or OUT_MODE_KEEP */
	char target[PATH_MAX];
};

/* -outmode OCTAL: 0 to 0777 into *mode. 0, or -1 after printing why. */
int parse_out_mode(const char *cmd, const char *s, int *mode);
/* The mode for out_open: asked (-outmode's, -1 when not given), else 0600
 * for a secret (a private key, a shared secret, plaintext, random bytes),
 * else OUT_MODE_KEEP. */
int out_mode(int asked, int secret);

/* Opens -out path for writing: follows symbolic links one by one (each
 * under the kernel's protected_symlinks rule); refuses a file, FIFO or
 * socket that another user owns (naming the owner; nothing written);
 * opens a device, FIFO or socket directly, else an unnamed temporary file
 * (mode 0600 while written) beside the target, removed on SIGINT,
 * SIGTERM, SIGHUP and SIGPIPE where it has a name. mode: out_mode's.
 * 0, or -1 after printing why. */
int out_open(const char *cmd, const char *path, int mode, struct out_file *of);
/* After success: the temporary file gets its mode and is renamed over the
 * target, unless another user's file has taken the target's place since
 * out_open (refused); it is never given to another user. A direct file is
 * closed. 0, or -1 after printing why (no output file is left then). */
int out_commit(struct out_file *of);
/* After failure: closes, and removes the temporary file. */
void out_abort(struct out_file *of);

#endif
