/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers of the PKCS#11 suites (pkcs11_testutil.c). */
#ifndef JCA_PKCS11_TESTUTIL_H
#define JCA_PKCS11_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

/* From tests/pkcs11.sh: the module and the temporary folder. */
extern const char *module, *tmpdir;
extern const char *const digests[];
#define NDIGESTS 11

/* 0, or 77 (after printing SKIP) when no token was prepared. */
int p11t_init(void);
void fill(uint8_t *p, size_t n);
/* Writes a configuration (plugin dir, then the lines) and points JCA_CONF at it. */
void config(const char *token_lines, const char *more);
/* The jca.provider.<name>.* lines of a token (static buffer). */
const char *token(const char *name, const char *label, const char *pin_env);
/* The token jca-test as provider "softhsm", first, then builtin. */
void config_token(void);
void digest_of(const char *alg, const char *prov, const uint8_t *in, size_t len, uint8_t *out);
/* Does provider "softhsm" (loaded now) offer type/alg? */
int offered(const char *type, const char *alg);

#endif
