/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca enc --stream / jca dec --stream: files of any size through the
 * streaming AEAD (jca/stream.h: STREAM in Tink's AES-GCM-HKDF streaming
 * format), one segment in memory at a time. Each segment is authenticated
 * before its plaintext is written; a regular -out file is still written
 * to a temporary file and renamed only when the whole stream checked
 * (outfile.c), so a bad or truncated file leaves no output file.
 *
 * The loop reads one byte past each segment: a segment is the last one
 * exactly when the input ends with it (Tink's readers decide the same way).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

struct io {
	int in_fd, out_fd;
	const char *in_name, *out_name;
	uint8_t *buf, *out;                /* one segment (and one byte) each */
	struct progress pr;
};

static void output_error(const char *name, int errnum)
{
	msg("%s: %s", strcmp(name, "-") ? quote_name(name) : "standard output", strerror(errnum));
}

/* The library's refusal, as the user should read it. EXIT_VERIFY for a
 * file that does not authenticate or is cut short, else EXIT_ERROR. */
static int report(const struct io *io, int rc)
{
	const char *name = quote_name(input_label(io->in_name));

	if (rc == JCA_BADTAG) {
		msg("%s: bad decrypt: %s", name, last_error());
		return EXIT_VERIFY;
	}
	if (rc == JCA_TRUNCATED) {
		msg("%s: bad decrypt: %s", name, last_error());
		return EXIT_VERIFY;
	}
	msg("%s: %s", name, last_error());
	return EXIT_ERROR;
}

/* Header, then segment after segment until the one that ends the input.
 * 0, or the exit status after printing why. */
static int pump(jca_stream *s, struct io *io, cipher_opmode dir)
{
	size_t have = 0, n;
	int rc;

	if (dir == JCA_ENCRYPT) {
		if (jca_stream_write_header(s, io->out, jca_stream_segment_size(s), &n) != 0)
			return report(io, jca_last_error());
		if (write_full(io->out_fd, io->out, n) != 0) {
			output_error(io->out_name, errno);
			return EXIT_ERROR;
		}
	} else {
		ssize_t got = read_full(io->in_fd, io->buf, jca_stream_header_length(s));

		if (got < 0) {
			file_error(io->in_name, errno);
			return EXIT_ERROR;
		}
		progress_add(&io->pr, (size_t)got);
		if ((rc = jca_stream_read_header(s, io->buf, (size_t)got)) != 0)
			return report(io, rc);
	}
	for (;;) {
		size_t want = jca_stream_in_length(s), take;
		ssize_t got = read_full(io->in_fd, io->buf + have, want + 1 - have);
		int last;

		if (got < 0) {
			file_error(io->in_name, errno);
			return EXIT_ERROR;
		}
		have += (size_t)got;
		last = have <= want;
		take = last ? have : want;
		rc = dir == JCA_ENCRYPT ?
		     jca_stream_seal(s, io->buf, take, last, io->out, jca_stream_segment_size(s), &n) :
		     jca_stream_open(s, io->buf, take, last, io->out, jca_stream_segment_size(s), &n);
		if (rc)
			return report(io, rc);
		if (n && write_full(io->out_fd, io->out, n) != 0) {
			output_error(io->out_name, errno);
			return EXIT_ERROR;
		}
		progress_add(&io->pr, take);
		if (last)
			break;
		io->buf[0] = io->buf[want];    /* the byte read ahead */
		have = 1;
	}
	if ((rc = jca_stream_finish(s)) != 0)
		return report(io, rc);
	return 0;
}

int enc_stream(const struct stream_opts *o)
{
	jca_stream_params p;
	struct io io;
	static struct out_file of;
	uint8_t *key = NULL, *aad = NULL;
	size_t key_len = 0, aad_len = 0, seg = 0;
	uint64_t size = 0;
	int to_file = o->out && strcmp(o->out, "-") != 0, rc = EXIT_ERROR;
	jca_stream *s = NULL;

	memset(&io, 0, sizeof io);
	io.in_fd = -1;
	io.in_name = o->in ? o->in : "-";
	io.out_name = o->out ? o->out : "-";
	if (load_key(o->cmd, o->key_hex, o->key_file, &key, &key_len) != 0)
		goto out;
	if (o->aad_hex && parse_hex_arg(o->cmd, "--aad", "AAD", o->aad_hex, &aad, &aad_len) != 0)
		goto out;
	memset(&p, 0, sizeof p);
	p.aead = o->aead;
	p.segment_size = (size_t)o->segment_size;
	p.aad = aad;
	p.aad_len = aad_len;
	/* decryption makes its stream before reading the header: key, AEAD and
	 * segment size are checked before any file is touched either way */
	s = jca_stream_new(o->dir, key, key_len, &p);
	if (!s) {
		fprintf(stderr, "jca %s: %s\n", o->cmd, last_error());
		goto out;
	}
	seg = jca_stream_segment_size(s);
	io.buf = malloc(seg + 1);
	io.out = malloc(seg);
	if (!io.buf || !io.out) {
		fprintf(stderr, "jca %s: out of memory for segments of %zu bytes\n", o->cmd, seg);
		goto out;
	}
	io.in_fd = open_input(io.in_name, &size);
	if (io.in_fd < 0) {
		file_error(io.in_name, errno);
		goto out;
	}
	if (to_file) {
		if (out_open(o->cmd, io.out_name, o->out_mode, &of) != 0)
			goto out;
		io.out_fd = of.fd;
		io.out_name = of.name;
	} else {
		io.out_fd = STDOUT_FILENO;
	}
	progress_begin(&io.pr, io.in_name, size);
	rc = pump(s, &io, o->dir);
	progress_end(&io.pr);
	if (rc) {
		if (to_file)
			out_abort(&of);
		goto out;
	}
	if (to_file && out_commit(&of) != 0)
		rc = EXIT_ERROR;
out:
	if (io.in_fd >= 0)
		close_input(io.in_fd);
	jca_stream_free(s);
	free_secret(key, key_len);
	free_secret(io.buf, io.buf ? seg + 1 : 0);
	free_secret(io.out, io.out ? seg : 0);
	free(aad);
	return rc;
}
