/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca rand: N random bytes from the default SecureRandom (jca_random), or
 * from a named SecureRandom of any provider (builtin's DRBG and
 * NativePRNG, a plugin's) with a DRBG mechanism, raw or in hex.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void usage_rand(FILE *f)
{
	fprintf(f,
	        "usage: jca rand [-a ALG] [-m MECHANISM] [--hex] [-o FILE] N\n"
	        "\n"
	        "Writes N random bytes (N may end in k, M or G: binary multiples) to\n"
	        "standard output or FILE: raw, or with --hex as lower-case hex and a\n"
	        "newline. By default they come from libjca's default SecureRandom\n"
	        "(jca_random: a per-thread CTR_DRBG over AES-256 seeded from the kernel).\n"
	        "\n"
	        "  -a, --algorithm ALG     a SecureRandom instead: DRBG, NativePRNG or a\n"
	        "                          plugin's (OpenSSL-CTR-DRBG, PKCS11-RNG; see\n"
	        "                          'jca list')\n"
	        "  -m, --mechanism M       DRBG mechanism, as the JDK's securerandom.drbg.config:\n"
	        "                          Hash_DRBG,SHA-512 | HMAC_DRBG,SHA-256 |\n"
	        "                          CTR_DRBG,AES-128,no_df | ...,pr_and_reseed\n"
	        "                          (implies -a DRBG; with a deterministic -a ALG\n"
	        "                          such as OpenSSL-CTR-DRBG, its own mechanism)\n"
	        "  -x, --hex               hex output\n"
	        "  -o, -out, --out FILE    output file (created with mode 0600)\n"
	        "  -P, --provider NAME     use this provider only (with -a)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error.\n");
}

enum { O_ALG = 1, O_MECH, O_HEX, O_OUT, O_PROVIDER, O_HELP };

static const struct opt rand_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 0 },
	{ O_MECH, 'm', "mechanism", 1, 0 },
	{ O_HEX, 'x', "hex", 0, 0 },
	{ O_OUT, 'o', "out", 1, 1 },
	{ O_PROVIDER, 'P', "provider", 1, 0 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

#define CHUNK 65536

int cmd_rand(int argc, char **argv)
{
	const char *alg = NULL, *mech = NULL, *out = NULL, *provider = NULL, *count = NULL, *arg;
	struct opt_parser p;
	random_ctx *r = NULL;
	uint64_t n = 0;
	uint8_t buf[CHUNK];
	char hex[2 * CHUNK + 1];
	int id, hexout = 0, fd = 1, rc = EXIT_ERROR;

	opt_init(&p, argc, argv, "rand");
	while ((id = opt_next(&p, rand_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case OPT_OPERAND:
			if (count) {
				fprintf(stderr, "jca rand: one byte count only\n");
				try_help("rand");
				return EXIT_ERROR;
			}
			count = arg;
			break;
		case O_ALG: alg = arg; break;
		case O_MECH: mech = arg; break;
		case O_HEX: hexout = 1; break;
		case O_OUT: out = arg; break;
		case O_PROVIDER: provider = arg; break;
		case O_HELP: usage_rand(stdout); return 0;
		default: return EXIT_ERROR;
		}
	}
	if (!count || parse_count(count, &n) != 0) {
		fprintf(stderr, "jca rand: %s\n", count ? "N must be a byte count (e.g. 32, 4k, 1M)"
		                                        : "no byte count given");
		try_help("rand");
		return EXIT_ERROR;
	}
	if (mech && !alg)
		alg = "DRBG";
	if (provider && !alg) {
		fprintf(stderr, "jca rand: -P needs -a ALG\n");
		return EXIT_ERROR;
	}
	if (alg) {
		r = provider ? random_get_instance_from(alg, provider) : random_get_instance(alg);
		if (!r) {
			msg("%s", last_error());
			return EXIT_ERROR;
		}
		if (mech) {
			random_params rp;

			memset(&rp, 0, sizeof rp);
			rp.mechanism = mech;
			if (random_init(r, &rp) != 0) {
				msg("%s", last_error());
				random_free(r);
				return EXIT_ERROR;
			}
		}
	}
	if (out && strcmp(out, "-")) {
		fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (fd < 0) {
			file_error(out, errno);
			random_free(r);
			return EXIT_ERROR;
		}
	}
	while (n) {
		size_t k = n < CHUNK ? (size_t)n : CHUNK;
		int st = r ? random_next_bytes(r, buf, k) : jca_random(buf, k);

		if (st != 0) {
			msg("%s", last_error());
			goto done;
		}
		if (hexout) {
			to_hex(buf, k, hex);
			if (write_full(fd, hex, 2 * k) != 0)
				goto write_err;
		} else if (write_full(fd, buf, k) != 0) {
			goto write_err;
		}
		n -= k;
	}
	if (hexout && write_full(fd, "\n", 1) != 0)
		goto write_err;
	rc = 0;
	goto done;
write_err:
	file_error(out && strcmp(out, "-") ? out : "standard output", errno);
done:
	explicit_bzero(buf, sizeof buf);
	explicit_bzero(hex, sizeof hex);
	if (fd != 1 && close(fd) != 0 && rc == 0) {
		file_error(out, errno);
		rc = EXIT_ERROR;
	}
	random_free(r);
	return rc;
}
