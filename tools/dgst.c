/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca dgst and jca mac: digests and HMAC tags of files in the formats of
 * sha256sum (default) and BSD (--tag); sumcheck.c checks such sums files
 * (-c) with coreutils' messages and exit codes.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sums.h"

/* ---- usage ---- */

static void usage_dgst(FILE *f)
{
	fprintf(f,
	        "usage: jca dgst -a ALG [OPTIONS] [FILE...]\n"
	        "       jca dgst [-a ALG] -c [OPTIONS] [SUMSFILE...]\n"
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
	        "  -b, --binary          mark names with '*' ('HEX *NAME'); the bytes are\n"
	        "                        the same either way\n"
	        "  -t, --text            mark names with ' ' (the default)\n"
	        "      --tag             BSD format: 'SHA256 (NAME) = HEX'\n"
	        "  -z, --zero            end each line with NUL, not newline, and do not\n"
	        "                        escape names\n"
	        "      --length N        output length in bytes, for SHAKE128/SHAKE256 only\n"
	        "                        (default 32 and 64)\n"
	        "  -c, --check           read sums (either format) from the FILEs and verify\n"
	        "                        them: 'NAME: OK', 'NAME: FAILED', 'NAME: FAILED open\n"
	        "                        or read', then warnings on stderr. Without -a, as\n"
	        "                        cksum -c: BSD lines only, each line's algorithm from\n"
	        "                        its tag (sha512sum --tag, b2sum --tag, cksum -a X;\n"
	        "                        algorithms may be mixed; BLAKE2b needs the example\n"
	        "                        plugin configured)\n"
	        "\n"
	        "options when verifying (the last of --quiet, --status, --warn wins):\n"
	        "      --ignore-missing  do not fail or report for missing files\n"
	        "      --quiet           do not print OK for each verified file\n"
	        "      --status          print nothing; the exit code tells\n"
	        "      --strict          exit 1 for improperly formatted lines too\n"
	        "  -w, --warn            warn about improperly formatted lines\n"
	        "\n"
	        "Long options may be abbreviated to any unambiguous prefix (--stat).\n"
	        "\n"
	        "Exit codes: 0 success; 1 a FILE could not be opened or read, a checksum\n"
	        "did not match, a listed file could not be read or no line was properly\n"
	        "formatted (or, with --strict, a line was improperly formatted); 2 usage\n"
	        "or other error (an unreadable sums file, a library error).\n");
}

static void usage_mac(FILE *f)
{
	fprintf(f,
	        "usage: jca mac -a ALG (-K HEX | --key-file FILE) [OPTIONS] [FILE...]\n"
	        "       jca mac [-a ALG] (-K HEX | --key-file FILE) -c [OPTIONS] [SUMSFILE...]\n"
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
	        "  -b, -t, --tag, -z     output formats, as for 'jca dgst'\n"
	        "  -c, --check           verify tags listed in the FILEs, as 'jca dgst -c'\n"
	        "                        (without -a: the algorithm from each BSD tag)\n"
	        "      --ignore-missing, --quiet, --status, --strict, -w, --warn\n"
	        "                        as for 'jca dgst -c'\n"
	        "\n"
	        "Exit codes: 0 success, 1 verification failed or a FILE could not be\n"
	        "read, 2 usage or other error.\n");
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

int hash_input(struct hasher *h, const char *name, uint8_t *out, size_t out_len)
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
		msg("%s: %s", quote_name(input_label(name)), last_error());
		return -2;
	}
	return 0;
}

/* ---- output ---- */

static int needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

/* Writes a name: as it is (escape 0), escaped the way coreutils does
 * (1: \\, \n, \r), or so too with every other control byte as \xHH (2,
 * for names read from a sums file, which may hold terminal escapes). */
static void put_name(const char *name, int escape)
{
	const char *c;

	for (c = name; *c; c++) {
		char one[2] = { *c, 0 };

		if (escape && *c == '\\')
			fputs("\\\\", stdout);
		else if (escape && *c == '\n')
			fputs("\\n", stdout);
		else if (escape && *c == '\r')
			fputs("\\r", stdout);
		else if (escape == 2 && has_control(one))
			fputs(esc(one), stdout);
		else
			putchar(*c);
	}
}

/* How sums are printed: BSD tag format, '*' (binary) before the name,
 * lines ended by NUL with names never escaped (-z), as sha256sum does. */
struct out_fmt {
	int tag, binary, zero;
};

static void print_sum(const struct hasher *h, const char *hex, const char *name, const struct out_fmt *f)
{
	int escape = !f->zero && needs_escape(name);

	if (escape)
		putchar('\\');
	if (f->tag) {
		printf("%s (", h->tag);
		put_name(name, escape);
		printf(") = %s", hex);
	} else {
		printf("%s %c", hex, f->binary ? '*' : ' ');
		put_name(name, escape);
	}
	putchar(f->zero ? '\0' : '\n');
}

/* coreutils' check output escapes a name only when it holds a newline;
 * here when it holds any control byte (a sums file is not to be trusted
 * with the terminal), as \xHH except \n and \r. */
void print_result(const char *name, const char *result)
{
	int escape = has_control(name) ? 2 : 0;

	if (escape)
		putchar('\\');
	put_name(name, escape);
	printf(": %s\n", result);
}

/* Exit code as sha256sum's: 1 when a file could not be opened or read;
 * 2 for a library error. */
static int compute(struct hasher *h, char **files, size_t nfiles, const struct out_fmt *f)
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

		if (r == -1) {
			file_error(files[i], errno);
			if (rc < EXIT_VERIFY)
				rc = EXIT_VERIFY;
			continue;
		}
		if (r) {
			rc = EXIT_ERROR;
			continue;
		}
		to_hex(out, h->out_len, hex);
		print_sum(h, hex, files[i], f);
	}
	free_secret(out, h->out_len + 1);
	free(hex);
	return rc;
}

int hasher_open(struct hasher *h, const char *cmd, const char *alg, const char *provider, const uint8_t *key,
                size_t key_len)
{
	memset(h, 0, sizeof *h);
	h->cmd = cmd;
	if (!strcmp(cmd, "mac")) {
		h->mac = provider ? mac_get_instance_from(alg, provider) : mac_get_instance(alg);
		if (!h->mac || mac_init(h->mac, key, key_len) != 0) {
			mac_free(h->mac);
			h->mac = NULL;
			return -1;
		}
		h->out_len = mac_length(h->mac);
		h->fixed_len = 1;
		make_tag(h->tag, sizeof h->tag, mac_algorithm(h->mac));
		return 0;
	}
	h->md = provider ? md_get_instance_from(alg, provider) : md_get_instance(alg);
	if (!h->md)
		return -1;
	h->xof = md_is_xof(h->md);
	h->out_len = md_length(h->md);
	h->fixed_len = !h->xof;
	make_tag(h->tag, sizeof h->tag, md_algorithm(h->md));
	return 0;
}

void hasher_close(struct hasher *h)
{
	md_free(h->md);
	mac_free(h->mac);
	h->md = NULL;
	h->mac = NULL;
}

/* ---- the two commands ---- */

enum {
	O_ALG = 1, O_PROVIDER, O_TAG, O_LENGTH, O_CHECK, O_QUIET, O_STATUS, O_STRICT, O_WARN,
	O_IGNORE_MISSING, O_KEY, O_KEY_FILE, O_HELP, O_BINARY, O_TEXT, O_ZERO
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
	{ O_BINARY, 'b', "binary", 0, 0 },
	{ O_TEXT, 't', "text", 0, 0 },
	{ O_ZERO, 'z', "zero", 0, 0 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

static int usage_error(const char *cmd, const char *what)
{
	fprintf(stderr, "jca %s: %s\n", cmd, what);
	try_help(cmd);
	return EXIT_ERROR;
}

static int run_sums(int argc, char **argv, int is_mac)
{
	const char *cmd = is_mac ? "mac" : "dgst";
	void (*usage)(FILE *) = is_mac ? usage_mac : usage_dgst;
	const char *alg = NULL, *provider = NULL, *key_hex = NULL, *key_file = NULL, *length = NULL, *arg;
	const char *verify_only = NULL;
	struct check_opts co = { 0, 0, 0, 0, 0 };
	struct out_fmt fmt = { 0, 0, 0 };
	struct hasher h;
	struct sum_src *src = NULL;
	struct opt_parser p;
	char **files = calloc((size_t)argc + 1, sizeof *files);
	uint8_t *key = NULL;
	size_t nfiles = 0, key_len = 0;
	int id, checking = 0, text = 0, binary_opt = 0, rc;

	if (!files) {
		msg("out of memory");
		return EXIT_ERROR;
	}
	memset(&h, 0, sizeof h);
	opt_init(&p, argc, argv, cmd);
	while ((id = opt_next(&p, sum_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case OPT_OPERAND: files[nfiles++] = (char *)arg; break;
		case O_ALG: alg = arg; break;
		case O_PROVIDER: provider = arg; break;
		/* as in coreutils: --tag implies binary, -t after it is an error */
		case O_TAG: fmt.tag = 1; fmt.binary = 1; text = 0; break;
		case O_BINARY: fmt.binary = 1; text = 0; binary_opt = 1; break;
		case O_TEXT: fmt.binary = 0; text = 1; binary_opt = 1; break;
		case O_ZERO: fmt.zero = 1; break;
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
				free(files);
				return usage_error(cmd, "a digest takes no key (did you mean 'jca mac'?)");
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
	if (!alg && !checking) {
		usage_error(cmd, "no algorithm given (-a ALG)");
		goto out;
	}
	if (checking && fmt.tag) {
		usage_error(cmd, "the --tag option is meaningless when verifying checksums");
		goto out;
	}
	if (checking && binary_opt) {
		usage_error(cmd, "the --binary and --text options are meaningless when verifying checksums");
		goto out;
	}
	if (checking && fmt.zero) {
		usage_error(cmd, "the --zero option is not supported when verifying checksums");
		goto out;
	}
	if (fmt.tag && text) {
		usage_error(cmd, "--tag does not support --text mode");
		goto out;
	}
	if (!checking && verify_only) {
		fprintf(stderr, "jca %s: the %s option is meaningful only when verifying checksums\n", cmd,
		        verify_only);
		try_help(cmd);
		goto out;
	}
	if (length && (is_mac || !alg)) {
		fprintf(stderr, "jca %s: --length applies to SHAKE digests given with -a only\n", cmd);
		goto out;
	}
	if (nfiles == 0)
		files[nfiles++] = "-";
	if (is_mac && load_key(cmd, key_hex, key_file, &key, &key_len) != 0)
		goto out;
	if (alg) {
		if (hasher_open(&h, cmd, alg, provider, key, key_len) != 0) {
			fprintf(stderr, "jca %s: %s\n", cmd, last_error());
			goto out;
		}
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
	}
	if (!checking) {
		if (!h.fixed_len)
			h.fixed_len = 1;        /* computing: the default length */
		rc = compute(&h, files, nfiles, &fmt);
		goto out;
	}
	src = calloc(1, sizeof *src);
	if (!src) {
		msg("out of memory");
		goto out;
	}
	src->fixed = alg ? &h : NULL;
	src->cmd = cmd;
	src->provider = provider;
	src->key = key;
	src->key_len = key_len;
	rc = check_sums(src, files, nfiles, &co);
	sum_src_free(src);
	free(src);
out:
	hasher_close(&h);
	free_secret(key, key_len);
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
