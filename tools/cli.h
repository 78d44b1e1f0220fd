/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca - the libjca command-line tool: declarations shared by its files.
 *
 *   jca.c     main, command dispatch, top-level help
 *   msg.c     messages, escaping of control bytes (esc, quote_name)
 *   opt.c     option parsing
 *   util.c    hex and number parsing, keys
 *   files.c   file input, full reads and writes
 *   progress.c  the progress bar, streaming an input with it
 *   json.c    JSON strings
 *   list.c    jca list
 *   dgst.c    jca dgst, jca mac (and their --check)
 *   enc.c     jca enc, jca dec
 *   enc_stream.c  their --stream (streaming AEAD, jca/stream.h)
 *   outfile.c the -out file of every command (outfile.h)
 *   speed.c   jca speed (on the threaded harness, harness.c)
 *   rand.c    jca rand
 *   kdf.c     jca kdf
 *   keyfile.c key files and outputs shared by the key commands
 *   pkey.c    jca genpkey, jca pkey
 *   sign.c    jca sign, jca verify, jca agree
 *   kem.c     jca encap, jca decap
 */
#ifndef JCA_CLI_H
#define JCA_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "jca.h"

#define EXIT_VERIFY 1      /* a verification failed */
#define EXIT_ERROR 2       /* usage or any other error */

/* Size of the fixed buffers data is streamed through. */
#define IO_CHUNK (128 * 1024)

/* ---- messages (msg.c) ---- */

/* "jca: <message>" on stderr. */
void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "jca: NAME: strerror(errnum)" on stderr. */
void file_error(const char *name, int errnum);
/* A file name as coreutils shows it in messages: as is when it holds only
 * harmless characters, else in single quotes, escaped (esc) when it holds
 * a control byte. Returns one of a few static buffers, valid until a few
 * more calls. */
const char *quote_name(const char *name);
/* Text from the command line, a file, a plugin or the library made safe
 * to print: printable ASCII as it is, every other byte as \xHH and a
 * backslash as \\ (with keep_backslash, a backslash is left alone, so that
 * text escaped already comes out unchanged). Long text is cut, ending in
 * "...". Returns one of four rotating static buffers: up to four results
 * live in one printf. esc(s) is esc_text(s, 0). */
const char *esc_text(const char *s, int keep_backslash);
#define esc(s) esc_text((s), 0)
/* jca_last_error_message(), its control bytes escaped (esc_text, keeping
 * backslashes: the library may have escaped it already). */
const char *last_error(void);
/* Whether s holds a control byte (below 0x20, or 0x7f). */
int has_control(const char *s);
/* The name to show for an input: "standard input" for "-". */
const char *input_label(const char *name);
/* Prints "Try 'jca CMD --help' for more information." */
void try_help(const char *cmd);

/* ---- options (opt.c) ----
 * Short options ("-a X", "-aX", clustered flags "-qw"), long options
 * ("--algorithm X", "--algorithm=X"), and, for entries that allow it,
 * long options with one dash ("-in F"). "--" ends the options; "-" is an
 * operand. Operands may come anywhere. */
struct opt {
	int id;                 /* returned by opt_next; > 0 */
	char short_name;        /* 0 if none */
	const char *long_name;  /* NULL if none */
	int has_arg;
	int single_dash;        /* "-long_name" is accepted too */
};

#define OPT_DONE 0          /* no more arguments */
#define OPT_OPERAND (-1)    /* *arg is an operand */
#define OPT_BAD (-2)        /* a message was printed */

struct opt_parser {
	int argc;
	char **argv;
	int i;                  /* next argument */
	const char *cluster;    /* rest of a cluster of short flags */
	int operands_only;      /* after "--" */
	const char *cmd;        /* "dgst", for messages */
};

void opt_init(struct opt_parser *p, int argc, char **argv, const char *cmd);
/* Next option id, OPT_OPERAND, OPT_DONE or OPT_BAD. *arg gets the value or
 * operand. */
int opt_next(struct opt_parser *p, const struct opt *opts, const char **arg);

/* ---- values (util.c) ---- */

/* Decodes a hex string (even length, any case); *out is malloc'ed (at
 * least one byte). Returns 0 or -1. */
int parse_hex(const char *hex, uint8_t **out, size_t *len);
/* parse_hex for the value of option opt ("-K") of command cmd, printing
 * the problem: the WHAT ("key") is not hexadecimal (naming the character
 * and its position) or has an odd number of digits. 0 or -1. */
int parse_hex_arg(const char *cmd, const char *opt, const char *what, const char *hex, uint8_t **out,
                  size_t *len);
/* A decimal count with an optional k/K, m/M, g/G (binary: 2^10, 2^20,
 * 2^30) suffix, for sizes in bytes. 0 or -1. */
int parse_count(const char *s, uint64_t *out);
/* A decimal count with an optional k/K (1000) or M (1000000) suffix, for
 * counts that are not sizes (PBKDF2 iterations). 0 or -1. */
int parse_decimal_count(const char *s, uint64_t *out);
/* A positive decimal number of seconds. 0 or -1. */
int parse_seconds(const char *s, double *out);
/* The key from -K HEX or --key-file FILE (raw bytes), exactly one of them.
 * Prints the problem and returns -1 on error. *key is malloc'ed. */
int load_key(const char *cmd, const char *hex, const char *file, uint8_t **key, size_t *len);
/* Wipes then frees. */
void free_secret(void *p, size_t len);
/* Lower-case hex of len bytes into out (2 * len + 1 bytes). */
void to_hex(const uint8_t *in, size_t len, char *out);

/* ---- files (files.c) ---- */

/* Opens an input for reading ("-" is standard input). Refuses
 * directories (EISDIR). Returns the fd, or -1 with errno set. If size is
 * not NULL it gets the size of a regular file, else 0. */
int open_input(const char *name, uint64_t *size);
/* Closes an fd from open_input (never standard input). */
void close_input(int fd);
/* Reads up to len bytes, retrying short reads and EINTR until len or end
 * of file. Returns the count, or -1 with errno set. */
ssize_t read_full(int fd, void *buf, size_t len);
/* Writes all of buf. 0, or -1 with errno set. */
int write_full(int fd, const void *buf, size_t len);

/* ---- progress bar (progress.c) ----
 * Drawn on stderr, only when stderr is a terminal, for inputs of at
 * least PROGRESS_MIN_SIZE bytes or that take more than a second. */
#define PROGRESS_MIN_SIZE (64ull << 20)
struct progress {
	char name[1024];        /* shown; control bytes escaped */
	uint64_t total;         /* 0 if unknown */
	uint64_t done;
	double start, last;
	int enabled, shown;
};
void progress_begin(struct progress *p, const char *name, uint64_t total);
void progress_add(struct progress *p, size_t n);
void progress_end(struct progress *p);

/* Reads fd to its end through a fixed buffer, calling fn for each chunk,
 * with a progress bar. Returns 0; -1 on a read error (errno set); or the
 * nonzero value fn returned to stop. */
typedef int chunk_fn(void *ctx, const uint8_t *data, size_t len);
int stream_input(int fd, const char *name, uint64_t size, chunk_fn *fn, void *ctx);

double now_seconds(void);

/* ---- JSON (json.c) ---- */

/* A JSON string literal: quotes, escapes, and invalid UTF-8 replaced by
 * U+FFFD; NULL prints null. */
void json_string(FILE *f, const char *s);

/* ---- key files (keyfile.c) ---- */

/* The largest key or signature file read. */
#define KEYFILE_MAX (1u << 20)
/* Reads a whole small input ("-" is standard input) of at most max bytes;
 * what names it in the message when it is larger ("key file"). *buf is
 * malloc'ed, max + 1 bytes: free it with free_secret(*buf, max + 1) when
 * it may hold a secret. 0, or -1 after printing why. */
int read_small(const char *cmd, const char *name, const char *what, size_t max, uint8_t **buf, size_t *len);
/* The key in file name (PEM or DER, public or private: jca_key_decode);
 * opt names the option that gives it ("-key"). NULL after printing why
 * (also when name is NULL). */
/* A key from a file (PEM or DER) or a pkcs11: URI; kind: what a URI
 * without type= names (JCA_KEY_PRIVATE, JCA_KEY_PUBLIC or 0). */
jca_key *load_pkey(const char *cmd, const char *name, const char *opt, unsigned kind);
int is_key_uri(const char *name);
/* The key's encoding, malloc'ed (free_secret(*out, *len)). 0, or -1 after
 * printing why. */
int encode_pkey(const char *cmd, const jca_key *k, jca_key_format form, uint8_t **out, size_t *len);
/* Writes buf to standard output (out NULL or "-") or to the file out,
 * atomically (outfile.h), with mode (out_mode: the mode, or -1 for that of
 * the file replaced). 0, or -1 after printing why (no file left). */
int write_output(const char *cmd, const char *out, const void *buf, size_t len, int mode);
/* After X_get_instance failed: the library's message, and where to look
 * when no provider offers the algorithm. */
void instance_error(const char *cmd);
/* "PEM" or "DER" (any case) for option opt. 0, or -1 after printing why. */
int parse_keyform(const char *cmd, const char *opt, const char *s, jca_key_format *form);

/* ---- commands: argv[0] is the command name ---- */
int cmd_list(int argc, char **argv);
int cmd_dgst(int argc, char **argv);
int cmd_mac(int argc, char **argv);
int cmd_enc(int argc, char **argv);     /* "enc" and "dec" */

/* jca enc/dec --stream (enc_stream.c): what enc.c parsed. Returns the exit
 * status: 0, EXIT_VERIFY (a file that does not authenticate or is
 * truncated) or EXIT_ERROR, after printing why. */
struct stream_opts {
	cipher_opmode dir;
	const char *cmd;                /* "enc" or "dec" */
	const char *aead;               /* -t, NULL: AES/GCM/NoPadding */
	const char *key_hex, *key_file, *aad_hex, *in, *out;
	uint64_t segment_size;          /* 0: STREAM_DEFAULT_SEGMENT */
	int out_mode;                   /* for out_open (outfile.h) */
};
#define STREAM_DEFAULT_SEGMENT (1u << 20)
int enc_stream(const struct stream_opts *o);
int cmd_speed(int argc, char **argv);
int cmd_rand(int argc, char **argv);
int cmd_kdf(int argc, char **argv);
int cmd_genpkey(int argc, char **argv);
int cmd_pkey(int argc, char **argv);
int cmd_sign(int argc, char **argv);    /* "sign" and "verify" */
int cmd_agree(int argc, char **argv);
int cmd_encap(int argc, char **argv);   /* kem.c */
int cmd_decap(int argc, char **argv);
int cmd_keystore(int argc, char **argv);

#endif
