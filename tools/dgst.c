/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca dgst and jca mac: digests and HMAC tags of files in the formats of
 * sha256sum (default) and BSD (--tag), and checking of such sums files
 * (-c) with coreutils' messages and exit codes.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_XOF_LENGTH (1u << 20)

/* A MessageDigest or a keyed Mac behind one interface. */
struct hasher {
	const char *cmd;        /* "dgst" or "mac" */
	md_ctx *md;
	mac_ctx *mac;
	size_t out_len;         /* bytes of output */
	int xof;                /* extendable output (SHAKE) */
	int fixed_len;          /* output length known (not XOF, or --length) */
	char tag[96];           /* name in the BSD format: SHA256, SHA3-256, HmacSHA256 */
};

struct check_opts {
	int quiet, status, strict, warn, ignore_missing;
};

/* ---- usage ---- */

static void usage_dgst(FILE *f)
{
	fprintf(f,
	        "usage: jca dgst -a ALG [OPTIONS] [FILE...]\n"
	        "       jca dgst -a ALG -c [OPTIONS] [SUMSFILE...]\n"
	        "\n"
	        "Prints the digest of each FILE in the format of sha256sum ('HEX  NAME'),\n"
	        "so 'jca dgst -a SHA-256 f | sha256sum -c' works. FILE '-' or none means\n"
	        "standard input. Files are streamed in constant memory; a progress bar is\n"
	        "drawn on stderr for large inputs, only when stderr is a terminal. Names\n"
	        "with a backslash, newline or carriage return are escaped as coreutils\n"
	        "does (the line starts with '\\').\n"
	        "\n"
	        "  -a, --algorithm ALG   MessageDigest name, alias or OID (see 'jca list')\n"
	        "  -P, --provider NAME   use this provider only\n"
	        "      --tag             BSD format: 'SHA256 (NAME) = HEX'\n"
	        "      --length N        output length in bytes, for SHAKE128/SHAKE256 only\n"
	        "                        (default 32 and 64)\n"
	        "  -c, --check           read sums (either format) from the FILEs and verify\n"
	        "                        them: 'NAME: OK', 'NAME: FAILED', 'NAME: FAILED open\n"
	        "                        or read', then warnings on stderr\n"
	        "\n"
	        "options when verifying (the last of --quiet, --status, --warn wins):\n"
	        "      --ignore-missing  do not fail or report for missing files\n"
	        "      --quiet           do not print OK for each verified file\n"
	        "      --status          print nothing; the exit code tells\n"
	        "      --strict          exit 1 for improperly formatted lines too\n"
	        "  -w, --warn            warn about improperly formatted lines\n"
	        "\n"
	        "Exit codes: 0 success; 1 a checksum did not match, a listed file could\n"
	        "not be read or no line was properly formatted (or, with --strict, a line\n"
	        "was improperly formatted); 2 usage or other error (an unreadable FILE\n"
	        "when computing, an unreadable sums file).\n");
}

static void usage_mac(FILE *f)
{
	fprintf(f,
	        "usage: jca mac -a ALG (-K HEX | --key-file FILE) [OPTIONS] [FILE...]\n"
	        "       jca mac -a ALG (-K HEX | --key-file FILE) -c [OPTIONS] [SUMSFILE...]\n"
	        "\n"
	        "Prints the HMAC tag of each FILE in the format of 'jca dgst' ('HEX  NAME',\n"
	        "or 'HmacSHA256 (NAME) = HEX' with --tag). FILE '-' or none means standard\n"
	        "input.\n"
	        "\n"
	        "  -a, --algorithm ALG   Mac name, alias or OID: HmacSHA256, HMAC-SHA-512,\n"
	        "                        HmacSHA3-256, ... (see 'jca list')\n"
	        "  -K, --key HEX         the key in hex (any length, even empty)\n"
	        "      --key-file FILE   the key: the raw bytes of FILE (at most 64 KiB)\n"
	        "  -P, --provider NAME   use this provider only\n"
	        "      --tag             BSD format\n"
	        "  -c, --check           verify tags listed in the FILEs, as 'jca dgst -c'\n"
	        "      --ignore-missing, --quiet, --status, --strict, -w, --warn\n"
	        "                        as for 'jca dgst -c'\n"
	        "\n"
	        "Exit codes: 0 success, 1 verification failed, 2 usage or other error.\n");
}

/* ---- the hasher ---- */

/* The name in the BSD format: coreutils' for SHA-1/SHA-2 (dashes
 * removed: SHA256, SHA512/224), else the canonical name (MD5, SHA3-256). */
static void make_tag(char *out, size_t n, const char *alg)
{
	size_t j = 0;
	const char *c;

	if (strncmp(alg, "SHA-", 4)) {
		snprintf(out, n, "%s", alg);
		return;
	}
	for (c = alg; *c && j + 1 < n; c++)
		if (*c != '-')
			out[j++] = *c;
	out[j] = 0;
}

static void hasher_reset(struct hasher *h)
{
	if (h->md)
		md_reset(h->md);
	else
		mac_reset(h->mac);
}

static int hasher_chunk(void *ctx, const uint8_t *data, size_t len)
{
	struct hasher *h = ctx;
	int rc = h->md ? md_update(h->md, data, len) : mac_update(h->mac, data, len);

	return rc ? 1 : 0;
}

/* Writes out_len bytes of output (out_len == h->out_len unless XOF). */
static int hasher_final(struct hasher *h, uint8_t *out, size_t out_len)
{
	int rc = h->md ? md_digest(h->md, out, out_len) : mac_do_final(h->mac, out, out_len);

	return rc < 0 ? rc : 0;
}

/* Hashes one input into out. Returns 0; -1 with errno set when the input
 * cannot be opened or read; -2 after printing a library error. */
static int hash_input(struct hasher *h, const char *name, uint8_t *out, size_t out_len)
{
	uint64_t size;
	int fd = open_input(name, &size), rc, saved;

	if (fd < 0)
		return -1;
	hasher_reset(h);
	rc = stream_input(fd, name, size, hasher_chunk, h);
	saved = errno;
	close_input(fd);
	if (rc == -1) {
		errno = saved;
		return -1;
	}
	if (rc == 0)
		rc = hasher_final(h, out, out_len);
	if (rc) {
		msg("%s: %s", quote_name(input_label(name)), jca_last_error_message());
		return -2;
	}
	return 0;
}

/* ---- output ---- */

static int needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

/* Writes a name, escaped the way coreutils does when escape is set. */
static void put_name(const char *name, int escape)
{
	const char *c;

	for (c = name; *c; c++) {
		if (escape && *c == '\\')
			fputs("\\\\", stdout);
		else if (escape && *c == '\n')
			fputs("\\n", stdout);
		else if (escape && *c == '\r')
			fputs("\\r", stdout);
		else
			putchar(*c);
	}
}

static void print_sum(const struct hasher *h, const char *hex, const char *name, int tag)
{
	int escape = needs_escape(name);

	if (escape)
		putchar('\\');
	if (tag) {
		printf("%s (", h->tag);
		put_name(name, escape);
		printf(") = %s\n", hex);
	} else {
		printf("%s  ", hex);
		put_name(name, escape);
		putchar('\n');
	}
}

/* Prints "NAME: RESULT" as in coreutils' check output, which escapes a
 * name only when it holds a newline. */
static void print_result(const char *name, const char *result)
{
	int escape = strchr(name, '\n') != NULL;

	if (escape)
		putchar('\\');
	put_name(name, escape);
	printf(": %s\n", result);
}

static int compute(struct hasher *h, char **files, size_t nfiles, int tag)
{
	uint8_t *out = malloc(h->out_len + 1);
	char *hex = malloc(2 * h->out_len + 1);
	int rc = 0;
	size_t i;

	if (!out || !hex) {
		msg("out of memory");
		free(out);
		free(hex);
		return EXIT_ERROR;
	}
	for (i = 0; i < nfiles; i++) {
		int r = hash_input(h, files[i], out, h->out_len);

		if (r == -1)
			file_error(files[i], errno);
		if (r) {
			rc = EXIT_ERROR;
			continue;
		}
		to_hex(out, h->out_len, hex);
		print_sum(h, hex, files[i], tag);
	}
	free_secret(out, h->out_len + 1);
	free(hex);
	return rc;
}

/* ---- checking ---- */

static int is_hex(char c)
{
	return isxdigit((unsigned char)c) != 0;
}

/* Undoes coreutils' escaping in place: \\ \n \r. -1 on any other escape. */
static int unescape(char *s, size_t len)
{
	size_t i, j = 0;

	for (i = 0; i < len; i++) {
		if (s[i] != '\\') {
			s[j++] = s[i];
			continue;
		}
		if (++i == len)
			return -1;
		if (s[i] == '\\')
			s[j++] = '\\';
		else if (s[i] == 'n')
			s[j++] = '\n';
		else if (s[i] == 'r')
			s[j++] = '\r';
		else
			return -1;
	}
	s[j] = 0;
	return 0;
}

/* Whether hex (NUL-terminated) has the length this check expects. */
static int hex_ok(const struct hasher *h, const char *hex, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!is_hex(hex[i]))
			return 0;
	if (h->fixed_len)
		return len == 2 * h->out_len;
	return len > 0 && len % 2 == 0 && len / 2 <= MAX_XOF_LENGTH;
}

struct sum_line {
	char *hex;
	size_t hex_len;
	char *name;
};

/* "TAG (NAME) = HEX", from just after the '('. */
static int parse_bsd(const struct hasher *h, char *s, size_t len, int escaped, struct sum_line *l)
{
	size_t close = len, i;

	while (close > 0 && s[close - 1] != ')')
		close--;
	if (close == 0)
		return -1;
	close--;
	s[close] = 0;
	if (escaped && unescape(s, close) != 0)
		return -1;
	l->name = s;
	i = close + 1;
	while (i < len && s[i] == ' ')
		i++;
	if (i >= len || s[i] != '=')
		return -1;
	i++;
	while (i < len && s[i] == ' ')
		i++;
	l->hex = s + i;
	l->hex_len = len - i;
	return hex_ok(h, l->hex, l->hex_len) ? 0 : -1;
}

/* One line of a sums file, newline removed, NUL-terminated; edited in
 * place. *sep is the separator style seen so far in this file: -1
 * unknown, 0 "HEX  NAME" (or "HEX *NAME"), 1 "HEX NAME" - the two are not
 * mixed, as in coreutils. Returns 0 if the line is properly formatted. */
static int parse_line(const struct hasher *h, char *s, size_t len, int *sep, struct sum_line *l)
{
	size_t i = 0, tl = strlen(h->tag), hex_len, j;
	int escaped = 0;

	while (i < len && isspace((unsigned char)s[i]))
		i++;
	if (s[i] == '\\') {
		escaped = 1;
		i++;
	}
	if (tl && len - i >= tl && !strncmp(s + i, h->tag, tl)) {
		i += tl;
		if (s[i] == ' ')
			i++;
		if (s[i] != '(')
			return -1;
		return parse_bsd(h, s + i + 1, len - i - 1, escaped, l);
	}
	if (h->fixed_len) {
		hex_len = 2 * h->out_len;
		if (len - i < hex_len + 2)
			return -1;
	} else {
		for (hex_len = 0; i + hex_len < len && is_hex(s[i + hex_len]); hex_len++)
			;
		if (len - i < hex_len + 2)
			return -1;
	}
	if (!isspace((unsigned char)s[i + hex_len]))
		return -1;
	s[i + hex_len] = 0;
	l->hex = s + i;
	l->hex_len = hex_len;
	if (!hex_ok(h, l->hex, hex_len))
		return -1;
	j = i + hex_len + 1;
	if (len - j == 1 || (s[j] != ' ' && s[j] != '*')) {
		if (*sep == 0)
			return -1;
		*sep = 1;
	} else if (*sep != 1) {
		*sep = 0;
		j++;
	}
	l->name = s + j;
	if (escaped && unescape(s + j, len - j) != 0)
		return -1;
	return 0;
}

static int hex_equal(const char *a, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
			return 0;
	return 1;
}

/* Verifies one sums file. Returns 0 if all is well, EXIT_VERIFY if a check
 * failed, EXIT_ERROR if the sums file cannot be read. */
static int check_sums_file(struct hasher *h, const char *sums, const struct check_opts *o)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0, improper = 0, proper = 0, mismatched = 0, unreadable = 0, matched = 0;
	int is_stdin = !strcmp(sums, "-"), sep = -1, ok;
	const char *label = quote_name(input_label(sums));
	char sums_label[1024];

	snprintf(sums_label, sizeof sums_label, "%s", label);
	if (is_stdin) {
		f = stdin;
	} else {
		int fd = open_input(sums, NULL);

		f = fd < 0 ? NULL : fdopen(fd, "r");
		if (!f) {
			file_error(sums, errno);
			return EXIT_ERROR;
		}
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct sum_line l;
		uint8_t *out;
		char *hex;
		size_t n;
		int r;

		lineno++;
		if (line[0] == '#')
			continue;
		if (line[len - 1] == '\n')
			line[--len] = 0;
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = 0;
		if (len == 0)
			continue;
		if (strlen(line) != (size_t)len || parse_line(h, line, (size_t)len, &sep, &l) != 0 ||
		    (is_stdin && !strcmp(l.name, "-"))) {
			improper++;
			if (o->warn)
				msg("%s: %lu: improperly formatted %s checksum line", sums_label, lineno, h->tag);
			continue;
		}
		proper++;
		n = l.hex_len / 2;
		out = malloc(n + 1);
		hex = malloc(2 * n + 1);
		if (!out || !hex) {
			free(out);
			free(hex);
			msg("out of memory");
			unreadable++;
			continue;
		}
		r = hash_input(h, l.name, out, n);
		if (r == -1) {
			int e = errno;

			if (!(o->ignore_missing && e == ENOENT)) {
				file_error(l.name, e);
				unreadable++;
				if (!o->status)
					print_result(l.name, "FAILED open or read");
			}
		} else if (r == -2) {
			unreadable++;
			if (!o->status)
				print_result(l.name, "FAILED open or read");
		} else {
			to_hex(out, n, hex);
			if (hex_equal(hex, l.hex, l.hex_len)) {
				matched++;
				if (!o->status && !o->quiet)
					print_result(l.name, "OK");
			} else {
				mismatched++;
				if (!o->status)
					print_result(l.name, "FAILED");
			}
		}
		free_secret(out, n + 1);
		free(hex);
	}
	if (ferror(f)) {
		file_error(sums, errno);
		free(line);
		if (!is_stdin)
			fclose(f);
		return EXIT_ERROR;
	}
	free(line);
	if (!is_stdin)
		fclose(f);
	if (!proper) {
		msg("%s: no properly formatted checksum lines found", sums_label);
		return EXIT_VERIFY;
	}
	if (!o->status) {
		if (improper)
			msg("WARNING: %lu line%s improperly formatted", improper, improper == 1 ? " is" : "s are");
		if (unreadable)
			msg("WARNING: %lu listed file%s could not be read", unreadable, unreadable == 1 ? "" : "s");
		if (mismatched)
			msg("WARNING: %lu computed checksum%s did NOT match", mismatched,
			    mismatched == 1 ? "" : "s");
		if (o->ignore_missing && !matched)
			msg("%s: no file was verified", sums_label);
	}
	ok = !mismatched && !unreadable && !(o->strict && improper) && !(o->ignore_missing && !matched);
	return ok ? 0 : EXIT_VERIFY;
}

static int check(struct hasher *h, char **files, size_t nfiles, const struct check_opts *o)
{
	int rc = 0;
	size_t i;

	for (i = 0; i < nfiles; i++) {
		int r = check_sums_file(h, files[i], o);

		if (r > rc)
			rc = r;
	}
	return rc;
}

/* ---- the two commands ---- */

enum {
	O_ALG = 1, O_PROVIDER, O_TAG, O_LENGTH, O_CHECK, O_QUIET, O_STATUS, O_STRICT, O_WARN,
	O_IGNORE_MISSING, O_KEY, O_KEY_FILE, O_HELP
};

static const struct opt sum_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 0 },
	{ O_PROVIDER, 'P', "provider", 1, 0 },
	{ O_TAG, 0, "tag", 0, 0 },
	{ O_LENGTH, 'l', "length", 1, 0 },
	{ O_CHECK, 'c', "check", 0, 0 },
	{ O_QUIET, 0, "quiet", 0, 0 },
	{ O_STATUS, 0, "status", 0, 0 },
	{ O_STRICT, 0, "strict", 0, 0 },
	{ O_WARN, 'w', "warn", 0, 0 },
	{ O_IGNORE_MISSING, 0, "ignore-missing", 0, 0 },
	{ O_KEY, 'K', "key", 1, 0 },
	{ O_KEY_FILE, 0, "key-file", 1, 0 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

static int run_sums(int argc, char **argv, int is_mac)
{
	const char *cmd = is_mac ? "mac" : "dgst";
	void (*usage)(FILE *) = is_mac ? usage_mac : usage_dgst;
	const char *alg = NULL, *provider = NULL, *key_hex = NULL, *key_file = NULL, *length = NULL, *arg;
	const char *verify_only = NULL;
	struct check_opts co = { 0, 0, 0, 0, 0 };
	struct hasher h;
	struct opt_parser p;
	char **files = calloc((size_t)argc + 1, sizeof *files);
	size_t nfiles = 0;
	int id, tag = 0, checking = 0, rc;

	if (!files) {
		msg("out of memory");
		return EXIT_ERROR;
	}
	memset(&h, 0, sizeof h);
	h.cmd = cmd;
	opt_init(&p, argc, argv, cmd);
	while ((id = opt_next(&p, sum_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case OPT_OPERAND: files[nfiles++] = (char *)arg; break;
		case O_ALG: alg = arg; break;
		case O_PROVIDER: provider = arg; break;
		case O_TAG: tag = 1; break;
		case O_LENGTH: length = arg; break;
		case O_CHECK: checking = 1; break;
		/* the last of --quiet, --status, --warn wins, as in coreutils */
		case O_QUIET: co.quiet = 1; co.status = co.warn = 0; verify_only = "--quiet"; break;
		case O_STATUS: co.status = 1; co.quiet = co.warn = 0; verify_only = "--status"; break;
		case O_WARN: co.warn = 1; co.quiet = co.status = 0; verify_only = "--warn"; break;
		case O_STRICT: co.strict = 1; verify_only = "--strict"; break;
		case O_IGNORE_MISSING: co.ignore_missing = 1; verify_only = "--ignore-missing"; break;
		case O_KEY:
		case O_KEY_FILE:
			if (!is_mac) {
				fprintf(stderr, "jca dgst: a digest takes no key (did you mean 'jca mac'?)\n");
				try_help(cmd);
				free(files);
				return EXIT_ERROR;
			}
			if (id == O_KEY)
				key_hex = arg;
			else
				key_file = arg;
			break;
		case O_HELP: usage(stdout); free(files); return 0;
		default: free(files); return EXIT_ERROR;
		}
	}
	rc = EXIT_ERROR;
	if (!alg) {
		fprintf(stderr, "jca %s: no algorithm given (-a ALG)\n", cmd);
		try_help(cmd);
		goto out;
	}
	if (checking && tag) {
		fprintf(stderr, "jca %s: the --tag option is meaningless when verifying checksums\n", cmd);
		try_help(cmd);
		goto out;
	}
	if (!checking && verify_only) {
		fprintf(stderr, "jca %s: the %s option is meaningful only when verifying checksums\n", cmd,
		        verify_only);
		try_help(cmd);
		goto out;
	}
	if (nfiles == 0)
		files[nfiles++] = "-";

	if (is_mac) {
		uint8_t *key = NULL;
		size_t key_len = 0;

		if (length) {
			fprintf(stderr, "jca mac: --length applies to SHAKE digests only\n");
			goto out;
		}
		h.mac = provider ? mac_get_instance_from(alg, provider) : mac_get_instance(alg);
		if (!h.mac) {
			fprintf(stderr, "jca mac: %s\n", jca_last_error_message());
			goto out;
		}
		if (load_key(cmd, key_hex, key_file, &key, &key_len) != 0)
			goto out;
		if (mac_init(h.mac, key, key_len) != 0) {
			fprintf(stderr, "jca mac: %s\n", jca_last_error_message());
			free_secret(key, key_len);
			goto out;
		}
		free_secret(key, key_len);
		h.out_len = mac_length(h.mac);
		h.fixed_len = 1;
		make_tag(h.tag, sizeof h.tag, mac_algorithm(h.mac));
	} else {

		h.md = provider ? md_get_instance_from(alg, provider) : md_get_instance(alg);
		if (!h.md) {
			fprintf(stderr, "jca dgst: %s\n", jca_last_error_message());
			goto out;
		}
		h.xof = md_is_xof(h.md);
		h.out_len = md_length(h.md);
		h.fixed_len = !h.xof;
		if (length) {
			uint64_t n;

			if (!h.xof) {
				fprintf(stderr, "jca dgst: --length applies to extendable-output digests "
				        "(SHAKE128, SHAKE256) only; %s has a fixed length of %zu bytes\n",
				        md_algorithm(h.md), h.out_len);
				goto out;
			}
			if (parse_count(length, &n) != 0 || n == 0 || n > MAX_XOF_LENGTH) {
				fprintf(stderr, "jca dgst: --length: expected a number of bytes from 1 to %u\n",
				        MAX_XOF_LENGTH);
				goto out;
			}
			h.out_len = (size_t)n;
			h.fixed_len = 1;
		}
		make_tag(h.tag, sizeof h.tag, md_algorithm(h.md));
	}
	if (!h.fixed_len && !checking)
		h.fixed_len = 1;        /* computing: the default length */
	rc = checking ? check(&h, files, nfiles, &co) : compute(&h, files, nfiles, tag);
out:
	md_free(h.md);
	mac_free(h.mac);
	free(files);
	return rc;
}

int cmd_dgst(int argc, char **argv)
{
	return run_sums(argc, argv, 0);
}

int cmd_mac(int argc, char **argv)
{
	return run_sums(argc, argv, 1);
}
