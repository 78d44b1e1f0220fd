/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: the configuration parser.
 *
 * Calls the library's internal parser, jca__config_parse(text, file, &cfg)
 * (hidden in libjca.so, reachable when linking the static libjca.a), on the
 * input as a NUL-terminated string, and checks the result:
 *  - success: providers sorted by strictly increasing index in 1..1000,
 *    every string non-NULL, plugin_dir set; then jca__config_free;
 *  - failure: the status is the thread's last error, and a JCA_CONFIG error
 *    names the file and line ("fuzz.conf:N: ...").
 * For inputs that parse, the registry is then built from them for real:
 * the text is written to a temporary file named by JCA_CONF, after
 * jca_shutdown() a lookup initialises the registry from it (preferences,
 * disabled algorithms, configured plugins that fail to load). Plugin paths
 * are kept out of that step: names containing '/' are skipped and the
 * plugin directory is forced to a directory that does not exist, so no
 * file on this machine is ever dlopen()ed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"

static const jca_provider *fuzz_provider_at(size_t i)
{
	const jca_provider *p;

	return jca_provider_at(i, &p) == 0 ? p : NULL;
}
#include "../../src/registry/conf.h"

static char conf_path[64];

static void cleanup(void)
{
	if (conf_path[0])
		unlink(conf_path);
}

static void registry_from(const char *text, size_t len)
{
	FILE *f;
	md_ctx *md;
	mac_ctx *m;
	cipher_ctx *c;
	size_t i;

	if (!conf_path[0]) {
		snprintf(conf_path, sizeof conf_path, "/tmp/jca-fuzz-config-%d.conf", (int)getpid());
		atexit(cleanup);
	}
	f = fopen(conf_path, "w");
	if (!f)
		abort();
	fwrite(text, 1, len, f);
	fputs("\n\njca.plugin.dir = /nonexistent/jca-fuzz\n", f);
	fclose(f);
	setenv("JCA_CONF", conf_path, 1);
	jca_shutdown();
	md = md_get_instance("SHA-256");
	if (!md && jca_last_error() == JCA_OK)
		abort();
	md_free(md);
	m = mac_get_instance("HmacSHA256");
	mac_free(m);
	c = cipher_get_instance("AES/CBC/PKCS5Padding");
	cipher_free(c);
	for (i = 0; fuzz_provider_at(i); i++)
		(void)jca_provider_state_reason(fuzz_provider_at(i));
	jca_shutdown();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	jca__config *cfg = NULL;
	int rc, plugin_path = 0;
	size_t i;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	rc = jca__config_parse(text, "fuzz.conf", &cfg);
	if (rc == 0) {
		if (!cfg || !cfg->plugin_dir || strcmp(cfg->source, "fuzz.conf"))
			abort();
		for (i = 0; i < cfg->nprov; i++) {
			if (!cfg->provs[i].name || cfg->provs[i].index < 1 || cfg->provs[i].index > 1000)
				abort();
			if (i && cfg->provs[i - 1].index >= cfg->provs[i].index)
				abort();
			if (strchr(cfg->provs[i].name, '/'))
				plugin_path = 1;
		}
		for (i = 0; i < cfg->npref; i++)
			if (!cfg->prefs[i].alg || !cfg->prefs[i].provider)
				abort();
		for (i = 0; i < cfg->ndisabled; i++)
			if (!cfg->disabled[i].alg)
				abort();
		jca__config_free(cfg);
		/* the registry proper, only for text without NULs (a file with a
		 * NUL is refused before parsing) and without plugin paths */
		if (!plugin_path && strlen(text) == size)
			registry_from(text, size);
	} else {
		if (cfg || rc != jca_last_error() || rc >= 0)
			abort();
		if (rc == JCA_CONFIG && strncmp(jca_last_error_message(), "fuzz.conf:", 10) != 0)
			abort();
	}
	free(text);
	return 0;
}
