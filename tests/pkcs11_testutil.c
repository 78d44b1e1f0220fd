/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers of the PKCS#11 suites (check_pkcs11, check_pkcs11_conf): the
 * token tests/pkcs11.sh prepared, configurations naming it, digests. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"
#include "pkcs11_testutil.h"
#include "outlen.h"

const char *module, *tmpdir;
static char confpath[512];

const char *const digests[] = { "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512/224",
	"SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512" };

void fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rand();
}

/* Writes a configuration: the token (as provider "softhsm") first, then
 * `more` lines, and points JCA_CONF at it. */
void config(const char *token_lines, const char *more)
{
	FILE *f;

	snprintf(confpath, sizeof confpath, "%s/test-%d.conf", tmpdir, (int)getpid());
	f = fopen(confpath, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "jca.plugin.dir = %s/plugins/.libs\n%s%s", JCA_TOP_BUILDDIR, token_lines, more ? more : "");
	fclose(f);
	setenv("JCA_CONF", confpath, 1);
	jca_shutdown();
}

static char token_conf[2048];

const char *token(const char *name, const char *label, const char *pin_env)
{
	snprintf(token_conf, sizeof token_conf,
	         "jca.provider.%s.plugin = pkcs11\njca.provider.%s.library = %s\n"
	         "jca.provider.%s.token = %s\njca.provider.%s.pin.env = %s\n",
	         name, name, module, name, label, name, pin_env);
	return token_conf;
}

void config_token(void)
{
	char more[4096];

	snprintf(more, sizeof more, "%.2047ssecurity.provider.1 = softhsm\nsecurity.provider.2 = builtin\n",
	         token("softhsm", "jca-test", "JCA_TEST_PIN"));
	config(more, NULL);
}

void digest_of(const char *alg, const char *prov, const uint8_t *in, size_t len, uint8_t *out)
{
	md_ctx *md = md_get_instance_from(alg, prov);

	ck_assert_msg(md != NULL, "%s from %s: %s", alg, prov, jca_last_error_message());
	ck_assert_int_eq(md_update(md, in, len), 0);
	ck_assert_int_gt(tu_digest(md, out, md_length(md)), 0);
	md_free(md);
}

int offered(const char *type, const char *alg)
{
	const jca_provider *p = jca_provider_find("softhsm");
	const jca_service *s;
	size_t i;

	ck_assert_int_eq(jca_provider_ensure_loaded(p), 0);
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++)
		if (strcmp(jca_service_type_name(jca_service_type_of(s)), type) == 0 &&
		    strcmp(jca_service_algorithm(s), alg) == 0)
			return 1;
	return 0;
}

_Static_assert(sizeof digests / sizeof digests[0] == NDIGESTS, "NDIGESTS in pkcs11_testutil.h");

int p11t_init(void)
{
	module = getenv("JCA_TEST_P11_MODULE");
	tmpdir = getenv("JCA_TEST_P11_DIR");
	if (!module || !tmpdir || !getenv("SOFTHSM2_CONF") || !getenv("JCA_TEST_PIN")) {
		printf("SKIP: no SoftHSM2 token prepared (run through tests/pkcs11.sh)\n");
		return 77;
	}
	srand(12345);
	return 0;
}
