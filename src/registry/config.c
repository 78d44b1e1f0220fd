/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The configuration file (jca.conf), in the spirit of java.security:
 *
 *   security.provider.1 = builtin
 *   security.provider.2 = example              # <jca.plugin.dir>/example.so
 *   security.provider.3 = /opt/x/libx-jca.so   # an absolute path
 *   jca.plugin.dir = /usr/local/lib/jca/plugins
 *   jca.provider.preferred = MessageDigest.SHA-256:example, HmacSHA256:builtin
 *   jca.disabled.algorithms = MD5, Cipher.AES/ECB/NoPadding
 *   jca.provider.softhsm.library = /usr/lib/softhsm/libsofthsm2.so   # a plugin's setting
 *
 * Lines are "key = value"; '#' starts a comment; a line ending in '\' goes
 * on to the next. Unknown keys or types, bad numbers, relative paths and
 * duplicates are errors, with file and line (and never the line's text:
 * the file may be one the caller could not read); the registry then fails
 * closed (every lookup reports it). Then every "*.conf" file of the drop-in
 * folder "<file>.d" is read, in name order, as if appended.
 *
 * Files are opened without blocking and must be regular files: a FIFO or a
 * device is refused, never waited on.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "conf.h"
#include "../util/error.h"
#include "types.h"
#include "../util/ascii.h"

/* JCA_SYSCONFDIR and JCA_PLUGINDIR: configure's directories (Makefile.am) */
#include "jca_paths.h"
#define MAX_FILE (1 << 20)

void jca__config_free(jca__config *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nprov; i++) {
		free(c->provs[i].name);
		free(c->provs[i].file);
	}
	for (i = 0; i < c->npref; i++) {
		free(c->prefs[i].alg);
		free(c->prefs[i].provider);
		free(c->prefs[i].file);
	}
	for (i = 0; i < c->ndisabled; i++) {
		free(c->disabled[i].alg);
		free(c->disabled[i].file);
	}
	for (i = 0; i < c->nsettings; i++) {
		free(c->settings[i].provider);
		free(c->settings[i].key);
		free(c->settings[i].value);
	}
	free(c->settings);
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

static int config_error(const char *file, int line, const char *what)
{
	return jca__error(JCA_CONFIG, "%s:%d: %s", file, line, what);
}

/* "MessageDigest.SHA-256" -> its type and "SHA-256". No type: 0 and the
 * whole name. A word of letters before the first '.' that is no type's
 * name ("MesageDigest.MD5") is an error (-1): a misspelt type must not
 * make a rule silently match nothing. */
static int split_type(const char *s, const char **alg)
{
	const char *dot = strchr(s, '.'), *p;
	const jca__type_ops *t;
	size_t i;

	*alg = s;
	if (!dot || dot == s)
		return 0;
	for (p = s; p < dot; p++)
		if (!isalpha((unsigned char)*p))
			return 0;          /* "HMAC-2.16...", "1.2.840...": a name */
	for (i = 0; (t = jca__type_at(i)); i++)
		if (strlen(t->name) == (size_t)(dot - s) && strncmp(s, t->name, (size_t)(dot - s)) == 0) {
			*alg = dot + 1;
			return (int)t->type;
		}
	return -1;
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
				return config_error(file, line, "jca.provider.preferred: an entry is not [Type.]Algorithm:Provider");
			*colon = 0;
			type = split_type(trim(item), &alg);
			if (type < 0)
				return config_error(file, line, "jca.provider.preferred: unknown service type (MessageDigest, "
				                    "Cipher or Mac)");
			p = realloc(c->prefs, (c->npref + 1) * sizeof *p);
			if (!p)
				return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
			c->prefs = p;
			p[c->npref].type = type;
			p[c->npref].alg = strdup(alg);
			p[c->npref].provider = strdup(trim(colon + 1));
			p[c->npref].line = line;
			p[c->npref].file = strdup(file);
			c->npref++;
		} else {
			jca__disabled *d;

			type = split_type(item, &alg);
			if (type < 0)
				return config_error(file, line, "jca.disabled.algorithms: unknown service type (MessageDigest, "
				                    "Cipher or Mac)");
			d = realloc(c->disabled, (c->ndisabled + 1) * sizeof *d);
			if (!d)
				return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
			c->disabled = d;
			d[c->ndisabled].type = type;
			d[c->ndisabled].alg = strdup(alg);
			d[c->ndisabled].line = line;
			d[c->ndisabled].file = strdup(file);
			d[c->ndisabled].matched = 0;
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
		if (!c->provs[i].name || !c->provs[i].file)
			return 1;
	for (i = 0; i < c->npref; i++)
		if (!c->prefs[i].alg || !c->prefs[i].provider || !c->prefs[i].file)
			return 1;
	for (i = 0; i < c->ndisabled; i++)
		if (!c->disabled[i].alg || !c->disabled[i].file)
			return 1;
	return 0;
}

const char *jca__config_get(const jca__config *c, const char *provider, const char *key)
{
	size_t i;

	/* provider names compare as the registry compares them */
	for (i = 0; c && provider && key && i < c->nsettings; i++)
		if (jca__name_eq(c->settings[i].provider, provider) && strcmp(c->settings[i].key, key) == 0)
			return c->settings[i].value;
	return NULL;
}

/* "jca.provider.<provider>.<key> = value": settings of one provider,
 * handed to its plugin (jca_host_api.get_config). ".plugin" names the
 * plugin file (a name in jca.plugin.dir, or an absolute path). */
static int add_setting(jca__config *c, const char *name, const char *value, const char *file, int line)
{
	const char *dot = strchr(name, '.');
	jca__conf_setting *s;
	size_t i, n;

	if (!dot || dot == name || !dot[1])
		return config_error(file, line, "expected jca.provider.<provider>.<key> = value");
	n = (size_t)(dot - name);
	if (strcmp(dot + 1, "plugin") == 0 && (!*value || (strchr(value, '/') && value[0] != '/')))
		return config_error(file, line, "jca.provider.<provider>.plugin: a plugin name or an absolute path");
	for (i = 0; i < c->nsettings; i++)
		if (strlen(c->settings[i].provider) == n && strncmp(c->settings[i].provider, name, n) == 0 &&
		    strcmp(c->settings[i].key, dot + 1) == 0)
			return config_error(file, line, "duplicate jca.provider.<provider>.<key>");
	s = realloc(c->settings, (c->nsettings + 1) * sizeof *s);
	if (!s)
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	c->settings = s;
	s += c->nsettings++;
	s->provider = strndup(name, n);
	s->key = strdup(dot + 1);
	s->value = strdup(value);
	if (!s->provider || !s->key || !s->value)
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	return 0;
}

static int cmp_prov(const void *a, const void *b)
{
	const jca__conf_provider *x = a, *y = b;

	return (x->index > y->index) - (x->index < y->index);
}

/* One "key = value" line of file. */
static int set_key(jca__config *c, char *key, char *value, const char *file, int line)
{
	size_t i;

	if (strncmp(key, "security.provider.", 18) == 0) {
		const char *d = key + 18;
		jca__conf_provider *pv;
		long n = 0;

		for (; *d >= '0' && *d <= '9' && n <= 1000; d++)
			n = n * 10 + (*d - '0');
		if (*d || d == key + 18 || n < 1 || n > 1000 || !*value)
			return config_error(file, line, "expected security.provider.<1..1000> = name or absolute path");
		if (strchr(value, '/') && value[0] != '/')
			return config_error(file, line, "a plugin path must be absolute (relative paths are refused)");
		for (i = 0; i < c->nprov; i++)
			if (c->provs[i].index == n)
				return config_error(file, line, "duplicate security.provider.N");
		pv = realloc(c->provs, (c->nprov + 1) * sizeof *pv);
		if (!pv)
			return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
		c->provs = pv;
		pv[c->nprov].index = (int)n;
		pv[c->nprov].name = strdup(value);
		pv[c->nprov].line = line;
		pv[c->nprov].file = strdup(file);
		c->nprov++;
		return 0;
	}
	if (strcmp(key, "jca.plugin.dir") == 0) {
		if (c->plugin_dir)
			return config_error(file, line, "duplicate jca.plugin.dir");
		if (value[0] != '/')
			return config_error(file, line, "jca.plugin.dir must be an absolute path");
		c->plugin_dir = strdup(value);
		return c->plugin_dir ? 0 : jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	}
	if (strcmp(key, "jca.provider.preferred") == 0)
		return add_list(c, 1, value, file, line);
	if (strcmp(key, "jca.disabled.algorithms") == 0)
		return add_list(c, 0, value, file, line);
	if (strncmp(key, "jca.provider.", 13) == 0)
		return add_setting(c, key + 13, value, file, line);
	return config_error(file, line, "unknown key");
}

/* Parses text (a file's contents) into c; file names it in messages. */
static int parse_into(jca__config *c, const char *text, const char *file)
{
	char *copy = strdup(text), *p, *next;
	int line = 0, start_line, rc = 0;

	if (!copy)
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
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
				rc = config_error(file, start_line, "line too long");
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
			rc = config_error(file, start_line, "expected key = value");
			break;
		}
		*eq = 0;
		value = trim(eq + 1);
		key = trim(key);
		rc = set_key(c, key, value, file, start_line);
	}
	free(copy);
	return rc;
}

static int finish(jca__config *c, const char *file)
{
	if (c->nprov)
		qsort(c->provs, c->nprov, sizeof *c->provs, cmp_prov);
	if (!c->plugin_dir)
		c->plugin_dir = strdup(JCA_PLUGINDIR);
	if (!c->plugin_dir || out_of_memory(c))
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	snprintf(c->source, sizeof c->source, "%s", file);
	return 0;
}

int jca__config_parse(const char *text, const char *file, jca__config **out)
{
	jca__config *c = calloc(1, sizeof *c);
	int rc;

	if (!c)
		return jca__error(JCA_ENOMEM, "out of memory reading %s", file);
	rc = parse_into(c, text, file);
	if (rc == 0)
		rc = finish(c, file);
	if (rc) {
		jca__config_free(c);
		return rc;
	}
	*out = c;
	return 0;
}

/* Reads a whole configuration file: a regular file, opened without
 * blocking, at most 1 MiB, no NUL byte. *text is malloc'd. */
static int read_file(const char *path, char **text)
{
	struct stat st;
	size_t used = 0;
	char *buf;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

	*text = NULL;
	if (fd < 0)
		return jca__error(JCA_CONFIG, "%s: cannot open configuration: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return jca__error(JCA_CONFIG, "%s: configuration is not a regular file", path);
	}
	buf = malloc(MAX_FILE + 1);
	if (!buf) {
		close(fd);
		return jca__error(JCA_ENOMEM, "out of memory reading %s", path);
	}
	for (;;) {
		ssize_t n = read(fd, buf + used, MAX_FILE + 1 - used);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			close(fd);
			return jca__error(JCA_CONFIG, "%s: cannot read configuration: %s", path, strerror(errno));
		}
		if (n == 0)
			break;
		used += (size_t)n;
		if (used > MAX_FILE) {
			free(buf);
			close(fd);
			return jca__error(JCA_CONFIG, "%s: configuration larger than 1 MiB", path);
		}
	}
	close(fd);
	buf[used] = 0;
	if (strlen(buf) != used) {
		free(buf);
		return jca__error(JCA_CONFIG, "%s: configuration contains a NUL byte", path);
	}
	*text = buf;
	return 0;
}

static int conf_file(const struct dirent *e)
{
	size_t n = strlen(e->d_name);

	return e->d_name[0] != '.' && n > 5 && strcmp(e->d_name + n - 5, ".conf") == 0;
}

/* The drop-in folder <file>.d: every *.conf in name order. */
static int read_dropins(jca__config *c, const char *file)
{
	char dir[4096 + 8], path[4096 + 8 + 256];
	struct dirent **names;
	int n, i, rc = 0;

	snprintf(dir, sizeof dir, "%s.d", file);
	n = scandir(dir, &names, conf_file, alphasort);
	if (n < 0)
		return errno == ENOENT || errno == ENOTDIR ? 0
		       : jca__error(JCA_CONFIG, "%s: cannot read the drop-in folder: %s", dir, strerror(errno));
	for (i = 0; i < n; i++) {
		char *text;

		if (rc == 0) {
			snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
			rc = read_file(path, &text);
			if (rc == 0) {
				rc = parse_into(c, text, path);
				free(text);
			}
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

/* Finds and reads the configuration: $JCA_CONF (ignored in set-user-ID
 * and set-group-ID programs: secure_getenv), else $(sysconfdir)/jca.conf
 * if present, else the built-in default (the built-in provider alone);
 * then the drop-in folder beside it. */
int jca__config_load(jca__config **out)
{
	const char *env = secure_getenv("JCA_CONF");
	jca__config *c = calloc(1, sizeof *c);
	char path[4096];
	char *text = NULL;
	int rc, have_file;

	if (!c)
		return jca__error(JCA_ENOMEM, "out of memory reading the configuration");
	if (env && *env) {
		snprintf(path, sizeof path, "%s", env);
		rc = read_file(path, &text);
	} else {
		snprintf(path, sizeof path, "%s/jca.conf", JCA_SYSCONFDIR);
		rc = access(path, F_OK) == 0 ? read_file(path, &text) : 0;
	}
	have_file = text != NULL;
	if (rc == 0)
		rc = text ? parse_into(c, text, path) : parse_into(c, "security.provider.1 = builtin\n", "(built-in default)");
	free(text);
	if (rc == 0)
		rc = read_dropins(c, path);
	if (rc == 0)
		rc = finish(c, have_file ? path : "(built-in default)");
	if (rc) {
		jca__config_free(c);
		return rc;
	}
	*out = c;
	return 0;
}
