/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The configuration file (jca.conf), in the spirit of java.security:
 *
 *   security.provider.1 = builtin
 *   security.provider.2 = example              # <jca.plugin.dir>/example.so
 *   security.provider.3 = /opt/x/libx-jca.so   # a path
 *   jca.plugin.dir = /usr/local/lib/jca/plugins
 *   jca.provider.preferred = MessageDigest.SHA-256:example, HmacSHA256:builtin
 *   jca.disabled.algorithms = MD5, Cipher.AES/ECB/NoPadding
 *
 * Lines are "key = value"; '#' starts a comment; a line ending in '\' goes
 * on to the next. Unknown keys, bad numbers and duplicates are errors, with
 * file and line: the registry then fails closed (every lookup reports it).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"
#include "conf.h"
#include "error.h"

#ifndef JCA_SYSCONFDIR
#define JCA_SYSCONFDIR "/usr/local/etc"
#endif
#ifndef JCA_PLUGINDIR
#define JCA_PLUGINDIR "/usr/local/lib/jca/plugins"
#endif

void jca__config_free(jca__config *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nprov; i++)
		free(c->provs[i].name);
	for (i = 0; i < c->npref; i++) {
		free(c->prefs[i].alg);
		free(c->prefs[i].provider);
	}
	for (i = 0; i < c->ndisabled; i++)
		free(c->disabled[i].alg);
	free(c->provs);
	free(c->prefs);
	free(c->disabled);
	free(c->plugin_dir);
	free(c);
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

/* "MessageDigest.SHA-256" -> type and "SHA-256"; no known prefix -> 0. */
static int split_type(const char *s, const char **alg)
{
	static const struct {
		const char *prefix;
		int type;
	} types[] = { { "MessageDigest.", JCA_MESSAGE_DIGEST }, { "Cipher.", JCA_CIPHER }, { "Mac.", JCA_MAC },
	              { "SecureRandom.", JCA_SECURE_RANDOM }, { "KDF.", JCA_KDF } };
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++) {
		size_t n = strlen(types[i].prefix);

		if (strncmp(s, types[i].prefix, n) == 0) {
			*alg = s + n;
			return types[i].type;
		}
	}
	*alg = s;
	return 0;
}

static int config_error(const char *file, int line, const char *what, const char *detail)
{
	return jca__error(JCA_CONFIG, "%s:%d: %s%s%s", file, line, what, detail ? ": " : "", detail ? detail : "");
}

static int add_list(jca__config *c, int pref, char *value, const char *file, int line)
{
	char *save = NULL, *item;

	for (item = strtok_r(value, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		const char *alg;
		int type;

		item = trim(item);
		if (!*item)
			continue;
		if (pref) {
			char *colon = strrchr(item, ':');
			jca__pref *p;

			if (!colon || colon == item || !colon[1])
				return config_error(file, line, "preferred entry must be [Type.]Algorithm:Provider", item);
			*colon = 0;
			type = split_type(trim(item), &alg);
			p = realloc(c->prefs, (c->npref + 1) * sizeof *p);
			if (!p)
				return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
			c->prefs = p;
			p[c->npref].type = type;
			p[c->npref].alg = strdup(alg);
			p[c->npref].provider = strdup(trim(colon + 1));
			c->npref++;
		} else {
			jca__disabled *d;

			type = split_type(item, &alg);
			d = realloc(c->disabled, (c->ndisabled + 1) * sizeof *d);
			if (!d)
				return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
			c->disabled = d;
			d[c->ndisabled].type = type;
			d[c->ndisabled].alg = strdup(alg);
			c->ndisabled++;
		}
	}
	return 0;
}

/* Did any strdup of the parse fail? */
static int out_of_memory(const jca__config *c)
{
	size_t i;

	for (i = 0; i < c->nprov; i++)
		if (!c->provs[i].name)
			return 1;
	for (i = 0; i < c->npref; i++)
		if (!c->prefs[i].alg || !c->prefs[i].provider)
			return 1;
	for (i = 0; i < c->ndisabled; i++)
		if (!c->disabled[i].alg)
			return 1;
	return 0;
}

static int cmp_prov(const void *a, const void *b)
{
	const jca__conf_provider *x = a, *y = b;

	return (x->index > y->index) - (x->index < y->index);
}

/* Parses text (the file's contents); file names the file in messages. */
int jca__config_parse(const char *text, const char *file, jca__config **out)
{
	jca__config *c = calloc(1, sizeof *c);
	char *copy = strdup(text), *p, *next;
	int line = 0, start_line, rc = 0;
	size_t i;

	if (!c || !copy) {
		free(copy);
		free(c);
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	}
	for (p = copy; p && rc == 0; p = next) {
		char logical[4096] = "", *eq, *key, *value, *hash;
		size_t used = 0;

		start_line = line + 1;
		/* Join continuation lines. */
		for (;;) {
			char *nl = strchr(p, '\n');
			size_t n;

			next = nl ? nl + 1 : NULL;
			if (nl)
				*nl = 0;
			line++;
			hash = strchr(p, '#');
			if (hash)
				*hash = 0;
			n = strlen(p);
			while (n && (p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t'))
				p[--n] = 0;
			if (used + n + 1 >= sizeof logical) {
				rc = config_error(file, start_line, "line too long", NULL);
				break;
			}
			if (n && p[n - 1] == '\\' && next) {
				p[--n] = 0;
				memcpy(logical + used, p, n);
				used += n;
				p = next;
				continue;
			}
			memcpy(logical + used, p, n);
			used += n;
			logical[used] = 0;
			break;
		}
		if (rc)
			break;
		key = trim(logical);
		if (!*key)
			continue;
		eq = strchr(key, '=');
		if (!eq) {
			rc = config_error(file, start_line, "expected key = value", key);
			break;
		}
		*eq = 0;
		value = trim(eq + 1);
		key = trim(key);
		if (strncmp(key, "security.provider.", 18) == 0) {
			char *end;
			long n = strtol(key + 18, &end, 10);
			jca__conf_provider *pv;

			if (*end || n < 1 || n > 1000 || !*value) {
				rc = config_error(file, start_line, "expected security.provider.<1..1000> = name or path", key);
				break;
			}
			for (i = 0; i < c->nprov; i++)
				if (c->provs[i].index == n)
					break;
			if (i < c->nprov) {
				rc = config_error(file, start_line, "duplicate key", key);
				break;
			}
			pv = realloc(c->provs, (c->nprov + 1) * sizeof *pv);
			if (!pv) {
				rc = jca__error(JCA_ENOMEM, "out of memory reading %s", file);
				break;
			}
			c->provs = pv;
			pv[c->nprov].index = (int)n;
			pv[c->nprov].name = strdup(value);
			pv[c->nprov].line = start_line;
			c->nprov++;
		} else if (strcmp(key, "jca.plugin.dir") == 0) {
			free(c->plugin_dir);
			c->plugin_dir = strdup(value);
			if (!c->plugin_dir) {
				rc = jca__error(JCA_ENOMEM, "out of memory reading %s", file);
				break;
			}
		} else if (strcmp(key, "jca.provider.preferred") == 0) {
			rc = add_list(c, 1, value, file, start_line);
		} else if (strcmp(key, "jca.disabled.algorithms") == 0) {
			rc = add_list(c, 0, value, file, start_line);
		} else {
			rc = config_error(file, start_line, "unknown key", key);
		}
	}
	free(copy);
	if (rc) {
		jca__config_free(c);
		return rc;
	}
	if (c->nprov)
		qsort(c->provs, c->nprov, sizeof *c->provs, cmp_prov);
	if (!c->plugin_dir)
		c->plugin_dir = strdup(JCA_PLUGINDIR);
	if (!c->plugin_dir || out_of_memory(c)) {
		jca__config_free(c);
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	}
	snprintf(c->source, sizeof c->source, "%s", file);
	*out = c;
	return 0;
}

/* Finds and reads the configuration: $JCA_CONF, else $(sysconfdir)/jca.conf
 * if present, else the built-in default (the built-in provider alone). */
int jca__config_load(jca__config **out)
{
	const char *env = getenv("JCA_CONF");
	char path[4096];
	FILE *f;
	char *text;
	long n;
	int rc;

	if (env && *env) {
		snprintf(path, sizeof path, "%s", env);
	} else {
		snprintf(path, sizeof path, "%s/jca.conf", JCA_SYSCONFDIR);
		if (access(path, F_OK) != 0)
			return jca__config_parse("security.provider.1 = builtin\n", "(built-in default)", out);
	}
	f = fopen(path, "r");
	if (!f)
		return jca__error(JCA_CONFIG, "%s: cannot open configuration: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || n > (1 << 20) || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return jca__error(JCA_CONFIG, "%s: cannot read configuration (too large or not a file)", path);
	}
	text = malloc((size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		fclose(f);
		return jca__error(JCA_CONFIG, "%s: cannot read configuration", path);
	}
	text[n] = 0;
	fclose(f);
	if (strlen(text) != (size_t)n) {
		free(text);
		return jca__error(JCA_CONFIG, "%s: configuration contains a NUL byte", path);
	}
	rc = jca__config_parse(text, path, out);
	free(text);
	return rc;
}
