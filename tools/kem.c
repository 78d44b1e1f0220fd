/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca encap and jca decap (KEM): a shared secret encapsulated to a public
 * key, and decapsulated with the private key. The algorithm is the key's
 * (ML-KEM-512/768/1024, X-Wing), or -a's. Secrets are written mode 0600.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "outfile.h"

static void usage(FILE *f, int decap)
{
	if (decap)
		fprintf(f,
		        "usage: jca decap -key KEY [-in ENCAPSULATION] [-a ALG] [-P NAME] [-out SECRET]\n"
		        "                 [-outmode OCTAL]\n"
		        "\n"
		        "Decapsulates: writes the shared secret of ENCAPSULATION (made by 'jca\n"
		        "encap' or any ML-KEM / X-Wing implementation) under the private key KEY.\n"
		        "An encapsulation of the right length that was not made for the key gives\n"
		        "a pseudo-random secret, not an error (ML-KEM's implicit rejection): the\n"
		        "mismatch shows when the secret is used.\n"
		        "\n"
		        "  -k, -key, -inkey FILE   the private key (PEM or DER PKCS#8, or a pkcs11: URI)\n"
		        "  -i, -in FILE            the encapsulation (default: standard input)\n");
	else
		fprintf(f,
		        "usage: jca encap -key PUB -enc ENCAPSULATION [-a ALG] [-P NAME] [-out SECRET]\n"
		        "                 [-outmode OCTAL]\n"
		        "\n"
		        "Encapsulates: makes a fresh shared secret for the holder of the private\n"
		        "key of PUB, writes the secret to SECRET and its encapsulation (the\n"
		        "ciphertext to send them) to ENCAPSULATION.\n"
		        "\n"
		        "  -k, -key, -pubin FILE   the public key (or a private key: its public half)\n"
		        "  -e, -enc FILE           where the encapsulation goes\n");
	fprintf(f,
	        "  -a, -algorithm ALG      the KEM (default: the key's algorithm: ML-KEM-512,\n"
	        "                          ML-KEM-768, ML-KEM-1024, X-Wing)\n"
	        "  -P, -provider NAME      this provider's KEM only\n"
	        "  -o, -out, --out FILE    the shared secret, mode 0600 (default: standard\n"
	        "                          output); never another user's file (refused)\n"
	        "      -outmode, --outmode OCTAL  the secret file's mode instead (0 to 777)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error.\n");
}

enum { O_ALG = 1, O_KEY, O_ENC, O_IN, O_OUT, O_OUTMODE, O_PROVIDER, O_HELP };

static const struct opt kem_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 1 },
	{ O_KEY, 'k', "key", 1, 1 },
	{ O_KEY, 0, "inkey", 1, 1 },
	{ O_KEY, 0, "pubin", 1, 1 },
	{ O_ENC, 'e', "enc", 1, 1 },
	{ O_IN, 'i', "in", 1, 1 },
	{ O_OUT, 'o', "out", 1, 1 },
	{ O_OUTMODE, 0, "outmode", 1, 1 },
	{ O_PROVIDER, 'P', "provider", 1, 1 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

struct kem_args {
	const char *cmd, *alg, *key, *enc, *in, *out, *provider;
	int mode;
};

/* 0, 1 (--help printed) or -1 after a message. */
static int parse(int argc, char **argv, struct kem_args *a, int decap)
{
	struct opt_parser p;
	const char *arg, *bad = NULL;
	int id;

	memset(a, 0, sizeof *a);
	a->cmd = argv[0];
	a->mode = -1;
	opt_init(&p, argc, argv, a->cmd);
	while ((id = opt_next(&p, kem_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_ALG: a->alg = arg; break;
		case O_KEY: a->key = arg; break;
		case O_ENC: a->enc = arg; break;
		case O_IN: a->in = arg; break;
		case O_OUT: a->out = arg; break;
		case O_OUTMODE:
			if (parse_out_mode(a->cmd, arg, &a->mode) != 0)
				return -1;
			break;
		case O_PROVIDER: a->provider = arg; break;
		case O_HELP: usage(stdout, decap); return 1;
		case OPT_OPERAND:
			fprintf(stderr, "jca %s: unexpected argument '%s'\n", a->cmd, esc(arg));
			try_help(a->cmd);
			return -1;
		default: return -1;
		}
	}
	if (decap && a->enc)
		bad = "-enc is an option of encap (decap reads the encapsulation with -in)";
	else if (!decap && a->in)
		bad = "-in is an option of decap (encap writes the encapsulation with -enc)";
	else if (!a->key)
		bad = decap ? "no private key given (-key FILE)" : "no public key given (-key FILE)";
	else if (!decap && !a->enc)
		bad = "no file for the encapsulation given (-enc FILE)";
	else if (!decap && a->out && !strcmp(a->out, a->enc))
		bad = "-out and -enc name the same file";
	if (bad) {
		fprintf(stderr, "jca %s: %s\n", a->cmd, bad);
		try_help(a->cmd);
		return -1;
	}
	if (decap && !a->in)
		a->in = "-";
	if (decap && !strcmp(a->key, "-") && !strcmp(a->in, "-")) {
		fprintf(stderr, "jca %s: standard input ('-') can be one input only\n", a->cmd);
		return -1;
	}
	return 0;
}

/* The KEM for key k: -a's, else the key's algorithm. */
static kem_ctx *instance(const struct kem_args *a, const jca_key *k)
{
	const char *alg = a->alg ? a->alg : jca_key_algorithm(k);
	kem_ctx *kem = a->provider ? kem_get_instance_from(alg, a->provider) : kem_get_instance(alg);

	if (!kem)
		instance_error(a->cmd);
	return kem;
}

static int run(int argc, char **argv, int decap)
{
	struct kem_args a;
	kem_ctx *kem = NULL;
	jca_key *k;
	uint8_t *secret = NULL, *enc = NULL;
	size_t sroom = 0, eroom, slen = 0, elen = 0;
	int rc = EXIT_ERROR;

	switch (parse(argc, argv, &a, decap)) {
	case 0: break;
	case 1: return 0;
	default: return EXIT_ERROR;
	}
	if (!(k = load_pkey(a.cmd, a.key, "-key", decap ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC)))
		return EXIT_ERROR;
	if (decap && jca_key_kind(k) != JCA_KEY_PRIVATE) {
		fprintf(stderr, "jca decap: %s: a public key cannot decapsulate: give the private key\n",
		        quote_name(input_label(a.key)));
		goto out;
	}
	if (!(kem = instance(&a, k)))
		goto out;
	if ((decap ? kem_init_decapsulate(kem, k) : kem_init_encapsulate(kem, k)) != 0) {
		fprintf(stderr, "jca %s: %s: %s\n", a.cmd, quote_name(input_label(a.key)), last_error());
		goto out;
	}
	sroom = kem_secret_size(kem);
	if (!(secret = malloc(sroom))) {
		msg("out of memory");
		goto out;
	}
	if (decap) {
		if (read_small(a.cmd, a.in, "encapsulation", KEYFILE_MAX, &enc, &elen) != 0)
			goto out;
		if (kem_decapsulate(kem, enc, elen, secret, sroom, &slen) != 0) {
			fprintf(stderr, "jca decap: %s: %s\n", quote_name(input_label(a.in)), last_error());
			goto out;
		}
	} else {
		eroom = kem_encapsulation_size(kem);
		if (!(enc = malloc(eroom))) {
			msg("out of memory");
			goto out;
		}
		if (kem_encapsulate(kem, secret, sroom, &slen, enc, eroom, &elen) != 0) {
			fprintf(stderr, "jca encap: %s\n", last_error());
			goto out;
		}
		/* the encapsulation first: no secret is left without it */
		if (write_output(a.cmd, a.enc, enc, elen, out_mode(-1, 0)) != 0)
			goto out;
	}
	if (write_output(a.cmd, a.out, secret, slen, out_mode(a.mode, 1)) == 0)
		rc = 0;
out:
	free_secret(secret, sroom);
	free(enc);                         /* (not a secret) */
	jca_key_free(k);
	kem_free(kem);
	return rc;
}

int cmd_encap(int argc, char **argv)
{
	return run(argc, argv, 0);
}

int cmd_decap(int argc, char **argv)
{
	return run(argc, argv, 1);
}
