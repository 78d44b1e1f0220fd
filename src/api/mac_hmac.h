/* SPDX-License-Identifier: Apache-2.0 */
/*
 * HMAC (RFC 2104) as a registry-made Mac implementation over a
 * MessageDigest implementation (mac_hmac.c). The derived HMAC services
 * (mac_type.c) each carry one; the Mac engine sees a jca_mac_impl like
 * any provider's. Not installed.
 */
#ifndef JCA_API_MAC_HMAC_H
#define JCA_API_MAC_HMAC_H

#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

struct jca_service;

/* The implementation and what it runs over. The derived service hands
 * this struct as the provider context to attach(), which keeps md in the
 * context and opens the digest contexts with the digest service's own
 * provider context. */
struct jca__hmac {
	jca_mac_impl impl;
	const jca_md_impl *md;
	const struct jca_service *digest;
};

/* Can HMAC run over digest implementation md? (Not an XOF, a block size,
 * and a state it can copy: copy(), or no outside resources.) */
JCA__HIDDEN int jca__hmac_possible(const jca_md_impl *md);
/* Fills h for the bound implementation of digest service d; name is the
 * implementation's name ("hmac(sha256-shani)"), kept by the caller. */
JCA__HIDDEN void jca__hmac_bind(struct jca__hmac *h, const struct jca_service *d, const char *name);

#endif
