/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca list: providers in preference order with their load state, and
 * their services by type with aliases, OIDs, attributes and backends.
 * Only reads the registry's state: listing never loads a plugin.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

/* The service types this libjca knows, in their order (1, 2, ...; a
 * value no type has is named "Unknown"): a new type needs nothing here. */
static int known_type(int t)
{
	return strcmp(jca_service_type_name((jca_service_type)t), "Unknown") != 0;
}

struct list_opts {
	int verbose, backends, json, load;
};

static void usage_list(FILE *f)
{
	fprintf(f,
	        "usage: jca list [--backends] [--verbose] [--json] [--load]\n"
	        "\n"
	        "Prints the providers in preference order - version, source (built in or\n"
	        "plugin path) and load state (loaded, not yet loaded, failed: reason) -\n"
	        "then each loaded provider's services by type (MessageDigest, Cipher,\n"
	        "Mac, SecureRandom, KDF) with their aliases, OIDs and the implementation\n"
	        "in use; a KDF template (PBKDF2, HKDF) with every name it serves now\n"
	        "(PBKDF2WithHmacSHA256, HKDF-SHA256, ...: one per Mac in the registry).\n"
	        "Listing only reads the registry: it never loads a plugin.\n"
	        "\n"
	        "  -b, --backends   every implementation of each service with its priority,\n"
	        "                   availability on this CPU and which one is active\n"
	        "  -v, --verbose    every service attribute\n"
	        "      --load       load every configured plugin first (shows failures and\n"
	        "                   their reasons; without it, plugins not yet needed show\n"
	        "                   as not yet loaded)\n"
	        "  -j, --json       JSON for scripts (always includes attributes and backends)\n"
	        "  -h, --help       this help\n");
}

/* What an OID names, when it is more than the service's algorithm (a
 * Cipher OID names a whole transformation), else NULL. */
static const char *oid_target(const jca_service *s, const jca_oid_info *oi)
{
	return strcmp(oi->name, jca_service_algorithm(s)) ? oi->name : NULL;
}

static const char *state_name(jca_load_state st)
{
	switch (st) {
	case JCA_PROVIDER_LOADED: return "loaded";
	case JCA_PROVIDER_NOT_LOADED: return "not loaded";
	case JCA_PROVIDER_FAILED: return "failed";
	}
	return "unknown";
}

/* ---- text ---- */

/* Names and reasons come from the configuration and from plugins: they
 * are printed through esc() (cli.h), so that no name can send escape
 * sequences to the terminal. */

/* ---- the names a user types for a templated service ----
 * A KDF service is a template over Macs ("PBKDF2" serves
 * PBKDF2With<Mac>, "HKDF" serves HKDF-<digest>): list every such name
 * that resolves to this service now, as the JDK's
 * Security.getAlgorithms does. Only Macs of providers reached before the
 * first not-yet-loaded one count, so that listing loads nothing. */

#define MAX_TEMPLATED 256

/* Fills names (owned by the caller, freed with free) and returns their
 * count. */
static size_t templated_names(const jca_service *s, char **names)
{
	const char *alg = jca_service_algorithm(s), *tmpl_prov = jca_provider_name(jca_service_provider(s));
	const jca_provider *p;
	const jca_service *m;
	size_t pi, si, n = 0, j;
	int pbkdf2;

	if (jca_service_type_of(s) != JCA_KDF || (strcasecmp(alg, "PBKDF2") && strcasecmp(alg, "HKDF")))
		return 0;
	pbkdf2 = !strcasecmp(alg, "PBKDF2");
	for (pi = 0; jca_provider_at(pi, &p) == 0 && jca_provider_state(p) == JCA_PROVIDER_LOADED; pi++) {
		for (si = 0; jca_provider_service_at(p, si, &m) == 0 && n < MAX_TEMPLATED; si++) {
			const char *mac = jca_service_algorithm(m);
			char name[200];
			kdf_ctx *k;

			if (jca_service_type_of(m) != JCA_MAC)
				continue;
			if (pbkdf2)
				snprintf(name, sizeof name, "PBKDF2With%s", mac);
			else if (!strncasecmp(mac, "Hmac", 4))
				snprintf(name, sizeof name, "HKDF-%s", mac + 4);
			else
				snprintf(name, sizeof name, "HKDFWith%s", mac);
			for (j = 0; j < n && strcasecmp(names[j], name); j++)
				;
			if (j < n)
				continue;                  /* the same Mac from two providers */
			k = kdf_get_instance(name);
			if (k && !strcmp(kdf_provider(k), tmpl_prov) && (names[n] = strdup(kdf_algorithm(k))))
				n++;
			kdf_free(k);
		}
	}
	return n;
}

static void free_names(char **names, size_t n)
{
	while (n)
		free(names[--n]);
}

static void text_service(const jca_service *s, const struct list_opts *o)
{
	char *names[MAX_TEMPLATED];
	size_t nn;
	const char *a, *target, *k, *v;
	jca_impl_info info;
	jca_oid_info oi;
	size_t i;
	int n = 0;

	printf("     %s\n", esc(jca_service_algorithm(s)));
	for (i = 0; jca_service_alias_at(s, i, &a) == 0; i++)
		printf("%s%s", n++ ? ", " : "       aliases: ", esc(a));
	if (n)
		putchar('\n');
	n = 0;
	for (i = 0; jca_service_oid_at(s, i, &oi) == 0; i++) {
		printf("%s%s", n++ ? ", " : "       OIDs: ", esc(oi.oid));
		if ((target = oid_target(s, &oi)))
			printf(" (%s)", esc(target));
	}
	if (n)
		putchar('\n');
	nn = templated_names(s, names);
	for (i = 0; i < nn; i++)
		printf("%s%s", i ? ", " : "       names: ", esc(names[i]));
	if (nn)
		putchar('\n');
	free_names(names, nn);
	printf("       implementation: %s\n", esc(jca_service_attribute(s, "Implementation")));
	if (o->verbose) {
		for (i = 0; jca_service_attribute_at(s, i, &k, &v) == 0; i++)
			if (strcasecmp(k, "Implementation"))
				printf("       attribute %s = %s\n", esc(k), esc(v));
	}
	if (o->backends) {
		for (i = 0; jca_service_impl_at(s, i, &info) == 0; i++)
			printf("       backend %-24s priority %4d  %-13s%s\n", esc(info.name), info.priority,
			       info.available ? "available" : "not available", info.active ? "  active" : "");
	}
}

static void text_provider(size_t index, const jca_provider *p, const struct list_opts *o)
{
	jca_load_state st = jca_provider_state(p);
	const char *ver = jca_provider_version(p), *desc = jca_provider_description(p);
	const jca_service *s;
	size_t t, si;

	printf("%zu. %s", index + 1, esc(jca_provider_name(p)));
	if (ver && *ver)
		printf(" %s", esc(ver));
	if (desc && *desc)
		printf(" - %s", esc(desc));
	printf("\n   source: %s\n", esc(jca_provider_source(p)));
	if (st == JCA_PROVIDER_NOT_LOADED)
		printf("   state: not yet loaded (loads when a lookup first reaches it)\n");
	else if (st == JCA_PROVIDER_FAILED)
		printf("   state: failed: %s\n", esc(jca_provider_state_reason(p)));
	else
		printf("   state: loaded\n");
	for (t = 1; known_type((int)t); t++) {
		int header = 0;

		for (si = 0; jca_provider_service_at(p, si, &s) == 0; si++) {
			if ((size_t)jca_service_type_of(s) != t)
				continue;
			if (!header++)
				printf("   %s:\n", jca_service_type_name((jca_service_type)t));
			text_service(s, o);
		}
	}
}

/* ---- JSON ---- */

static void json_service(const jca_service *s)
{
	char *names[MAX_TEMPLATED];
	size_t nn;
	const char *a, *target, *k, *v;
	jca_impl_info info;
	jca_oid_info oi;
	size_t i;
	int n = 0;

	printf("{\"type\": ");
	json_string(stdout, jca_service_type_name(jca_service_type_of(s)));
	printf(", \"algorithm\": ");
	json_string(stdout, jca_service_algorithm(s));
	printf(", \"aliases\": [");
	for (i = 0; jca_service_alias_at(s, i, &a) == 0; i++) {
		printf("%s", n++ ? ", " : "");
		json_string(stdout, a);
	}
	printf("], \"names\": [");
	nn = templated_names(s, names);
	for (i = 0; i < nn; i++) {
		printf("%s", i ? ", " : "");
		json_string(stdout, names[i]);
	}
	free_names(names, nn);
	printf("], \"oids\": [");
	n = 0;
	for (i = 0; jca_service_oid_at(s, i, &oi) == 0; i++) {
		printf("%s{\"oid\": ", n++ ? ", " : "");
		json_string(stdout, oi.oid);
		if ((target = oid_target(s, &oi))) {
			printf(", \"transformation\": ");
			json_string(stdout, target);
		}
		putchar('}');
	}
	printf("], \"implementation\": ");
	json_string(stdout, jca_service_attribute(s, "Implementation"));
	printf(", \"attributes\": {");
	for (i = 0; jca_service_attribute_at(s, i, &k, &v) == 0; i++) {
		printf("%s", i ? ", " : "");
		json_string(stdout, k);
		printf(": ");
		json_string(stdout, v);
	}
	printf("}, \"backends\": [");
	for (i = 0; jca_service_impl_at(s, i, &info) == 0; i++) {
		printf("%s{\"name\": ", i ? ", " : "");
		json_string(stdout, info.name);
		printf(", \"priority\": %d, \"available\": %s, \"active\": %s}", info.priority,
		       info.available ? "true" : "false", info.active ? "true" : "false");
	}
	printf("]}");
}

static void json_provider(size_t index, const jca_provider *p)
{
	jca_load_state st = jca_provider_state(p);
	const jca_service *s;
	size_t si;

	printf("    {\"position\": %zu, \"name\": ", index + 1);
	json_string(stdout, jca_provider_name(p));
	printf(", \"version\": ");
	json_string(stdout, jca_provider_version(p));
	printf(", \"description\": ");
	json_string(stdout, jca_provider_description(p));
	printf(", \"source\": ");
	json_string(stdout, jca_provider_source(p));
	printf(", \"state\": ");
	json_string(stdout, state_name(st));
	printf(", \"reason\": ");
	json_string(stdout, st == JCA_PROVIDER_FAILED ? jca_provider_state_reason(p) : NULL);
	printf(",\n     \"services\": [");
	for (si = 0; jca_provider_service_at(p, si, &s) == 0; si++) {
		printf("%s\n      ", si ? "," : "");
		json_service(s);
	}
	printf("%s]}", si ? "\n     " : "");
}

int cmd_list(int argc, char **argv)
{
	enum { O_VERBOSE = 1, O_BACKENDS, O_JSON, O_HELP, O_LOAD };
	static const struct opt opts[] = {
		{ O_VERBOSE, 'v', "verbose", 0, 0 }, { O_BACKENDS, 'b', "backends", 0, 0 },
		{ O_JSON, 'j', "json", 0, 0 },       { O_HELP, 'h', "help", 0, 0 },
		{ O_LOAD, 0, "load", 0, 0 },      /* no -l: that is a length elsewhere */
		{ 0, 0, NULL, 0, 0 }
	};
	struct list_opts o = { 0, 0, 0, 0 };
	struct opt_parser p;
	const jca_provider *prov;
	const char *arg;
	size_t i;
	int id, failed = 0;

	opt_init(&p, argc, argv, "list");
	while ((id = opt_next(&p, opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_VERBOSE: o.verbose = 1; break;
		case O_BACKENDS: o.backends = 1; break;
		case O_JSON: o.json = 1; break;
		case O_LOAD: o.load = 1; break;
		case O_HELP: usage_list(stdout); return 0;
		case OPT_OPERAND:
			fprintf(stderr, "jca list: unexpected argument '%s'\n", esc(arg));
			try_help("list");
			return EXIT_ERROR;
		default: return EXIT_ERROR;
		}
	}
	if (jca_provider_at(0, &prov) < 0 && !o.json) {
		/* e.g. a broken configuration file: say why the list is empty */
		msg("%s", last_error());
		return EXIT_ERROR;
	}
	if (o.load)
		for (i = 0; jca_provider_at(i, &prov) == 0; i++)
			if (jca_provider_ensure_loaded(prov) != 0)
				failed = 1;         /* the reason shows in the listing */
	if (o.json) {
		printf("{\"jca_version\": ");
		json_string(stdout, jca_version());
		printf(",\n  \"providers\": [");
		for (i = 0; jca_provider_at(i, &prov) == 0; i++) {
			printf("%s\n", i ? "," : "");
			json_provider(i, prov);
		}
		printf("%s]}\n", i ? "\n  " : "");
		return failed;
	}
	for (i = 0; jca_provider_at(i, &prov) == 0; i++) {
		if (i)
			putchar('\n');
		text_provider(i, prov, &o);
	}
	/* --load: exit status 1 when a provider failed to load */
	return failed;
}
