/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca genpkey, pkey, sign, verify, agree: what they share. Small inputs
 * read whole (a key, a signature), keys decoded and encoded through
 * jca/key.h, and the output written to standard output or atomically to
 * a -out file (outfile.c), mode 0600 for a private key or a secret
 * unless -outmode says otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

int read_small(const char *cmd, const char *name, const char *what, size_t max, uint8_t **buf, size_t *len)
{
	uint8_t *b = malloc(max + 1);
	int fd = b ? open_input(name, NULL) : -1;
	ssize_t n;

	*buf = NULL;
	*len = 0;
	if (!b) {
		msg("out of memory");
		return -1;
	}
	if (fd < 0) {
		file_error(name, errno);
		free(b);
		return -1;
	}
	n = read_full(fd, b, max + 1);
	if (n < 0)
		file_error(name, errno);
	else if ((size_t)n > max)
		fprintf(stderr, "jca %s: %s: larger than a %s can be (%zu bytes)\n", cmd,
		        quote_name(input_label(name)), what, max);
	close_input(fd);
	if (n < 0 || (size_t)n > max) {
		free_secret(b, max + 1);
		return -1;
	}
	*buf = b;
	*len = (size_t)n;
	return 0;
}

int is_key_uri(const char *name)
{
	return name && strncasecmp(name, "pkcs11:", 7) == 0;
}

/* A key a URI names (jca_key_load_kind): kind is what the command needs
 * when the URI says no type=; a public key asked for may be the public
 * half of a private one when the store has no public object. */
static jca_key *load_uri(const char *cmd, const char *uri, unsigned kind)
{
	char first[512];
	jca_key *k = NULL;

	if (jca_key_load_kind(uri, kind, &k) == 0)
		return k;
	snprintf(first, sizeof first, "%s", last_error());
	if (kind == JCA_KEY_PUBLIC && jca_last_error() == JCA_NOTFOUND &&
	    jca_key_load_kind(uri, JCA_KEY_PRIVATE, &k) == 0)
		return k;
	fprintf(stderr, "jca %s: %s\n", cmd, first);
	return NULL;
}

jca_key *load_pkey(const char *cmd, const char *name, const char *opt, unsigned kind)
{
	uint8_t *buf;
	size_t len;
	jca_key *k = NULL;

	if (!name) {
		fprintf(stderr, "jca %s: no key given (%s FILE or pkcs11: URI)\n", cmd, opt);
		try_help(cmd);
		return NULL;
	}
	if (is_key_uri(name))
		return load_uri(cmd, name, kind);
	if (read_small(cmd, name, "key file", KEYFILE_MAX, &buf, &len) != 0)
		return NULL;
	if (len == 0)
		fprintf(stderr, "jca %s: %s: empty file, not a key\n", cmd, quote_name(input_label(name)));
	else if (jca_key_decode(buf, len, &k) != 0)
		fprintf(stderr, "jca %s: %s: %s\n", cmd, quote_name(input_label(name)), last_error());
	free_secret(buf, KEYFILE_MAX + 1);
	return k;
}

int encode_pkey(const char *cmd, const jca_key *k, jca_key_format form, uint8_t **out, size_t *len)
{
	size_t need = 0;
	int rc = jca_key_encode(k, form, NULL, 0, &need);

	*out = NULL;
	*len = 0;
	if (rc == JCA_BUFSIZE) {
		*out = malloc(need ? need : 1);
		if (!*out) {
			msg("out of memory");
			return -1;
		}
		rc = jca_key_encode(k, form, *out, need, len);
	}
	if (rc != 0) {
		fprintf(stderr, "jca %s: cannot write the %s %s key: %s%s\n", cmd, jca_key_algorithm(k),
		        jca_key_kind(k) == JCA_KEY_PRIVATE ? "private" : "public", last_error(),
		        rc == JCA_UNSUPPORTED && jca_key_kind(k) == JCA_KEY_PRIVATE && !jca_key_is_extractable(k)
		        ? " (it never leaves its provider; -pubout writes its public key)" : "");
		free_secret(*out, need);
		*out = NULL;
		*len = 0;
		return -1;
	}
	return 0;
}

int write_output(const char *cmd, const char *out, const void *buf, size_t len, int mode)
{
	struct out_file of;

	if (!out || !strcmp(out, "-")) {
		fflush(stdout);
		if (write_full(STDOUT_FILENO, buf, len) != 0) {
			msg("standard output: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (out_open(cmd, out, mode, &of) != 0)
		return -1;
	if (write_full(of.fd, buf, len) != 0) {
		file_error(of.name, errno);
		out_abort(&of);
		return -1;
	}
	return out_commit(&of);
}

int parse_keyform(const char *cmd, const char *opt, const char *s, jca_key_format *form)
{
	if (!strcasecmp(s, "PEM"))
		*form = JCA_FORMAT_PEM;
	else if (!strcasecmp(s, "DER"))
		*form = JCA_FORMAT_DER;
	else {
		fprintf(stderr, "jca %s: %s: PEM or DER, not '%s'\n", cmd, opt, esc(s));
		return -1;
	}
	return 0;
}

void instance_error(const char *cmd)
{
	int code = jca_last_error();

	fprintf(stderr, "jca %s: %s\n", cmd, last_error());
	if (code == JCA_NOALG)
		fprintf(stderr, "jca %s: 'jca list --load' shows what the providers offer; EC, ECDSA, "
		        "ECDH and RSA come from the OpenSSL bridge (plugin openssl)\n", cmd);
}
