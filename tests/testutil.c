/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"

#ifndef JCA_TOP_BUILDDIR
#define JCA_TOP_BUILDDIR JCA_TOP_SRCDIR
#endif

const char *tu_vectors_dir(void)
{
	static char dir[4096];
	static int done, warned;
	struct stat st;
	const char *env;

	if (done)
		return dir[0] ? dir : NULL;
	done = 1;
	env = getenv("JCA_VECTORS");
	if (env && *env)
		snprintf(dir, sizeof dir, "%s", env);
	else
		snprintf(dir, sizeof dir, "%s/../shared/vectors", JCA_TOP_SRCDIR);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		if (!warned++)
			printf("SKIP: NIST CAVP vectors not found at %s (set JCA_VECTORS); "
			       "vector-file cases are skipped, own known answers still run\n", dir);
		dir[0] = 0;
		return NULL;
	}
	return dir;
}

const char *tu_srcpath(const char *rel)
{
	static char path[4096];

	snprintf(path, sizeof path, "%s/%s", JCA_TOP_SRCDIR, rel);
	return path;
}

struct tu_rsp {
	FILE *f;
	int line;
	char *buf[TU_MAX_FIELDS];      /* owned lines of the current record */
	char pnames[TU_MAX_FIELDS][256];   /* "[...]" parameters */
	char pvalues[TU_MAX_FIELDS][256];
	int nparams;
};

tu_rsp *tu_rsp_open(const char *path)
{
	tu_rsp *r;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	r = calloc(1, sizeof *r);
	r->f = f;
	return r;
}

static void strip(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = 0;
}

static void free_record(tu_rsp *r)
{
	int i;

	for (i = 0; i < TU_MAX_FIELDS; i++) {
		free(r->buf[i]);
		r->buf[i] = NULL;
	}
}

/* "[name = value]" or "[name]" -> adds/replaces parameter name. */
static void add_param(tu_rsp *r, const char *line)
{
	char name[256], value[256] = "";
	const char *eq = strchr(line, '=');
	const char *end = strrchr(line, ']');
	size_t n;
	int i;

	if (!end)
		end = line + strlen(line);
	n = (size_t)((eq ? eq : end) - (line + 1));
	if (n >= sizeof name)
		return;
	memcpy(name, line + 1, n);
	while (n && name[n - 1] == ' ')
		n--;
	name[n] = 0;
	if (eq) {
		const char *v = eq + 1;

		while (*v == ' ')
			v++;
		n = (size_t)(end - v);
		if (n >= sizeof value)
			return;
		memcpy(value, v, n);
		value[n] = 0;
	}
	/* [ENCRYPT] and [DECRYPT] replace each other. */
	if (strcmp(name, "ENCRYPT") == 0 || strcmp(name, "DECRYPT") == 0)
		for (i = 0; i < r->nparams; i++)
			if (strcmp(r->pnames[i], "ENCRYPT") == 0 || strcmp(r->pnames[i], "DECRYPT") == 0)
				snprintf(r->pnames[i], sizeof r->pnames[i], "%s", name);
	for (i = 0; i < r->nparams; i++)
		if (strcmp(r->pnames[i], name) == 0) {
			snprintf(r->pvalues[i], sizeof r->pvalues[i], "%s", value);
			return;
		}
	if (r->nparams < TU_MAX_FIELDS) {
		snprintf(r->pnames[r->nparams], sizeof r->pnames[0], "%s", name);
		snprintf(r->pvalues[r->nparams], sizeof r->pvalues[0], "%s", value);
		r->nparams++;
	}
}

static void split(char *s, char **name, char **value)
{
	char *eq = strchr(s, '=');
	char *ne;

	if (!eq) {
		*name = s;
		*value = s + strlen(s);
		return;
	}
	ne = eq;
	while (ne > s && ne[-1] == ' ')
		ne--;
	*ne = 0;
	eq++;
	while (*eq == ' ')
		eq++;
	*name = s;
	*value = eq;
}

int tu_rsp_next(tu_rsp *r, tu_rec *rec)
{
	char *line = NULL;
	size_t cap = 0;
	int n = 0, i;

	free_record(r);
	memset(rec, 0, sizeof *rec);
	while (getline(&line, &cap, r->f) > 0) {
		r->line++;
		strip(line);
		if (line[0] == '#')
			continue;
		if (line[0] == '[') {
			if (n)
				break;   /* cannot happen in well-formed files */
			add_param(r, line);
			continue;
		}
		if (!line[0]) {
			if (n)
				break;
			continue;
		}
		if (n < TU_MAX_FIELDS) {
			if (!n)
				rec->line = r->line;
			r->buf[n++] = strdup(line);
		}
	}
	free(line);
	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		split(r->buf[i], &rec->name[i], &rec->value[i]);
	rec->n = n;
	for (i = 0; i < r->nparams; i++) {
		rec->pname[i] = r->pnames[i];
		rec->pvalue[i] = r->pvalues[i];
	}
	rec->np = r->nparams;
	return 1;
}

const char *tu_get(const tu_rec *rec, const char *name)
{
	int i;

	for (i = 0; i < rec->n; i++)
		if (strcmp(rec->name[i], name) == 0)
			return rec->value[i];
	return NULL;
}

const char *tu_param(const tu_rec *rec, const char *name)
{
	int i;
	for (i = 0; i < rec->np; i++) {
		if (strcmp(rec->pname[i], name) == 0)
			return rec->pvalue[i];
	}
	return NULL;
}

void tu_rsp_close(tu_rsp *r)
{
	if (!r)
		return;
	free_record(r);
	fclose(r->f);
	free(r);
}

static int nib(char c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

uint8_t *tu_unhex(const char *hex, size_t *len)
{
	size_t n = strlen(hex) / 2, i;
	uint8_t *out = malloc(n ? n : 1);

	for (i = 0; i < n; i++)
		out[i] = (uint8_t)(nib(hex[2 * i]) << 4 | nib(hex[2 * i + 1]));
	*len = n;
	return out;
}

void tu_hex(char *out, const uint8_t *in, size_t n)
{
	static const char d[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = d[in[i] >> 4];
		out[2 * i + 1] = d[in[i] & 15];
	}
	out[2 * n] = 0;
}

char *tu_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	buf[n] = 0;
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

const char *const tu_md_algs[] = {   /* a count other than TU_N_MD_ALGS does not compile */
	"MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512/224",
	"SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128", "SHAKE256"
};

size_t tu_builtin_impls(int type, const char *alg, const char **names, size_t max)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	jca_impl_info info;
	size_t i, j, n = 0;

	ck_assert_ptr_nonnull(p);
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		if ((int)jca_service_type_of(s) != type || strcmp(jca_service_algorithm(s), alg))
			continue;
		for (j = 0; jca_service_impl_at(s, j, &info) == 0; j++) {
			if (info.available && n < max)
				names[n++] = info.name;
			else if (!info.available)
				printf("UNAVAILABLE: %s implementation %s (CPU lacks the feature or JCA_CPU removed it)\n",
				       alg, info.name);
		}
	}
	ck_assert_uint_gt(n, 0);
	return n;
}

/* ---- plugin and configuration suites ---- */

static const char *libs_path(const char *dir, const char *name)
{
	static char path[16][4096];
	static int k;

	k = (k + 1) % 16;
	snprintf(path[k], sizeof path[k], "%s/%s/.libs/%s.so", JCA_TOP_BUILDDIR, dir, name);
	return path[k];
}

const char *tu_fixture(const char *name)
{
	return libs_path("tests/plugins", name);
}

const char *tu_shipped(const char *name)
{
	return libs_path("plugins", name);
}

static char confpath[256];

void tu_use_conf(const char *path)
{
	setenv("JCA_CONF", path, 1);
	jca_shutdown();
}

void tu_config(const char *text)
{
	FILE *f;

	snprintf(confpath, sizeof confpath, "/tmp/jca-test-%d.conf", (int)getpid());
	f = fopen(confpath, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	tu_use_conf(confpath);
}

void tu_config_with_good(const char *fmt)
{
	char text[8192];

	snprintf(text, sizeof text, fmt, tu_fixture("good"));
	tu_config(text);
}

const char *tu_conf_path(void)
{
	return confpath;
}

void tu_config_remove(void)
{
	if (confpath[0])
		unlink(confpath);
}

int tu_fixture_int(const char *name, const char *sym, int unloaded)
{
	void *h = dlopen(tu_fixture(name), RTLD_NOW | RTLD_NOLOAD);
	atomic_int *n;
	int v;

	if (!h)
		return unloaded;
	n = dlsym(h, sym);
	v = n ? atomic_load(n) : -1000;
	dlclose(h);
	return v;
}

const char *tu_served_by(const char *alg)
{
	static char who[64];
	md_ctx *md = md_get_instance(alg);

	ck_assert_msg(md != NULL, "%s: %s", alg, jca_last_error_message());
	snprintf(who, sizeof who, "%s", md_provider(md));
	md_free(md);
	return who;
}

md_ctx *tu_md_get(const char *name)
{
	md_ctx *md = md_get_instance(name);

	ck_assert_msg(md != NULL, "md_get_instance(%s): %s", name, jca_last_error_message());
	return md;
}

static int zero_init(void *c) { memset(c, 0, 8); return 0; }
static int zero_update(void *c, const void *in, size_t n) { (void)c; (void)in; (void)n; return 0; }
static int zero_final(void *c, void *out, size_t n) { (void)c; memset(out, 0x5a, n); return 0; }
static const jca_md_impl zero_impl = {
	.base = JCA_IMPL_BASE(jca_md_impl, "zero-test", 100, NULL, 8), .digest_size = 4, .block_size = 64,
	.init = zero_init, .update = zero_update, .final = zero_final
};
const jca_impl *const tu_zero_impls[] = { &zero_impl.base, NULL };

int tu_flaky_finals_ok = -1;

static int flaky_init(void *c) { memset(c, 0, 8); return 0; }
static int flaky_update(void *c, const void *in, size_t n)
{
	uint64_t v;

	(void)in;
	memcpy(&v, c, 8);
	v += n;
	memcpy(c, &v, 8);
	return 0;
}
static int flaky_final(void *c, void *out, size_t n)
{
	uint8_t *o = out;
	uint64_t v;
	size_t i;

	if (tu_flaky_finals_ok == 0) {
		memset(out, 0xee, n);
		return -1;
	}
	if (tu_flaky_finals_ok > 0)
		tu_flaky_finals_ok--;
	memcpy(&v, c, 8);
	for (i = 0; i < n; i++)
		o[i] = (uint8_t)(i < 8 ? v >> (56 - 8 * i) : 0);
	return 0;
}
static const jca_md_impl flaky_impl = {
	.base = JCA_IMPL_BASE(jca_md_impl, "flaky-test", 100, NULL, 8), .digest_size = 8, .block_size = 64,
	.init = flaky_init, .update = flaky_update, .final = flaky_final
};
static const jca_impl *const flaky_impls[] = { &flaky_impl.base, NULL };
static const jca_service_desc flaky_service = {
	sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, "TU-FLAKY", NULL, NULL, flaky_impls, NULL, NULL
};
static const jca_service_desc *const flaky_services[] = { &flaky_service, NULL };
const jca_provider_desc tu_flaky_provider = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "flaky", "0", "a digest whose final fails on demand", flaky_services, NULL
};
