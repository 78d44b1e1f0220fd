/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca speed: throughput of digests, HMACs and ciphers per input size, as
 * 'openssl speed' does, and the cost of getting an instance; with
 * --threads T, T threads run together and the aggregate is reported.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "cli.h"

#define MAX_SIZES 32
#define MAX_BYTES (64u << 20)
#define MAX_THREADS 1024

enum kind { K_MD, K_MAC, K_ENC, K_DEC };
/* What a worker measures. */
enum mode { M_THROUGHPUT, M_GET_INSTANCE, M_NEW_FROM_HANDLE };

struct item {
	enum kind kind;
	char name[128];         /* canonical name */
	char label[192];
	size_t key_len;
};

struct shared {
	const struct item *it;
	enum mode mode;
	size_t size;
	const md_handle *handle;
};

struct instance {
	md_ctx *md;
	mac_ctx *mac;
	cipher_ctx *c;
	uint8_t *buf, *out;
	size_t out_len;
	/* GCM: one whole message per operation, so encryption draws a new IV
	 * (a counter) each time and decryption opens a sealed copy of buf */
	int aead, enc, key_len;
	uint8_t *sealed;
	uint8_t iv[12];
	uint64_t msgs;
};

/* One thread's work, run by the harness (harness.c). */
struct worker {
	struct shared *sh;
	struct instance in;
	int ready;              /* in is open (throughput mode) */
	char error[256];
};

static const uint8_t bench_key[64] = {
	0x42, 0x13, 0x37, 0x99, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
};
static const uint8_t zero_iv[32];

static void usage_speed(FILE *f)
{
	fprintf(f,
	        "usage: jca speed [ALG...] [--bytes N] [--seconds S] [--threads T]\n"
	        "\n"
	        "Measures throughput in MB/s (10^6 bytes per second) for each input size,\n"
	        "as 'openssl speed' does: a digest or HMAC of one whole message of that\n"
	        "size per operation (update + final), and for a cipher, cipher_update on\n"
	        "a buffer of that size, encrypting and decrypting (GCM: one whole message\n"
	        "per operation, cipher_init with a new IV + cipher_do_final, tag included;\n"
	        "decryption opens one sealed message again and again). Then the cost of\n"
	        "getting an instance in ns per call (md_get_instance + md_free,\n"
	        "md_new from an md_lookup handle + md_free, mac_get_instance + mac_free,\n"
	        "cipher_get_instance + cipher_free).\n"
	        "\n"
	        "ALG is a MessageDigest (SHA-256), a Mac (HmacSHA256) or a Cipher\n"
	        "transformation (AES/CBC/NoPadding; the key size is the smallest that it\n"
	        "accepts among 16, 24, 32 bytes). Default: SHA-1 SHA-256 SHA-512 SHA3-256\n"
	        "HmacSHA256 AES_128/CBC/NoPadding.\n"
	        "\n"
	        "  -b, --bytes N      measure N-byte inputs (repeatable; suffixes k, m);\n"
	        "                     default 16 64 256 1024 8192 16384\n"
	        "  -s, --seconds S    seconds per measurement (default 1; decimals allowed)\n"
	        "  -T, --threads T    run T threads at once and report the aggregate\n"
	        "                     (default 1)\n"
	        "  -h, --help         this help\n");
}

/* ---- resolving the algorithms ---- */

/* The smallest key length, 16, 24 or 32 first, that c accepts. */
static size_t cipher_key_length(cipher_ctx *c)
{
	static const size_t first[] = { 16, 24, 32 };
	size_t i, iv_len = cipher_iv_length(c);
	const uint8_t *iv = iv_len ? zero_iv : NULL;

	if (iv_len > sizeof zero_iv)
		return 0;
	for (i = 0; i < 3; i++)
		if (cipher_init(c, JCA_ENCRYPT, bench_key, first[i], iv, iv_len) == 0)
			return first[i];
	for (i = 1; i < sizeof bench_key; i++)
		if (cipher_init(c, JCA_ENCRYPT, bench_key, i, iv, iv_len) == 0)
			return i;
	return 0;
}

/* Adds the items for one name; returns the count added (0 after an error
 * message). */
static int resolve(const char *name, struct item *items)
{
	md_ctx *md;
	mac_ctx *mac;
	cipher_ctx *c;

	if ((md = md_get_instance(name))) {
		items[0].kind = K_MD;
		/* measure what was asked for: a driver name picks one backend */
		snprintf(items[0].name, sizeof items[0].name, "%s", name);
		snprintf(items[0].label, sizeof items[0].label, "%s [%s]", md_algorithm(md), md_implementation(md));
		md_free(md);
		return 1;
	}
	if ((mac = mac_get_instance(name))) {
		items[0].kind = K_MAC;
		snprintf(items[0].name, sizeof items[0].name, "%s", name);
		snprintf(items[0].label, sizeof items[0].label, "%s", mac_algorithm(mac));
		mac_free(mac);
		return 1;
	}
	if ((c = cipher_get_instance(name))) {
		size_t key_len = cipher_key_length(c);
		char bits[16];
		int pinned, i;

		/* the key size shows in the label unless the name has it (AES_128) */
		snprintf(bits, sizeof bits, "%zu", 8 * key_len);
		pinned = strstr(cipher_algorithm(c), bits) != NULL;

		if (!key_len) {
			msg("speed: %s: no key length accepted", cipher_algorithm(c));
			cipher_free(c);
			return 0;
		}
		for (i = 0; i < 2; i++) {
			items[i].kind = i ? K_DEC : K_ENC;
			items[i].key_len = key_len;
			snprintf(items[i].name, sizeof items[i].name, "%s", name);
			if (pinned)
				snprintf(items[i].label, sizeof items[i].label, "%s %s [%s]", cipher_algorithm(c),
				         i ? "decrypt" : "encrypt", cipher_implementation(c));
			else
				snprintf(items[i].label, sizeof items[i].label, "%s %s (%zu-bit key) [%s]",
				         cipher_algorithm(c), i ? "decrypt" : "encrypt", 8 * key_len,
				         cipher_implementation(c));
		}
		cipher_free(c);
		return 2;
	}
	msg("speed: unknown algorithm '%s' (no MessageDigest, Mac or Cipher of that name)", esc(name));
	return 0;
}

/* ---- workers ---- */

static int instance_open(struct worker *w, struct instance *in)
{
	const struct item *it = w->sh->it;
	size_t size = w->sh->size;

	memset(in, 0, sizeof *in);
	in->buf = calloc(1, size + 64);
	if (!in->buf)
		goto fail;
	switch (it->kind) {
	case K_MD:
		if (!(in->md = md_get_instance(it->name)))
			goto fail;
		in->out_len = md_length(in->md);
		break;
	case K_MAC:
		if (!(in->mac = mac_get_instance(it->name)) || mac_init(in->mac, bench_key, 32) != 0)
			goto fail;
		in->out_len = mac_length(in->mac);
		break;
	case K_ENC:
	case K_DEC: {
		size_t iv_len;

		if (!(in->c = cipher_get_instance(it->name)))
			goto fail;
		in->aead = strstr(cipher_algorithm(in->c), "/GCM/") != NULL;
		in->enc = it->kind == K_ENC;
		in->key_len = (int)it->key_len;
		if (in->aead) {
			size_t n;

			/* a sealed message to open (decryption), and room for the tag */
			in->sealed = malloc(size + 64);
			if (!in->sealed || cipher_init(in->c, JCA_ENCRYPT, bench_key, it->key_len, in->iv, 12) != 0 ||
			    cipher_do_final(in->c, in->buf, size, in->sealed, size + 64, &n) != 0)
				goto fail;
			in->msgs = 1;
			if (!in->enc && cipher_init(in->c, JCA_DECRYPT, bench_key, it->key_len, in->iv, 12) != 0)
				goto fail;
			break;
		}
		iv_len = cipher_iv_length(in->c);
		if (cipher_init(in->c, in->enc ? JCA_ENCRYPT : JCA_DECRYPT, bench_key, it->key_len,
		                iv_len ? zero_iv : NULL, iv_len) != 0)
			goto fail;
		break;
	}
	}
	in->out = malloc(in->out_len + 1);
	if (!in->out)
		goto fail;
	return 0;
fail:
	snprintf(w->error, sizeof w->error, "%s", in->buf ? last_error() : "out of memory");
	return -1;
}

static void instance_close(struct instance *in)
{
	md_free(in->md);
	mac_free(in->mac);
	cipher_free(in->c);
	free(in->buf);
	free(in->out);
	free(in->sealed);
}

/* One operation; 0 or -1. */
static int instance_op(struct instance *in, size_t size)
{
	size_t n;

	if (in->md)
		return md_update(in->md, in->buf, size) ||
		       (md_is_xof(in->md) ? md_digest_xof(in->md, in->out, in->out_len)
		                          : md_digest(in->md, in->out, in->out_len, &n)) ? -1 : 0;
	if (in->mac)
		return mac_update(in->mac, in->buf, size) || mac_do_final(in->mac, in->out, in->out_len, &n) ? -1 : 0;
	if (in->aead && in->enc) {
		/* a fresh IV per message: GCM refuses to encrypt twice under one */
		in->msgs++;
		memcpy(in->iv + 4, &in->msgs, 8);
		return cipher_init(in->c, JCA_ENCRYPT, bench_key, (size_t)in->key_len, in->iv, 12) ||
		       cipher_do_final(in->c, in->buf, size, in->buf, size + 64, &n) ? -1 : 0;
	}
	if (in->aead)       /* open the sealed message; the object stays initialised */
		return cipher_do_final(in->c, in->sealed, size + 16, in->buf, size + 64, &n) ? -1 : 0;
	return cipher_update(in->c, in->buf, size, in->buf, size + 64, &n) ? -1 : 0;
}

/* One get-instance-and-free; 0 or -1. */
static int instance_cost_op(const struct shared *sh)
{
	const struct item *it = sh->it;

	if (sh->mode == M_NEW_FROM_HANDLE) {
		md_ctx *md = md_new(sh->handle);

		md_free(md);
		return md ? 0 : -1;
	}
	switch (it->kind) {
	case K_MD: {
		md_ctx *md = md_get_instance(it->name);

		md_free(md);
		return md ? 0 : -1;
	}
	case K_MAC: {
		mac_ctx *m = mac_get_instance(it->name);

		mac_free(m);
		return m ? 0 : -1;
	}
	default: {
		cipher_ctx *c = cipher_get_instance(it->name);

		cipher_free(c);
		return c ? 0 : -1;
	}
	}
}

/* The harness calls this with n = 1 until the time is up; 0 or -1. */
static int worker_run(void *arg, uint64_t n)
{
	struct worker *w = arg;
	struct shared *sh = w->sh;

	for (uint64_t i = 0; i < n; i++) {
		int rc = sh->mode == M_THROUGHPUT ? instance_op(&w->in, sh->size) : instance_cost_op(sh);

		if (rc) {
			snprintf(w->error, sizeof w->error, "%s", last_error());
			return -1;
		}
	}
	return 0;
}

struct result {
	double ops_per_sec;     /* aggregate over threads */
	double ns_per_op;       /* mean per thread */
};

/* Runs one measurement on `threads` threads for `seconds`. 0, or -1
 * after printing why. */
static int measure(const struct item *it, enum mode mode, size_t size, const md_handle *handle, int threads,
                   double seconds, struct result *res)
{
	struct shared sh = { .it = it, .mode = mode, .size = size, .handle = handle };
	struct worker *w = calloc((size_t)threads, sizeof *w);
	harness_thread *th = calloc((size_t)threads, sizeof *th);
	int i, rc = 0;
	double ns = 0;

	if (!w || !th) {
		free(w);
		free(th);
		msg("out of memory");
		return -1;
	}
	for (i = 0; i < threads && !rc; i++) {
		w[i].sh = &sh;
		th[i].arg = &w[i];
		if (mode == M_THROUGHPUT) {
			if (instance_open(&w[i], &w[i].in) != 0) {
				msg("speed: %s: %s", it->label, w[i].error);
				rc = -1;
			}
			w[i].ready = 1;
		}
	}
	if (!rc && harness_run(worker_run, th, threads, 1, seconds) != 0) {
		msg("speed: cannot start %d threads: %s", threads, strerror(errno));
		rc = -1;
	}
	res->ops_per_sec = 0;
	for (i = 0; i < threads; i++) {
		double secs = (double)(th[i].t1 - th[i].t0) / 1e9;

		if (w[i].ready)
			instance_close(&w[i].in);
		if (rc)
			continue;
		if (th[i].failed && !rc) {
			msg("speed: %s: %s", it->label, w[i].error);
			rc = -1;
		}
		if (secs > 0)
			res->ops_per_sec += (double)th[i].ops / secs;
		if (th[i].ops)
			ns += secs * 1e9 / (double)th[i].ops;
	}
	res->ns_per_op = ns / threads;
	free(w);
	free(th);
	return rc;
}

/* ---- the command ---- */

static void print_header(int width, const size_t *sizes, size_t n)
{
	size_t i;

	printf("%-*s", width, "algorithm");
	for (i = 0; i < n; i++) {
		char col[32];

		snprintf(col, sizeof col, "%zu bytes", sizes[i]);
		printf(" %12s", col);
	}
	putchar('\n');
}

int cmd_speed(int argc, char **argv)
{
	enum { O_BYTES = 1, O_SECONDS, O_THREADS, O_HELP };
	static const struct opt opts[] = {
		{ O_BYTES, 'b', "bytes", 1, 1 },
		{ O_SECONDS, 's', "seconds", 1, 1 },
		{ O_THREADS, 'T', "threads", 1, 0 },
		{ O_HELP, 'h', "help", 0, 0 },
		{ 0, 0, NULL, 0, 0 }
	};
	static const char *const defaults[] = { "SHA-1", "SHA-256", "SHA-512", "SHA3-256", "HmacSHA256",
		                                "AES_128/CBC/NoPadding" };
	size_t sizes[MAX_SIZES] = { 16, 64, 256, 1024, 8192, 16384 }, nsizes = 6, nitems = 0, nnames = 0, i, j;
	const char **names = calloc((size_t)argc + sizeof defaults / sizeof defaults[0], sizeof *names);
	struct item *items = NULL;
	double seconds = 1.0;
	int threads = 1, id, width = 24, user_sizes = 0, rc = 0;
	struct opt_parser p;
	const char *arg;

	if (!names) {
		msg("out of memory");
		return EXIT_ERROR;
	}
	opt_init(&p, argc, argv, "speed");
	while ((id = opt_next(&p, opts, &arg)) != OPT_DONE) {
		uint64_t v;

		switch (id) {
		case OPT_OPERAND: names[nnames++] = arg; break;
		case O_BYTES:
			if (parse_count(arg, &v) != 0 || v == 0 || v > MAX_BYTES) {
				fprintf(stderr, "jca speed: --bytes: expected a size from 1 to %u\n", MAX_BYTES);
				goto usage_error;
			}
			if (!user_sizes++)
				nsizes = 0;
			if (nsizes == MAX_SIZES) {
				fprintf(stderr, "jca speed: at most %d sizes\n", MAX_SIZES);
				goto usage_error;
			}
			sizes[nsizes++] = (size_t)v;
			break;
		case O_SECONDS:
			if (parse_seconds(arg, &seconds) != 0) {
				fprintf(stderr, "jca speed: --seconds: expected a positive number of seconds\n");
				goto usage_error;
			}
			break;
		case O_THREADS:
			if (parse_count(arg, &v) != 0 || v == 0 || v > MAX_THREADS) {
				fprintf(stderr, "jca speed: --threads: expected a number from 1 to %d\n", MAX_THREADS);
				goto usage_error;
			}
			threads = (int)v;
			break;
		case O_HELP: usage_speed(stdout); free(names); return 0;
		default: goto usage_error;
		}
	}
	if (!nnames)
		for (i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
			names[nnames++] = defaults[i];
	items = calloc(2 * nnames, sizeof *items);
	if (!items) {
		msg("out of memory");
		free(names);
		return EXIT_ERROR;
	}
	for (i = 0; i < nnames; i++) {
		int n = resolve(names[i], items + nitems);

		if (!n) {
			free(items);
			free(names);
			return EXIT_ERROR;
		}
		nitems += (size_t)n;
	}
	for (i = 0; i < nitems; i++)
		if ((int)strlen(items[i].label) + 1 > width)
			width = (int)strlen(items[i].label) + 1;

	printf("jca speed: %d thread%s, %.2f s per measurement; throughput in MB/s (10^6 bytes/s)%s\n\n", threads,
	       threads == 1 ? "" : "s", seconds, threads > 1 ? ", aggregate of all threads" : "");
	print_header(width, sizes, nsizes);
	for (i = 0; i < nitems && !rc; i++) {
		printf("%-*s", width, items[i].label);
		fflush(stdout);
		for (j = 0; j < nsizes; j++) {
			struct result r;

			if (measure(&items[i], M_THROUGHPUT, sizes[j], NULL, threads, seconds, &r) != 0) {
				rc = EXIT_ERROR;
				break;
			}
			printf(" %12.2f", r.ops_per_sec * (double)sizes[j] / 1e6);
			fflush(stdout);
		}
		putchar('\n');
	}
	if (rc)
		goto out;

	printf("\nget-instance cost (ns per call%s)\n", threads > 1 ? " per thread; ops/s of all threads" : "");
	printf("%-*s %-40s %12s %14s\n", width, "algorithm", "calls", "ns/call", "calls/s");
	for (i = 0; i < nitems && !rc; i++) {
		static const char *const calls[] = { "md_get_instance + md_free", "mac_get_instance + mac_free",
			                             "cipher_get_instance + cipher_free" };
		struct result r;

		if (items[i].kind == K_DEC)
			continue;       /* the same instance as its encrypt row */
		if (measure(&items[i], M_GET_INSTANCE, 0, NULL, threads, seconds, &r) != 0) {
			rc = EXIT_ERROR;
			break;
		}
		printf("%-*s %-40s %12.1f %14.0f\n", width, items[i].name,
		       calls[items[i].kind == K_MD ? 0 : items[i].kind == K_MAC ? 1 : 2], r.ns_per_op, r.ops_per_sec);
		if (items[i].kind == K_MD) {
			const md_handle *h = md_lookup(items[i].name);

			if (!h || measure(&items[i], M_NEW_FROM_HANDLE, 0, h, threads, seconds, &r) != 0) {
				if (!h)
					msg("speed: %s", last_error());
				rc = EXIT_ERROR;
				break;
			}
			printf("%-*s %-40s %12.1f %14.0f\n", width, items[i].name, "md_new(md_lookup handle) + md_free",
			       r.ns_per_op, r.ops_per_sec);
		}
		fflush(stdout);
	}
out:
	free(items);
	free(names);
	return rc;
usage_error:
	try_help("speed");
	free(names);
	return EXIT_ERROR;
}
