/* SPDX-License-Identifier: Apache-2.0 */
/* jca-bench: one AEAD message through libgcrypt's gcry_cipher_* (see aead.h). */
#ifdef HAVE_LIBGCRYPT
#include <stdio.h>
#include <stdlib.h>

#include <gcrypt.h>

#include "aead.h"
#include "bench.h"

/* see bench.h */
void bench_gcry_init(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	if (!gcry_check_version(GCRYPT_VERSION)) {
		fprintf(stderr, "jca-bench: libgcrypt older than its header %s\n", GCRYPT_VERSION);
		exit(1);
	}
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}

static void *new_ctx(int alg, const uint8_t *key)
{
	static const int algo[AEAD_NALGS] = { GCRY_CIPHER_AES128, GCRY_CIPHER_AES256, GCRY_CIPHER_CHACHA20 };
	static const int mode[AEAD_NALGS] = { GCRY_CIPHER_MODE_GCM, GCRY_CIPHER_MODE_GCM, GCRY_CIPHER_MODE_POLY1305 };
	gcry_cipher_hd_t h;
	gcry_error_t e;

	bench_gcry_init();
	if ((e = gcry_cipher_open(&h, algo[alg], mode[alg], 0)) != 0 ||
	    (e = gcry_cipher_setkey(h, key, aead_key_len(alg))) != 0) {
		fprintf(stderr, "jca-bench: libgcrypt: %s\n", gcry_strerror(e));
		exit(1);
	}
	return h;
}

static int seal(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                uint8_t *out)
{
	gcry_cipher_hd_t h = ctx;

	if (gcry_cipher_setiv(h, iv, AEAD_IV) || gcry_cipher_authenticate(h, aad, AEAD_AAD) ||
	    gcry_cipher_encrypt(h, out, len, in, len) || gcry_cipher_gettag(h, out + len, AEAD_TAG))
		return -1;
	return 0;
}

static int open_(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                 uint8_t *out)
{
	gcry_cipher_hd_t h = ctx;

	if (gcry_cipher_setiv(h, iv, AEAD_IV) || gcry_cipher_authenticate(h, aad, AEAD_AAD) ||
	    gcry_cipher_decrypt(h, out, len, in, len) || gcry_cipher_checktag(h, in + len, AEAD_TAG))
		return -1;
	return 0;
}

static void free_ctx(void *ctx)
{
	gcry_cipher_close(ctx);
}

static const char *version(void)
{
	static char v[48];

	bench_gcry_init();
	snprintf(v, sizeof v, "libgcrypt %s", gcry_check_version(NULL));
	return v;
}

const aead_lib aead_gcry = { LIB_GCRY,
	"gcry_cipher_setiv(12) + gcry_cipher_authenticate(16 B) + gcry_cipher_encrypt(len) + "
	"gcry_cipher_gettag(16) on a handle keyed once",
	"gcry_cipher_setiv(12) + gcry_cipher_authenticate(16 B) + gcry_cipher_decrypt(len) + "
	"gcry_cipher_checktag(16) (plaintext written before the check)",
	new_ctx, seal, open_, free_ctx, version };
#endif
