/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_provider.h - the pkcs11 plugin's provider context (ABI 3): one per
 * configured token, made by the entry (pkcs11.c) and handed to the host as
 * *provctx; it holds the open token (module, session pool, login), the
 * provider's name and its descriptor with every service and
 * implementation table, built from the token's mechanisms. The host hands
 * it back to every implementation's attach(provctx, ctx), which keeps it in
 * the object's context: so a function that receives only its context finds
 * its token, for any number of tokens. teardown(provctx) closes the token
 * (the last token of a module finalises the module) and frees it, once no
 * object of the provider is alive (or at jca_shutdown()).
 *
 * Contexts begin with a pointer to it: `const p11_instance *in;` set by
 * attach and carried over by copy.
 */
#ifndef JCA_P11_PROVIDER_H
#define JCA_P11_PROVIDER_H

#include <jca/plugin.h>

#include "p11.h"
#include "p11_random.h"
#include "p11_mac.h"
#include "p11_aead.h"
#include "p11_asym.h"

/* The digests, in the order of pkcs11.c's algorithm table. */
enum { A_SHA1, A_SHA224, A_SHA256, A_SHA384, A_SHA512, A_SHA512_224, A_SHA512_256,
       A_SHA3_224, A_SHA3_256, A_SHA3_384, A_SHA3_512, A_COUNT };

#define P11_NAME_MAX 64        /* a provider name, as the host allows */

typedef struct p11_instance {
	char name[P11_NAME_MAX + 1];
	char description[256];
	void (*set_error)(const char *message);   /* the host's, for the token's reasons */
	p11_token *tok;
	/* the descriptor: lives, unchanged, until teardown */
	jca_provider_desc desc;
	jca_service_desc services[A_COUNT + 3 + P11_MAC_COUNT + P11_ASYM_MAX];
	const jca_service_desc *service_list[A_COUNT + 4 + P11_MAC_COUNT + P11_ASYM_MAX]; /* NULL-terminated */
	jca_md_impl md_impl[A_COUNT];
	const jca_impl *md_list[A_COUNT][2];
	jca_attr md_attrs[A_COUNT][3];
	jca_cipher_impl aes_impl;
	size_t aes_key_sizes[4];                              /* 0-terminated */
	const jca_impl *aes_list[2];
	jca_attr aes_attrs[5];
	char modes[16];
	p11_gcm_service gcm;                                  /* AES/GCM/NoPadding (p11_aead.c) */
	char impl_names[A_COUNT + 1][96];
	p11_macs macs;                                        /* Mac HmacSHA* on the token (p11_mac.c) */
	p11_rng_service rng;                                  /* SecureRandom PKCS11-RNG (p11_random.c) */
	p11_asym asym;                                        /* keys on the token (p11_asym.h) */
} p11_instance;

/* Says why a token call failed: when rc is nonzero, passes the message of
 * the failure (p11_error_message(), with the CKR_ name) to the host's
 * set_error, which the engine adds to its JCA_IMPL error. Returns rc. */
int p11_failed(const p11_instance *in, int rc);
/* Passes a message of ours to the host's set_error. */
void p11_say(const p11_instance *in, const char *message);

#endif
