/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca genpkey: a new key pair (KeyPairGenerator), its private key written
 * as PKCS#8. jca pkey: a key file read (KeyFactory, any form
 * jca_key_decode reads) and written back, or its public key.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "outfile.h"

static void usage_genpkey(FILE *f)
{
	fprintf(f,
	        "usage: jca genpkey -a ALG [-p PARAM] [-P NAME] [-outform PEM|DER] [-out FILE]\n"
	        "                   [-outmode OCTAL]\n"
	        "\n"
	        "Makes a new key pair and writes its private key as PKCS#8 (PEM \"PRIVATE\n"
	        "KEY\", as 'openssl genpkey' writes it) to standard output or FILE. Get\n"
	        "the public key with 'jca pkey -in FILE -pubout'.\n"
	        "\n"
	        "  -a, -algorithm ALG      Ed25519, X25519, EC, RSA, ML-DSA-44/65/87, ML-KEM-512,\n"
	        "                          ML-KEM-768, ML-KEM-1024, X-Wing (and what\n"
	        "                          providers add: 'jca list' shows the\n"
	        "                          KeyPairGenerators)\n"
	        "  -p, --param PARAM       EC: the curve, secp256r1 (the default; also P-256,\n"
	        "                          prime256v1), secp384r1 or secp521r1;\n"
	        "                          RSA: the modulus bits, 2048, 3072 (the default) or\n"
	        "                          4096; ML-DSA: the PKCS#8 form, seed (the\n"
	        "                          default), expanded or both (RFC 9881);\n"
	        "                          the others take none\n"
	        "  -P, -provider, --provider NAME  this provider's generator only\n"
	        "      -outform, --outform PEM|DER  the encoding (default PEM)\n"
	        "  -o, -out, --out FILE    output file, mode 0600 (default: standard\n"
	        "                          output); never another user's file (refused);\n"
	        "                          or a store's URI,\n"
	        "                          pkcs11:token=T;object=LABEL: the pair is made\n"
	        "                          by the token and kept on it under LABEL (its\n"
	        "                          private key never leaves it)\n"
	        "      -outmode, --outmode OCTAL  the output file's mode instead (0 to 777)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "EC and RSA come from the OpenSSL bridge (or another provider); the\n"
	        "built-in provider has Ed25519, X25519, ML-DSA, ML-KEM and X-Wing (ML-KEM\n"
	        "private keys are written as their 64-byte seed, RFC 9935's seed form).\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error.\n");
}

static void usage_pkey(FILE *f)
{
	fprintf(f,
	        "usage: jca pkey [-in FILE] [-pubout] [-outform PEM|DER] [-out FILE]\n"
	        "                [-outmode OCTAL]\n"
	        "\n"
	        "Reads a key (PEM or DER; a private key as PKCS#8, \"EC PRIVATE KEY\" or\n"
	        "\"RSA PRIVATE KEY\"; a public key as SubjectPublicKeyInfo) and writes\n"
	        "it back: a private key as PKCS#8, a public key as SubjectPublicKeyInfo\n"
	        "(\"PUBLIC KEY\"), as 'openssl pkey' does. The key is checked as it is\n"
	        "read (a point on its curve, RSA's sizes).\n"
	        "\n"
	        "  -i, -in, --in FILE      the key (default: standard input; '-' too), or a\n"
	        "                          key on a token: pkcs11:token=T;object=L;type=public\n"
	        "                          (a private key there can only give -pubout)\n"
	        "      -pubout, --pubout   write the public key of a private key\n"
	        "      -outform, --outform PEM|DER  the encoding (default PEM)\n"
	        "  -o, -out, --out FILE    output file (a private key: mode 0600; default:\n"
	        "                          standard output); never another user's file\n"
	        "      -outmode, --outmode OCTAL  the output file's mode instead (0 to 777;\n"
	        "                          a public key: the mode of the file replaced, or\n"
	        "                          0666 less the umask)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error (a malformed key: the message says\n"
	        "what and where).\n");
}

/* Encodes k (or, with pub, its public key) and writes it; mode: -outmode's
 * or -1. 0 or -1. */
static int write_key(const char *cmd, jca_key *k, int pub, jca_key_format form, const char *out, int mode)
{
	jca_key *w = k;
	uint8_t *der;
	size_t len;
	int rc;

	if (pub && jca_key_public(k, &w) != 0) {
		fprintf(stderr, "jca %s: no public key: %s\n", cmd, last_error());
		return -1;
	}
	rc = encode_pkey(cmd, w, form, &der, &len);
	if (rc == 0) {
		rc = write_output(cmd, out, der, len, out_mode(mode, jca_key_kind(w) != JCA_KEY_PUBLIC));
		free_secret(der, len);
	}
	if (pub)
		jca_key_free(w);        /* held once more even when it is k */
	return rc;
}

/* jca genpkey -out pkcs11:...;object=LABEL: the pair is made by the
 * provider of the store the URI names and kept there under LABEL. */
static int genpkey_store(const char *alg, const char *param, const char *provider, const char *uri)
{
	char alias[256], scratch[1];
	keystore_ctx *ks = NULL;
	keypairgen_ctx *g = NULL;
	jca_key *priv = NULL, *pub = NULL;
	size_t n;
	int rc = EXIT_ERROR;

	if (jca_uri_attribute(uri, "object", alias, sizeof alias, &n) != 0) {
		fprintf(stderr, "jca genpkey: %s\n", jca_last_error() == JCA_NOTFOUND
		        ? "-out pkcs11:...: give the new key's label as object=LABEL" : last_error());
		return EXIT_ERROR;
	}
	/* type= may name either half: both are made. The store chooses the id. */
	if (jca_uri_attribute(uri, "id", scratch, 0, &n) != JCA_NOTFOUND) {
		fprintf(stderr, "jca genpkey: -out pkcs11:...: id= cannot be chosen: the store gives the pair its "
		        "id (see 'jca keystore list'); name it by object=LABEL\n");
		return EXIT_ERROR;
	}
	if (keystore_open_uri(uri, &ks) != 0) {
		fprintf(stderr, "jca genpkey: %s\n", last_error());
		return EXIT_ERROR;
	}
	if (provider && strcmp(provider, keystore_provider(ks)) != 0) {
		fprintf(stderr, "jca genpkey: -P %s: the URI names a store of provider %s\n", esc(provider),
		        keystore_provider(ks));
	} else if (!(g = keypairgen_get_instance_from(alg, keystore_provider(ks)))) {
		instance_error("genpkey");
	} else if (param && keypairgen_init(g, param) != 0) {
		fprintf(stderr, "jca genpkey: -p %s: %s\n", esc(param), last_error());
	} else if (keypairgen_generate(g, &priv, &pub) != 0 || keystore_set_key_pair(ks, alias, priv, pub) != 0) {
		fprintf(stderr, "jca genpkey: %s\n", last_error());
	} else {
		rc = 0;
	}
	jca_key_free(priv);
	jca_key_free(pub);
	keypairgen_free(g);
	keystore_free(ks);
	return rc;
}

enum { O_ALG = 1, O_PARAM, O_PROVIDER, O_OUTFORM, O_OUT, O_OUTMODE, O_IN, O_PUBOUT, O_HELP };

static const struct opt genpkey_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 1 },
	{ O_PARAM, 'p', "param", 1, 0 },
	{ O_PROVIDER, 'P', "provider", 1, 1 },
	{ O_OUTFORM, 0, "outform", 1, 1 },
	{ O_OUT, 'o', "out", 1, 1 },
	{ O_OUTMODE, 0, "outmode", 1, 1 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

int cmd_genpkey(int argc, char **argv)
{
	const char *alg = NULL, *param = NULL, *provider = NULL, *out = NULL, *arg;
	jca_key_format form = JCA_FORMAT_PEM;
	struct opt_parser p;
	keypairgen_ctx *g;
	jca_key *priv = NULL;
	int id, mode = -1, rc = EXIT_ERROR;

	opt_init(&p, argc, argv, "genpkey");
	while ((id = opt_next(&p, genpkey_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_ALG: alg = arg; break;
		case O_PARAM: param = arg; break;
		case O_PROVIDER: provider = arg; break;
		case O_OUT: out = arg; break;
		case O_OUTMODE:
			if (parse_out_mode("genpkey", arg, &mode) != 0)
				return EXIT_ERROR;
			break;
		case O_OUTFORM:
			if (parse_keyform("genpkey", "-outform", arg, &form) != 0)
				return EXIT_ERROR;
			break;
		case O_HELP: usage_genpkey(stdout); return 0;
		case OPT_OPERAND:
			fprintf(stderr, "jca genpkey: unexpected argument '%s'\n", esc(arg));
			try_help("genpkey");
			return EXIT_ERROR;
		default: return EXIT_ERROR;
		}
	}
	if (!alg) {
		fprintf(stderr, "jca genpkey: no algorithm given (-a Ed25519|X25519|EC|RSA|ML-KEM-768|X-Wing)\n");
		try_help("genpkey");
		return EXIT_ERROR;
	}
	if (is_key_uri(out))
		return genpkey_store(alg, param, provider, out);
	g = provider ? keypairgen_get_instance_from(alg, provider) : keypairgen_get_instance(alg);
	if (!g) {
		instance_error("genpkey");
		return EXIT_ERROR;
	}
	if (param && keypairgen_init(g, param) != 0)
		fprintf(stderr, "jca genpkey: -p %s: %s\n", esc(param), last_error());
	else if (keypairgen_generate(g, &priv, NULL) != 0)
		fprintf(stderr, "jca genpkey: %s\n", last_error());
	else if (write_key("genpkey", priv, 0, form, out, mode) == 0)
		rc = 0;
	jca_key_free(priv);
	keypairgen_free(g);
	return rc;
}

static const struct opt pkey_opts[] = {
	{ O_IN, 'i', "in", 1, 1 },
	{ O_PUBOUT, 0, "pubout", 0, 1 },
	{ O_OUTFORM, 0, "outform", 1, 1 },
	{ O_OUT, 'o', "out", 1, 1 },
	{ O_OUTMODE, 0, "outmode", 1, 1 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

int cmd_pkey(int argc, char **argv)
{
	const char *in = "-", *out = NULL, *arg;
	jca_key_format form = JCA_FORMAT_PEM;
	struct opt_parser p;
	jca_key *k;
	int id, pubout = 0, mode = -1, rc;

	opt_init(&p, argc, argv, "pkey");
	while ((id = opt_next(&p, pkey_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_IN: in = arg; break;
		case O_OUT: out = arg; break;
		case O_PUBOUT: pubout = 1; break;
		case O_OUTMODE:
			if (parse_out_mode("pkey", arg, &mode) != 0)
				return EXIT_ERROR;
			break;
		case O_OUTFORM:
			if (parse_keyform("pkey", "-outform", arg, &form) != 0)
				return EXIT_ERROR;
			break;
		case O_HELP: usage_pkey(stdout); return 0;
		case OPT_OPERAND:
			fprintf(stderr, "jca pkey: unexpected argument '%s' (the key is -in FILE)\n", esc(arg));
			try_help("pkey");
			return EXIT_ERROR;
		default: return EXIT_ERROR;
		}
	}
	k = load_pkey("pkey", in, "-in", pubout ? JCA_KEY_PUBLIC : 0);
	if (!k)
		return EXIT_ERROR;
	rc = write_key("pkey", k, pubout, form, out, mode) == 0 ? 0 : EXIT_ERROR;
	jca_key_free(k);
	return rc;
}
