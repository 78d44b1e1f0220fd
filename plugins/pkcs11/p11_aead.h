/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_aead.h - AES/GCM on the token (CKM_AES_GCM) as an AEAD service of
 * the pkcs11 plugin (ABI 3, jca_aead_impl). Built per token into a
 * p11_gcm_service the token's instance holds; the implementation reaches
 * the token through the provider context (attach), as p11_mac.c's do.
 */
#ifndef JCA_P11_AEAD_H
#define JCA_P11_AEAD_H

#include <jca/plugin.h>

#include "p11.h"

typedef struct p11_gcm_service {
	jca_aead_impl impl;
	const jca_impl *list[2];
	jca_attr attrs[3];
	char impl_name[96];
} p11_gcm_service;

/* When the token can run CKM_AES_GCM (and ECB or CBC, for the engine's
 * block_encrypt) with a 128-bit key (its known answer's): fills g and
 * *out with the service AES/GCM/NoPadding over key_sizes (0-terminated,
 * held by the caller), driver name "aes-gcm-<provider>"; returns 1.
 * Else 0. */
int p11_gcm_service_build(p11_gcm_service *g, const p11_token *tok, const char *provider, const size_t *key_sizes,
                          jca_service_desc *out);

#endif
