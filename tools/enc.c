/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca enc / jca dec: encrypt or decrypt a stream with a Cipher
 * transformation, in constant memory.
 *
 * Without --iv, encryption draws a random IV and writes it in front of the
 * ciphertext; decryption reads it from there. An AEAD (GCM,
 * ChaCha20-Poly1305) appends its 16-byte tag (IV || ciphertext || tag,
 * see usage_enc); its decryption holds the
 * message in memory and writes nothing before the tag has been checked. An
 * output file is written to an unnamed temporary file in the same directory
 * and renamed into place at the end, so an error (a wrong key, corrupted or
 * truncated input) or even SIGKILL leaves no output file behind; a replaced
 * file's mode is kept, and a symbolic link is written through (unless
 * the kernel's protected_symlinks rule forbids it); a device or FIFO is
 * written into (outfile.c). Standard output cannot be taken back.
 *
 * --stream hands over to enc_stream.c (the streaming AEAD: constant memory
 * for GCM too, each segment authenticated before it is written).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

#define MAX_IV 32      /* the longest IV of a prefix (without --iv) */

struct enc_opts {
	cipher_opmode dir;      /* JCA_ENCRYPT or JCA_DECRYPT */
	const char *cmd;        /* "enc" or "dec" */
	const char *trans, *provider, *key_hex, *key_file, *iv_hex, *in, *out;
	const char *aad_hex;    /* AEAD: additional authenticated data */
	int stream;             /* --stream */
	const char *segment_size;
	int out_mode;           /* for out_open: -outmode, 0600 (dec) or OUT_MODE_KEEP */
};

/* An AEAD (GCM, ChaCha20-Poly1305) takes a tag and AAD; the engine checks
 * its IV's length (GCM: any). */
static int is_aead(cipher_ctx *c)
{
	return cipher_tag_length(c) != 0;
}

static void usage_enc(FILE *f, const char *cmd)
{
	fprintf(f,
	        "usage: jca %s -t TRANSFORMATION (-K HEX | --key-file FILE) [--iv HEX]\n"
	        "               [--aad HEX] [-in FILE] [-out FILE [-outmode OCTAL]]\n"
	        "       jca %s --stream [-t AEAD] (-K HEX | --key-file FILE) [--aad HEX]\n"
	        "               [--segment-size N] [-in FILE] [-out FILE [-outmode OCTAL]]\n"
	        "\n"
	        "%s standard input (or -in FILE) to standard output (or -out FILE),\n"
	        "streaming in constant memory.\n"
	        "\n"
	        "  -t, --transformation T  Cipher transformation: AES/GCM/NoPadding,\n"
	        "                          ChaCha20-Poly1305, XChaCha20-Poly1305,\n"
	        "                          AES/CCM/NoPadding, AES/CBC/PKCS5Padding,\n"
	        "                          AES/CTR/NoPadding,\n"
	        "                          AES_256/CBC/NoPadding, ... (see 'jca list').\n"
	        "                          'AES' alone means AES/ECB/PKCS5Padding (the JCA\n"
	        "                          default), which leaks patterns: prefer GCM\n"
	        "  -K, --key HEX           the key in hex; its length must suit the\n"
	        "                          transformation (AES: 16, 24 or 32 bytes)\n"
	        "      --key-file FILE     the key: the raw bytes of FILE\n"
	        "      --iv HEX            the IV in hex (CBC, CTR: one block, 16 bytes for\n"
	        "                          AES; GCM: any length, 12 bytes recommended;\n"
	        "                          CCM: 7 to 13; ChaCha20-Poly1305: 12,\n"
	        "                          XChaCha20-Poly1305: 24)\n"
	        "      --aad HEX           AEAD: additional authenticated data, in hex\n"
	        "  -i, -in, --in FILE      input (default: standard input; '-' too)\n"
	        "  -o, -out, --out FILE    output (default: standard output; '-' too)\n"
	        "      -outmode, --outmode OCTAL  the mode of the -out file (0 to 777)\n"
	        "  -P, --provider NAME     use this provider only\n"
	        "      --stream            streaming AEAD: Tink's AES-GCM-HKDF streaming\n"
	        "                          format (see below)\n"
	        "      --segment-size N    --stream: ciphertext segment size, tag included\n"
	        "                          (k, M suffixes; default 1M; both sides must agree)\n"
	        "\n"
	        "The IV: with --iv, the IV is given and the output holds the ciphertext\n"
	        "alone (as 'openssl enc -K -iv'). Without --iv, 'jca enc' draws a random\n"
	        "IV and writes it in front of the ciphertext (output = IV || ciphertext),\n"
	        "and 'jca dec' reads the IV from the first block of its input. ECB takes\n"
	        "no IV and has no IV prefix (ECB leaks patterns: prefer GCM).\n"
	        "\n"
	        "AEADs (GCM, CCM, ChaCha20-Poly1305): the output is IV (GCM, CCM,\n"
	        "ChaCha20-Poly1305:\n"
	        "12 bytes, XChaCha20-Poly1305: 24, random) || ciphertext || tag (16 bytes),\n"
	        "or ciphertext || tag with --iv: the layout of Python's AESGCM, AESCCM and\n"
	        "ChaCha20Poly1305, and of RFC 5116 with the nonce in front, and of\n"
	        "libsodium's XChaCha20-Poly1305 'combined' mode after its nonce.\n"
	        "'jca dec' holds the whole message in\n"
	        "memory and writes nothing until the tag has been checked; a wrong key,\n"
	        "IV or AAD, or any change to the input, is 'bad decrypt: wrong key,\n"
	        "wrong AAD or corrupted input' (with --iv: 'wrong IV' too).\n"
	        "\n"
	        "Errors: a wrong key or corrupted input is reported as 'bad decrypt' when\n"
	        "the padding does not check; truncated input as not a whole number of\n"
	        "blocks. With -out FILE the output goes to an unnamed temporary file in\n"
	        "FILE's directory, renamed to FILE only on success: on any error, even\n"
	        "SIGKILL, no output file is left. FILE is the user's own: another user's\n"
	        "file, FIFO or socket is refused (naming its owner), nothing written.\n"
	        "'jca dec' writes the plaintext with mode 0600; 'jca enc' keeps the mode\n"
	        "of the FILE it replaces (0666 less the umask for a new one); -outmode\n"
	        "sets it instead. A symbolic link is written through (the file it points\n"
	        "to is replaced, the link kept), as openssl does, except another user's\n"
	        "link in a sticky, world-writable directory such as /tmp (refused, as\n"
	        "the kernel's protected_symlinks rule). A device or FIFO is written\n"
	        "into, never replaced. Output already written to a device or standard\n"
	        "output cannot be taken back: on error, discard it.\n"
	        "\n"
	        "--stream: the file is header || segments, each segment authenticated on\n"
	        "its own (STREAM; Tink's StreamingAead with AES-GCM-HKDF keys reads and\n"
	        "writes it), so 'jca dec --stream' holds one segment in memory, not the\n"
	        "message. -t is AES/GCM/NoPadding (the default) or ChaCha20-Poly1305 when a\n"
	        "provider offers it; the key (16 or 32 bytes: AES-128 or AES-256; 32 for\n"
	        "ChaCha20-Poly1305) goes through HKDF-SHA256 with a random salt into a key\n"
	        "for this file. The AEAD, the key, --segment-size and --aad are not in the\n"
	        "file: decrypt with the same ones. A changed, reordered or spliced segment\n"
	        "or a wrong key or AAD is 'bad decrypt'; a file cut short is 'truncated\n"
	        "input'. Plaintext of segments before the bad one has reached a device or\n"
	        "standard output (discard it); -out FILE is left untouched.\n"
	        "\n"
	        "Exit codes: 0 success, 1 (--stream) bad decrypt or truncated input,\n"
	        "2 any error (usage, key, I/O; without --stream also bad decrypt).\n",
	        cmd, cmd, !strcmp(cmd, "enc") ? "Encrypts" : "Decrypts");
}

/* ---- the cipher loop ---- */

static void output_error(const char *name, int errnum)
{
	msg("%s: %s", strcmp(name, "-") ? quote_name(name) : "standard output", strerror(errnum));
}

/* Reports a failure of cipher_update/cipher_do_final on input in_name. */
static void report_cipher_error(const struct enc_opts *o, int rc, const char *in_name, cipher_ctx *c)
{
	const char *name = quote_name(input_label(in_name));

	if (o->dir == JCA_DECRYPT && (rc == JCA_BADPAD || rc == JCA_BADTAG) && is_aead(c))
		/* the tag covers key, IV, AAD and input alike; without --iv the
		 * IV is part of the input */
		msg("%s: bad decrypt: wrong key, %sAAD or corrupted input", name,
		    o->iv_hex ? "wrong IV, wrong " : "wrong ");
	else if (o->dir == JCA_DECRYPT && (rc == JCA_BADPAD || rc == JCA_BADTAG))
		msg("%s: bad decrypt: wrong key or corrupted input", name);
	else if (o->dir == JCA_DECRYPT && rc == JCA_NOTBLOCK)
		msg("%s: bad decrypt: input is not a whole number of %zu-byte blocks (truncated or corrupted)",
		    name, cipher_block_length(c));
	else if (rc == JCA_NOTBLOCK)
		msg("%s: input is not a whole number of %zu-byte blocks, which %s needs", name,
		    cipher_block_length(c), cipher_algorithm(c));
	else
		msg("%s: %s", name, last_error());
}

/* Streams in_fd through c to out_fd. 0, or -1 after printing why. */
static int pump(const struct enc_opts *o, cipher_ctx *c, int in_fd, const char *in_name, uint64_t size,
                int out_fd, const char *out_name)
{
	static uint8_t in[IO_CHUNK], out[IO_CHUNK + 2 * MAX_IV];
	struct progress pr;
	size_t n;
	int rc = 0;

	progress_begin(&pr, in_name, size);
	for (;;) {
		ssize_t got = read_full(in_fd, in, sizeof in);

		if (got < 0) {
			progress_end(&pr);
			file_error(in_name, errno);
			return -1;
		}
		if (got == 0)
			break;
		rc = cipher_update(c, in, (size_t)got, out, sizeof out, &n);
		if (rc)
			break;
		if (n && write_full(out_fd, out, n) != 0) {
			progress_end(&pr);
			output_error(out_name, errno);
			return -1;
		}
		progress_add(&pr, (size_t)got);
	}
	progress_end(&pr);
	if (!rc) {
		/* GCM decryption releases the whole message here */
		size_t need = cipher_output_size(c, 0);
		uint8_t *fin = need > sizeof out ? malloc(need) : out;

		if (!fin) {
			msg("out of memory for %zu bytes of output", need);
			return -1;
		}
		rc = cipher_do_final(c, NULL, 0, fin, need > sizeof out ? need : sizeof out, &n);
		if (!rc && n && write_full(out_fd, fin, n) != 0) {
			output_error(out_name, errno);
			rc = 1;
		}
		if (fin != out) {
			memset(fin, 0, need);
			free(fin);
		}
		if (rc == 1)
			return -1;
	}
	if (rc) {
		report_cipher_error(o, rc, in_name, c);
		return -1;
	}
	return 0;
}

/* Checks key and IV before any file is touched. 0, or -1 after printing. */
static int check_key(const struct enc_opts *o, cipher_ctx *c, const uint8_t *key, size_t key_len,
                     const uint8_t *iv, size_t iv_len)
{
	static const uint8_t zero[MAX_IV];
	size_t bs = cipher_iv_length(c);
	int rc;

	if (iv && !bs) {
		fprintf(stderr, "jca %s: %s takes no IV (ECB mode): drop --iv\n", o->cmd, cipher_algorithm(c));
		return -1;
	}
	if (iv && iv_len != bs && !is_aead(c)) {
		fprintf(stderr, "jca %s: --iv: %s needs an IV of %zu bytes (%zu hex digits), got %zu bytes\n",
		        o->cmd, cipher_algorithm(c), bs, 2 * bs, iv_len);
		return -1;
	}
	/* a given IV has any length the engine takes (an AEAD); only the IV this
	 * tool reads or writes itself (without --iv) goes through prefix[] */
	if (bs > MAX_IV) {
		fprintf(stderr, "jca %s: %s: its IV of %zu bytes is longer than jca handles (%d)\n", o->cmd,
		        cipher_algorithm(c), bs, MAX_IV);
		return -1;
	}
	/* A trial init: decryption without --iv gets its IV only later. It
	 * decrypts: GCM would refuse to encrypt twice under one key and IV. */
	rc = cipher_init(c, JCA_DECRYPT, key, key_len, iv ? iv : bs ? zero : NULL, iv ? iv_len : bs);
	if (rc) {
		if (rc == JCA_KEYLEN)
			fprintf(stderr, "jca %s: wrong key length: %s\n", o->cmd, last_error());
		else
			fprintf(stderr, "jca %s: %s\n", o->cmd, last_error());
		return -1;
	}
	return 0;
}

/* Sets up direction, key and IV; with a random IV, writes it (enc) or
 * reads it (dec). 0, or -1 after printing why. */
static int start(const struct enc_opts *o, cipher_ctx *c, const uint8_t *key, size_t key_len, const uint8_t *iv,
                 size_t iv_len, int in_fd, int out_fd)
{
	size_t bs = cipher_iv_length(c);
	uint8_t prefix[MAX_IV];
	ssize_t got;

	if (iv || !bs) {
		if (cipher_init(c, o->dir, key, key_len, iv, iv_len) != 0) {
			msg("%s", last_error());
			return -1;
		}
		return 0;
	}
	if (o->dir == JCA_ENCRYPT) {
		if (cipher_init(c, JCA_ENCRYPT, key, key_len, NULL, 0) != 0) {
			msg("%s", last_error());
			return -1;
		}
		if (write_full(out_fd, cipher_iv(c), bs) != 0) {
			output_error(o->out ? o->out : "-", errno);
			return -1;
		}
		return 0;
	}
	got = read_full(in_fd, prefix, bs);
	if (got < 0) {
		file_error(o->in ? o->in : "-", errno);
		return -1;
	}
	if ((size_t)got < bs) {
		msg("%s: bad decrypt: input too short to hold the %zu-byte IV (truncated, or encrypted with --iv?)",
		    quote_name(input_label(o->in ? o->in : "-")), bs);
		return -1;
	}
	if (cipher_init(c, JCA_DECRYPT, key, key_len, prefix, bs) != 0) {
		msg("%s", last_error());
		return -1;
	}
	return 0;
}

/* --stream: the options that apply, and over to enc_stream.c. */
static int run_stream(const struct enc_opts *o)
{
	struct stream_opts so;

	if (o->iv_hex || o->provider) {
		fprintf(stderr, "jca %s: --stream takes no %s (the format makes its nonces; the AEAD comes "
		        "from the first provider)\n", o->cmd, o->iv_hex ? "--iv" : "--provider");
		return EXIT_ERROR;
	}
	memset(&so, 0, sizeof so);
	so.dir = o->dir;
	so.cmd = o->cmd;
	so.aead = o->trans;
	so.key_hex = o->key_hex;
	so.key_file = o->key_file;
	so.aad_hex = o->aad_hex;
	so.in = o->in;
	so.out = o->out;
	so.out_mode = o->out_mode;
	so.segment_size = STREAM_DEFAULT_SEGMENT;
	if (o->segment_size && (parse_count(o->segment_size, &so.segment_size) != 0 || !so.segment_size ||
	                        so.segment_size > JCA_STREAM_MAX_SEGMENT)) {
		fprintf(stderr, "jca %s: --segment-size: '%s' is not a size from 1 to 64M bytes\n", o->cmd,
		        esc(o->segment_size));
		return EXIT_ERROR;
	}
	return enc_stream(&so);
}

static int run(const struct enc_opts *o)
{
	const char *in_name = o->in ? o->in : "-";
	const char *out_name = o->out ? o->out : "-";
	int to_file = strcmp(out_name, "-") != 0;
	uint8_t *key = NULL, *iv = NULL, *aad = NULL;
	size_t key_len = 0, iv_len = 0, aad_len = 0;
	cipher_ctx *c;
	uint64_t size = 0;
	int in_fd = -1, out_fd = -1, rc = EXIT_ERROR;
	static struct out_file of;

	c = o->provider ? cipher_get_instance_from(o->trans, o->provider) : cipher_get_instance(o->trans);
	if (!c) {
		fprintf(stderr, "jca %s: %s\n", o->cmd, last_error());
		return EXIT_ERROR;
	}
	if (load_key(o->cmd, o->key_hex, o->key_file, &key, &key_len) != 0)
		goto out;
	if (o->iv_hex && parse_hex_arg(o->cmd, "--iv", "IV", o->iv_hex, &iv, &iv_len) != 0)
		goto out;
	if (!strchr(o->trans, '/') && strstr(cipher_algorithm(c), "/ECB/"))
		fprintf(stderr, "jca %s: note: '%s' alone means %s (the JCA default); ECB leaks patterns, "
		        "prefer AES/GCM/NoPadding\n", o->cmd, esc(o->trans), cipher_algorithm(c));
	if (o->aad_hex) {
		if (!is_aead(c)) {
			fprintf(stderr, "jca %s: --aad: %s takes no additional authenticated data (an AEAD "
			        "such as GCM does)\n",
			        o->cmd, cipher_algorithm(c));
			goto out;
		}
		if (parse_hex_arg(o->cmd, "--aad", "AAD", o->aad_hex, &aad, &aad_len) != 0)
			goto out;
	}
	if (check_key(o, c, key, key_len, iv, iv_len) != 0)
		goto out;
	in_fd = open_input(in_name, &size);
	if (in_fd < 0) {
		file_error(in_name, errno);
		goto out;
	}
	if (to_file) {
		if (out_open(o->cmd, out_name, o->out_mode, &of) != 0)
			goto out;
		out_fd = of.fd;
		out_name = of.name;
	} else {
		out_fd = STDOUT_FILENO;
	}
	if (start(o, c, key, key_len, iv, iv_len, in_fd, out_fd) != 0 ||
	    (aad && cipher_update_aad(c, aad, aad_len) != 0 && (msg("%s", last_error()), 1)) ||
	    pump(o, c, in_fd, in_name, size, out_fd, out_name) != 0) {
		if (to_file)
			out_abort(&of);
		goto out;
	}
	if (to_file && out_commit(&of) != 0)
		goto out;
	rc = 0;
out:
	if (in_fd >= 0)
		close_input(in_fd);
	cipher_free(c);
	free_secret(key, key_len);
	free(iv);
	free(aad);
	return rc;
}

int cmd_enc(int argc, char **argv)
{
	enum { O_TRANS = 1, O_KEY, O_KEY_FILE, O_IV, O_IN, O_OUT, O_OUTMODE, O_PROVIDER, O_HELP, O_AAD, O_STREAM,
	       O_SEGMENT };
	static const struct opt opts[] = {
		{ O_TRANS, 't', "transformation", 1, 0 },
		{ O_TRANS, 'a', "algorithm", 1, 0 },
		{ O_KEY, 'K', "key", 1, 0 },
		{ O_KEY_FILE, 0, "key-file", 1, 0 },
		{ O_IV, 0, "iv", 1, 1 },
		{ O_AAD, 0, "aad", 1, 0 },
		{ O_IN, 'i', "in", 1, 1 },
		{ O_OUT, 'o', "out", 1, 1 },
		{ O_OUTMODE, 0, "outmode", 1, 1 },
		{ O_PROVIDER, 'P', "provider", 1, 0 },
		{ O_HELP, 'h', "help", 0, 0 },
		{ O_STREAM, 0, "stream", 0, 0 },
		{ O_SEGMENT, 0, "segment-size", 1, 0 },
		{ 0, 0, NULL, 0, 0 }
	};
	struct enc_opts o;
	struct opt_parser p;
	const char *arg;
	int id, mode = -1;

	memset(&o, 0, sizeof o);
	o.cmd = argv[0];
	o.dir = strcmp(argv[0], "dec") ? JCA_ENCRYPT : JCA_DECRYPT;
	opt_init(&p, argc, argv, o.cmd);
	while ((id = opt_next(&p, opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_TRANS: o.trans = arg; break;
		case O_KEY: o.key_hex = arg; break;
		case O_KEY_FILE: o.key_file = arg; break;
		case O_IV: o.iv_hex = arg; break;
		case O_AAD: o.aad_hex = arg; break;
		case O_IN: o.in = arg; break;
		case O_OUT: o.out = arg; break;
		case O_OUTMODE:
			if (parse_out_mode(o.cmd, arg, &mode) != 0)
				return EXIT_ERROR;
			break;
		case O_PROVIDER: o.provider = arg; break;
		case O_STREAM: o.stream = 1; break;
		case O_SEGMENT: o.segment_size = arg; break;
		case O_HELP: usage_enc(stdout, o.cmd); return 0;
		case OPT_OPERAND:
			fprintf(stderr, "jca %s: unexpected argument '%s' (use -in FILE / -out FILE)\n", o.cmd, esc(arg));
			try_help(o.cmd);
			return EXIT_ERROR;
		default: return EXIT_ERROR;
		}
	}
	/* plaintext is a secret: mode 0600 unless asked otherwise */
	o.out_mode = out_mode(mode, o.dir == JCA_DECRYPT);
	if (o.segment_size && !o.stream) {
		fprintf(stderr, "jca %s: --segment-size needs --stream\n", o.cmd);
		return EXIT_ERROR;
	}
	if (o.stream)
		return run_stream(&o);
	if (!o.trans) {
		fprintf(stderr, "jca %s: no transformation given (-t AES/CBC/PKCS5Padding)\n", o.cmd);
		try_help(o.cmd);
		return EXIT_ERROR;
	}
	return run(&o);
}
