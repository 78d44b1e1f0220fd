/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers shared by the Check suites: NIST .rsp parsing, hex, paths. */
#ifndef JCA_TESTUTIL_H
#define JCA_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Directory of the NIST CAVP vectors: $JCA_VECTORS, else
 * $(top_srcdir)/../shared/vectors; NULL (after printing why, once) if
 * neither exists. */
const char *tu_vectors_dir(void);
/* Path of a file under the source tree (static buffer). */
const char *tu_srcpath(const char *rel);

/* One record of an .rsp file: its "Name = value" fields, plus the
 * parameters of the latest "[...]" lines ("L", "ENCRYPT", ...). */
#define TU_MAX_FIELDS 16
typedef struct tu_rec {
	int n, np;
	char *name[TU_MAX_FIELDS], *value[TU_MAX_FIELDS];
	char *pname[TU_MAX_FIELDS], *pvalue[TU_MAX_FIELDS];
	int line;
} tu_rec;
typedef struct tu_rsp tu_rsp;

tu_rsp *tu_rsp_open(const char *path);
/* Next record; 0 at end of file. The record is valid until the next call. */
int tu_rsp_next(tu_rsp *r, tu_rec *rec);
void tu_rsp_close(tu_rsp *r);
const char *tu_get(const tu_rec *rec, const char *name);     /* field or NULL */
const char *tu_param(const tu_rec *rec, const char *name);   /* [param] or NULL */

/* Decodes hex into a malloc'd buffer; *len gets the byte count. */
uint8_t *tu_unhex(const char *hex, size_t *len);
void tu_hex(char *out, const uint8_t *in, size_t n);

/* Reads a whole file into a malloc'd NUL-terminated buffer. */
char *tu_read_file(const char *path, size_t *len);

/* The implementations of the built-in provider's services of type `type`
 * (a jca_service_type) and algorithm alg that can run here, in its order:
 * up to max driver names into names, their number returned (asserted
 * nonzero). Prints an UNAVAILABLE line for each one that cannot. */
size_t tu_builtin_impls(int type, const char *alg, const char **names, size_t max);

/* The MessageDigest algorithms of the built-in provider, by their standard
 * names (check_md runs each; check_registry counts them). */
#define TU_N_MD_ALGS 14
extern const char *const tu_md_algs[TU_N_MD_ALGS];

/* ---- Plugin, registry and configuration suites (check_plugin,
 * check_registry, check_multi, check_config, check_hardening) ---- */

/* Path of a test fixture plugin, tests/plugins/.libs/NAME.so, or of a
 * shipped one, plugins/.libs/NAME.so, under the build tree (the last 8
 * results of each stay valid). */
const char *tu_fixture(const char *name);
const char *tu_shipped(const char *name);
/* Writes text to this process's configuration file, points JCA_CONF at it
 * and shuts the registry down, so that the next call starts over with it. */
void tu_config(const char *text);
/* tu_config of fmt with its one %s replaced by the good fixture's path. */
void tu_config_with_good(const char *fmt);
/* Points JCA_CONF at path and shuts the registry down. */
void tu_use_conf(const char *path);
/* The file tu_config writes ("" before the first call); a teardown
 * removes it with tu_config_remove(). */
const char *tu_conf_path(void);
void tu_config_remove(void);
/* An int the fixture NAME exports as sym (its entry-call counter, ...):
 * `unloaded` if the fixture is not loaded, -1000 if it lacks sym. */
int tu_fixture_int(const char *name, const char *sym, int unloaded);
/* The registry's iterators as values, for assertions: the item at index,
 * or NULL past the end or on error. */
#include "jca.h"
static inline const jca_provider *tu_provider_at(size_t i)
{
	const jca_provider *p;

	return jca_provider_at(i, &p) == 0 ? p : NULL;
}
static inline const jca_service *tu_service_at(const jca_provider *p, size_t i)
{
	const jca_service *s;

	return p && jca_provider_service_at(p, i, &s) == 0 ? s : NULL;
}
static inline const char *tu_alias_at(const jca_service *s, size_t i)
{
	const char *a;

	return s && jca_service_alias_at(s, i, &a) == 0 ? a : NULL;
}

/* The provider that serves MessageDigest alg (asserts one does). */
const char *tu_served_by(const char *alg);
/* md_get_instance(name), asserted to succeed. */
md_ctx *tu_md_get(const char *name);

/* A digest of 4 bytes (0x5a each) that ignores its input: the one
 * implementation ("zero-test") of a service in providers the suites add
 * through the API. */
struct jca_impl;
extern const struct jca_impl *const tu_zero_impls[];
/* A provider descriptor `var` named `provider` (described by desc) whose
 * one service, MessageDigest alg, is the zero digest. */
#define TU_ZERO_PROVIDER(var, provider, desc, alg) \
	static const jca_service_desc var##_service = { \
		sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, alg, NULL, NULL, tu_zero_impls, NULL, NULL \
	}; \
	static const jca_service_desc *const var##_services[] = { &var##_service, NULL }; \
	static const jca_provider_desc var = { \
		JCA_ABI_VERSION, sizeof(jca_provider_desc), provider, "0", desc, var##_services, NULL \
	}

/* A digest "TU-FLAKY" (8 bytes, block 64: the number of bytes absorbed,
 * big-endian, so the empty message gives eight zero bytes) whose final
 * writes 0xee bytes and fails (returns nonzero) when tu_flaky_finals_ok
 * is 0; a positive value lets that many finals succeed first (counting
 * down), a negative one never fails. Its provider, "flaky", to add through
 * jca_provider_add; HMAC over it ("HmacTU-FLAKY") is a Mac that fails
 * the same way. */
struct jca_provider_desc;
extern int tu_flaky_finals_ok;
extern const struct jca_provider_desc tu_flaky_provider;

/* The test case of the NIST vector files, created on first use and added
 * to s: tagged "vectors", so that make check runs it apart, as
 * tests/vectors.sh (which SKIPs, exit 77, when the vectors are absent),
 * while the suites themselves run with CK_EXCLUDE_TAGS=vectors. */
#if defined(CHECK_H) || defined(JCA_MINICHECK_H)
static inline TCase *tu_vectors_tcase(Suite *s)
{
	static TCase *tc;

	if (!tc) {
		tc = tcase_create("vectors");
		tcase_set_tags(tc, "vectors");
		tcase_set_timeout(tc, 600);
		suite_add_tcase(s, tc);
	}
	return tc;
}
#endif

#endif
