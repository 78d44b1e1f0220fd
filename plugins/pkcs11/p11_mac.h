/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_mac.h - the token's HMAC (CKM_SHA*_HMAC) as declared Mac services of
 * the pkcs11 plugin (ABI 3, jca_mac_impl). The services are built per
 * token into a p11_macs the token's instance holds; the implementations
 * reach the token through the provider context (attach), so one set of
 * functions serves every token.
 */
#ifndef JCA_P11_MAC_H
#define JCA_P11_MAC_H

#include <jca/plugin.h>

#include "p11.h"

#define P11_MAC_COUNT 11         /* HmacSHA1 ... HmacSHA3-512 */
#define P11_MAC_NAMES 16         /* aliases per service, with the NULL */

typedef struct p11_macs {
	jca_mac_impl impl[P11_MAC_COUNT];
	const jca_impl *list[P11_MAC_COUNT][2];
	jca_attr attrs[P11_MAC_COUNT][2];
	char algorithm[P11_MAC_COUNT][32];
	const char *aliases[P11_MAC_COUNT][P11_MAC_NAMES];
	char alias_text[P11_MAC_COUNT][640];
	char impl_name[P11_MAC_COUNT][96];
} p11_macs;

/* The token of a provider context (pkcs11.c: the instance handed to the
 * host as *provctx). */
p11_token *p11_provctx_token(void *provctx);

/* After a failed token call (rc != 0): the token's message to the host's
 * set_error, so the engine's error says what the token said. */
void p11_report(int rc);

/* Fills m with a Mac service for each HMAC mechanism the token can sign
 * with, driver names "hmac-<digest>-<provider>", appending the service
 * descriptors to out (room for P11_MAC_COUNT); returns how many. */
size_t p11_mac_services(p11_macs *m, const p11_token *tok, const char *provider, jca_service_desc *out);

#endif
