/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca keystore list | delete: the entries of a provider's KeyStore (a
 * PKCS#11 token), chosen by URI or by provider name (jca/keystore.h).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage_keystore(FILE *f)
{
	fprintf(f,
	        "usage: jca keystore list [-P NAME] [URI]\n"
	        "       jca keystore delete URI\n"
	        "\n"
	        "list: the entries of a KeyStore (a PKCS#11 token's keys), one per line:\n"
	        "their kind, algorithm, size, parameters, whether they can leave the\n"
	        "store, their id (hex) and alias (the label). The store is the one URI\n"
	        "names (pkcs11:token=T), or provider NAME's, or the first configured.\n"
	        "delete: deletes every entry with the URI's label (object=LABEL): a key\n"
	        "pair's two.\n"
	        "\n"
	        "  -P, -provider NAME      this provider's KeyStore\n"
	        "  -t, -type TYPE          the KeyStore type (default PKCS11)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error.\n");
}

enum { O_PROVIDER = 1, O_TYPE, O_HELP };

static const struct opt keystore_opts[] = {
	{ O_PROVIDER, 'P', "provider", 1, 1 },
	{ O_TYPE, 't', "type", 1, 1 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

static const char *kind_name(unsigned kind)
{
	return kind == JCA_KEY_PRIVATE ? "private" : kind == JCA_KEY_PUBLIC ? "public" : "secret";
}

static int list(keystore_ctx *ks)
{
	jca_keystore_entry e = { .struct_size = sizeof e };
	char bits[24];
	size_t i, j, n = keystore_size(ks);
	int rc;

	printf("KeyStore %s of provider %s: %zu entr%s\n", keystore_type(ks), keystore_provider(ks), n,
	       n == 1 ? "y" : "ies");
	if (n)
		printf("%-8s %-10s %-6s %-10s %-15s %-16s %s\n", "kind", "algorithm", "bits", "params", "extractable",
		       "id", "alias");
	for (i = 0; (rc = keystore_entry(ks, i, &e)) == 0; i++) {
		snprintf(bits, sizeof bits, "%zu", e.bits);
		printf("%-8s %-10s %-6s %-10s %-15s ", kind_name(e.kind), e.key_algorithm ? e.key_algorithm : "-",
		       e.bits ? bits : "-", e.params ? e.params : "-",
		       e.kind == JCA_KEY_PUBLIC ? "yes (public)" : e.extractable ? "yes" : "no");
		for (j = 0; j < e.id_len; j++)
			printf("%02x", e.id[j]);
		printf("%*s %s\n", e.id_len * 2 < 16 ? (int)(16 - e.id_len * 2) : 0, e.id_len ? "" : "-",
		       esc(e.alias));
	}
	if (rc != JCA_END) {
		fprintf(stderr, "jca keystore: %s\n", last_error());
		return EXIT_ERROR;
	}
	return 0;
}

int cmd_keystore(int argc, char **argv)
{
	const char *provider = NULL, *type = "PKCS11", *uri = NULL, *action, *arg;
	char alias[256];
	struct opt_parser p;
	keystore_ctx *ks = NULL;
	size_t n;
	int id, rc = EXIT_ERROR;

	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
			usage_keystore(stdout);
			return 0;
		}
		fprintf(stderr, "jca keystore: list or delete?\n");
		try_help("keystore");
		return EXIT_ERROR;
	}
	action = argv[1];
	if (strcmp(action, "list") != 0 && strcmp(action, "delete") != 0) {
		fprintf(stderr, "jca keystore: unknown action '%s' (list, delete)\n", esc(action));
		try_help("keystore");
		return EXIT_ERROR;
	}
	opt_init(&p, argc - 1, argv + 1, "keystore");
	while ((id = opt_next(&p, keystore_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_PROVIDER: provider = arg; break;
		case O_TYPE: type = arg; break;
		case O_HELP: usage_keystore(stdout); return 0;
		case OPT_OPERAND:
			if (uri || !is_key_uri(arg)) {
				fprintf(stderr, "jca keystore: unexpected argument '%s' (one pkcs11: URI)\n", esc(arg));
				try_help("keystore");
				return EXIT_ERROR;
			}
			uri = arg;
			break;
		default: return EXIT_ERROR;
		}
	}
	if (!strcmp(action, "delete")) {
		if (!uri || jca_uri_attribute(uri, "object", alias, sizeof alias, &n) != 0) {
			fprintf(stderr, "jca keystore delete: give the entry as a URI with object=LABEL\n");
			return EXIT_ERROR;
		}
	}
	if (uri && provider) {
		fprintf(stderr, "jca keystore: give a URI or -P NAME, not both\n");
		return EXIT_ERROR;
	}
	if (uri ? keystore_open_uri(uri, &ks) != 0
	        : !(ks = provider ? keystore_get_instance_from(type, provider) : keystore_get_instance(type))) {
		fprintf(stderr, "jca keystore: %s\n", last_error());
		return EXIT_ERROR;
	}
	if (!strcmp(action, "list"))
		rc = list(ks);
	else if (keystore_delete(ks, alias) != 0)
		fprintf(stderr, "jca keystore delete: %s\n", last_error());
	else
		rc = 0;
	keystore_free(ks);
	return rc;
}
