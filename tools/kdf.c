/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca kdf: PBKDF2, HKDF and the providers' KDFs (SCRYPT, Argon2id) from
 * the command line; prints the derived bytes in hex.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static void usage_kdf(FILE *f)
{
	fprintf(f,
	        "usage: jca kdf -a PBKDF2WithHmacSHA256 (-p PASSWORD | -K HEX | --key-file F)\n"
	        "               -s SALT_HEX --iterations N -l LENGTH\n"
	        "       jca kdf -a HKDF-SHA256 (-K HEX | --key-file F) [-s SALT_HEX]\n"
	        "               [--info HEX] [-m extract|expand|extract-expand] -l LENGTH\n"
	        "       jca kdf -a SCRYPT (-p PASSWORD | -K HEX | --key-file F) [-s SALT_HEX]\n"
	        "               --cost N --block-size R --parallelism P -l LENGTH\n"
	        "       jca kdf -a Argon2id (-p PASSWORD | -K HEX | --key-file F) -s SALT_HEX\n"
	        "               --iterations T --cost KIB --parallelism LANES\n"
	        "               [--pepper HEX] [--info HEX] -l LENGTH\n"
	        "\n"
	        "Derives LENGTH bytes and prints them in hex. PBKDF2 (RFC 8018) runs over\n"
	        "any Mac of the registry (PBKDF2WithHmacSHA1, ...SHA256, ...SHA512,\n"
	        "...SHA3-256, plugins' HMACs); HKDF (RFC 5869) over any HMAC (HKDF-SHA256,\n"
	        "HKDF-SHA384, HKDF-SHA512, HKDFWith<Mac>). Other KDFs come from providers:\n"
	        "SCRYPT (RFC 7914) from the OpenSSL bridge, Argon2id (RFC 9106) from the\n"
	        "example plugin (`jca list` shows what is loaded).\n"
	        "\n"
	        "  -a, --algorithm ALG     the KDF\n"
	        "  -p, --password TEXT     the password as text (visible in ps:\n"
	        "                          prefer --key-file)\n"
	        "  -K, --key HEX           the password (PBKDF2, scrypt, Argon2), input keying material\n"
	        "                          (HKDF extract) or PRK (HKDF expand) in hex\n"
	        "      --key-file FILE     the same, the raw bytes of FILE\n"
	        "  -s, --salt HEX          salt (PBKDF2, Argon2: required; HKDF, scrypt: optional)\n"
	        "      --info HEX          HKDF: context information; Argon2: associated data\n"
	        "      --pepper HEX        Argon2: the secret key K\n"
	        "      --iterations N      PBKDF2: iteration count; Argon2: passes t (-iter N\n"
	        "                          too, as in openssl); k = 1000 and M = 1000000\n"
	        "                          allowed (600k = 600000)\n"
	        "      --cost N            scrypt: N (a power of 2); Argon2: memory in KiB;\n"
	        "                          k = 1024 allowed (64k = 65536)\n"
	        "      --block-size R      scrypt: r\n"
	        "      --parallelism P     scrypt: p; Argon2: lanes\n"
	        "  -l, --length N          bytes to derive (HKDF extract: the hash length);\n"
	        "                          k = 1024 allowed\n"
	        "  -m, --mode MODE         HKDF: extract, expand or extract-expand (default)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error (the message names the parameter).\n");
}

enum { O_ALG = 1, O_PASS, O_KEY, O_KEY_FILE, O_SALT, O_INFO, O_ITER, O_LEN, O_MODE, O_HELP, O_NOT_I,
       O_COST, O_BLOCK, O_PAR, O_PEPPER };

static const struct opt kdf_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 0 },
	{ O_PASS, 'p', "password", 1, 0 },
	{ O_KEY, 'K', "key", 1, 0 },
	{ O_KEY_FILE, 0, "key-file", 1, 0 },
	{ O_SALT, 's', "salt", 1, 0 },
	{ O_INFO, 0, "info", 1, 0 },
	{ O_ITER, 0, "iterations", 1, 0 },       /* no short form: -c is --check in dgst and mac */
	{ O_ITER, 0, "iter", 1, 1 },            /* -iter N, as openssl enc's */
	/* -i is the input in jca enc/dec: here it is refused, with the way to
	 * give the iteration count (it was that once) */
	{ O_NOT_I, 'i', NULL, 0, 0 },
	{ O_COST, 0, "cost", 1, 0 },
	{ O_BLOCK, 0, "block-size", 1, 0 },
	{ O_PAR, 0, "parallelism", 1, 0 },
	{ O_PEPPER, 0, "pepper", 1, 0 },
	{ O_LEN, 'l', "length", 1, 0 },
	{ O_MODE, 'm', "mode", 1, 0 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

int cmd_kdf(int argc, char **argv)
{
	const char *alg = NULL, *pass = NULL, *key_hex = NULL, *key_file = NULL, *salt_hex = NULL;
	const char *info_hex = NULL, *iter = NULL, *len = NULL, *mode = NULL, *arg;
	const char *cost = NULL, *block = NULL, *par = NULL, *pepper_hex = NULL;
	struct opt_parser p;
	uint8_t *secret = NULL, *salt = NULL, *info = NULL, *pepper = NULL, *out = NULL;
	size_t secret_len = 0, salt_len = 0, info_len = 0, pepper_len = 0;
	uint64_t iterations = 0, out_len = 0, cost_n = 0, block_n = 0, par_n = 0;
	kdf_params kp;
	kdf_ctx *k = NULL;
	char *hex = NULL;
	int id, rc = EXIT_ERROR;

	opt_init(&p, argc, argv, "kdf");
	while ((id = opt_next(&p, kdf_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case OPT_OPERAND:
			/* not repeated: it may be a password typed without -p */
			fprintf(stderr, "jca kdf: unexpected operand (not shown: it may be a secret; "
			        "a password goes after -p)\n");
			try_help("kdf");
			return EXIT_ERROR;
		case O_ALG: alg = arg; break;
		case O_PASS: pass = arg; break;
		case O_KEY: key_hex = arg; break;
		case O_KEY_FILE: key_file = arg; break;
		case O_SALT: salt_hex = arg; break;
		case O_INFO: info_hex = arg; break;
		case O_ITER: iter = arg; break;
		case O_LEN: len = arg; break;
		case O_MODE: mode = arg; break;
		case O_COST: cost = arg; break;
		case O_BLOCK: block = arg; break;
		case O_PAR: par = arg; break;
		case O_PEPPER: pepper_hex = arg; break;
		case O_HELP: usage_kdf(stdout); return 0;
		case O_NOT_I:
			fprintf(stderr, "jca kdf: unknown option '-i' (the iteration count is "
			        "--iterations N or -iter N)\n");
			try_help("kdf");
			return EXIT_ERROR;
		default: return EXIT_ERROR;
		}
	}
	if (!alg || !len) {
		fprintf(stderr, "jca kdf: %s\n", !alg ? "no algorithm given (-a ALG)" : "no length given (-l N)");
		try_help("kdf");
		return EXIT_ERROR;
	}
	memset(&kp, 0, sizeof kp);
	if (pass) {
		if (key_hex || key_file) {
			fprintf(stderr, "jca kdf: give the secret once: -p, -K or --key-file\n");
			return EXIT_ERROR;
		}
		secret_len = strlen(pass);
		secret = (uint8_t *)strdup(pass);
		if (!secret) {
			msg("out of memory");
			return EXIT_ERROR;
		}
	} else if (load_key("kdf", key_hex, key_file, &secret, &secret_len) != 0) {
		return EXIT_ERROR;
	}
	if ((salt_hex && parse_hex_arg("kdf", "-s", "salt", salt_hex, &salt, &salt_len) != 0) ||
	    (info_hex && parse_hex_arg("kdf", "--info", "info", info_hex, &info, &info_len) != 0) ||
	    (pepper_hex && parse_hex_arg("kdf", "--pepper", "pepper", pepper_hex, &pepper, &pepper_len) != 0))
		goto out;
	if (cost && parse_count(cost, &cost_n) != 0) {
		fprintf(stderr, "jca kdf: --cost must be a count (k = 1024 allowed)\n");
		goto out;
	}
	if ((block && (parse_decimal_count(block, &block_n) != 0 || block_n > UINT32_MAX)) ||
	    (par && (parse_decimal_count(par, &par_n) != 0 || par_n > UINT32_MAX))) {
		fprintf(stderr, "jca kdf: %s must be a count below 2^32\n",
		        block && (parse_decimal_count(block, &block_n) != 0 || block_n > UINT32_MAX) ?
		        "--block-size" : "--parallelism");
		goto out;
	}
	if (iter && parse_decimal_count(iter, &iterations) != 0) {
		fprintf(stderr, "jca kdf: --iterations must be a number of iterations (k = 1000, M = 1000000 allowed)\n");
		goto out;
	}
	if (parse_count(len, &out_len) != 0 || out_len == 0 || out_len > (1u << 30)) {
		fprintf(stderr, "jca kdf: -l must be a positive count of bytes, at most 1G\n");
		goto out;
	}
	if (mode) {
		if (!strcmp(mode, "extract"))
			kp.mode = KDF_HKDF_EXTRACT;
		else if (!strcmp(mode, "expand"))
			kp.mode = KDF_HKDF_EXPAND;
		else if (!strcmp(mode, "extract-expand") || !strcmp(mode, "extract-then-expand"))
			kp.mode = KDF_HKDF_EXTRACT_EXPAND;
		else {
			fprintf(stderr, "jca kdf: -m: extract, expand or extract-expand, not '%s'\n", esc(mode));
			goto out;
		}
	}
	kp.secret = secret;
	kp.secret_len = secret_len;
	kp.salt = salt;
	kp.salt_len = salt_len;
	kp.info = info;
	kp.info_len = info_len;
	kp.iterations = iterations;
	kp.key = pepper;
	kp.key_len = pepper_len;
	kp.cost = cost_n;
	kp.block_size = (uint32_t)block_n;
	kp.parallelism = (uint32_t)par_n;
	k = kdf_get_instance(alg);
	out = malloc(out_len);
	hex = malloc(2 * out_len + 1);
	if (!k || !out || !hex) {
		msg("%s", k ? "out of memory" : last_error());
		goto out;
	}
	if (!iter && !strncasecmp(kdf_algorithm(k), "PBKDF2", 6)) {
		fprintf(stderr, "jca kdf: %s needs an iteration count: --iterations N (e.g. --iterations 600k)\n", kdf_algorithm(k));
		try_help("kdf");
		goto out;
	}
	if (kdf_init(k, &kp) != 0 || kdf_derive(k, out, out_len) != 0) {
		msg("%s", last_error());
		goto out;
	}
	to_hex(out, out_len, hex);
	printf("%s\n", hex);
	rc = 0;
out:
	kdf_free(k);
	free_secret(secret, secret_len);
	free(salt);
	free(info);
	free_secret(pepper, pepper_len);
	free_secret(out, out_len);
	free_secret(hex, 2 * out_len + 1);
	return rc;
}
