/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider interface's KEM table (ABI 3.4): included by
 * <jca/provider.h> after the asymmetric tables; not to be included alone.
 */
#ifndef JCA_PROVIDER_KEM_H
#define JCA_PROVIDER_KEM_H

#ifndef JCA_PROVIDER_H
#error "include <jca/provider.h>, not <jca/provider_kem.h>"
#endif

/* ---- KEM (ABI 3.4): key encapsulation, the JDK's javax.crypto.KEM ----
 *
 * Keys, key_algorithm, provider selection by key and the returns
 * (0, JCA_REFUSED with host->set_error's reason, -1 a failure) are as for
 * Signature and KeyAgreement (<jca/provider_asym.h>): the host hands the
 * implementation only keys of its own provider's KeyFactory key_algorithm,
 * of the right kind.
 *   init(ctx, purpose, key, secret_len, enc_len): JCA_ENCAPSULATE with a
 *     public key or JCA_DECAPSULATE with a private key; *secret_len gets
 *     the shared secret's length (1 to 1024), *enc_len the encapsulation's
 *     (1 to 65536). The key context stays valid until the next init or
 *     cleanup (the host holds it), so ctx may keep a pointer to it.
 *   encapsulate(ctx, secret, enc): a fresh shared secret (secret_len
 *     bytes) and its encapsulation (enc_len bytes), from the provider's
 *     random source (the built-in provider: jca_random()).
 *   decapsulate(ctx, enc, secret): enc is exactly enc_len bytes (the host
 *     refuses any other length); writes secret_len bytes. An encapsulation
 *     that does not decapsulate is not an error where the algorithm has
 *     implicit rejection (ML-KEM: the pseudo-random secret of FIPS 203,
 *     chosen in constant time): return 0 with that secret. JCA_REFUSED
 *     only for an algorithm that refuses explicitly.
 * Both leave ctx as init left it. The type takes no known-answer test
 * through jca_kat (see provider_asym.h). The host runs its own on a KEM
 * of a standard name (ML-KEM-768, ML-KEM-1024, X-Wing) when the provider
 * loads, with the private key (PKCS#8) decoded by the provider's
 * KeyFactory named in key_algorithm (skipped when refused: a token that
 * imports no private key): the vector's encapsulation must decapsulate to
 * its secret, and the same with one bit flipped to another secret,
 * without an error. */
#define JCA_ENCAPSULATE 1u
#define JCA_DECAPSULATE 2u
typedef struct jca_kem_impl {
	jca_impl base;             /* ctx_size: one initialised object's state */
	const char *key_algorithm; /* the KeyFactory service whose keys it takes */
	int (*init)(void *ctx, unsigned purpose, const void *key, size_t *secret_len, size_t *enc_len);
	int (*encapsulate)(void *ctx, uint8_t *secret, uint8_t *enc);
	int (*decapsulate)(void *ctx, const uint8_t *enc, uint8_t *secret);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_kem_impl;

#endif
