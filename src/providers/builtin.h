/* SPDX-License-Identifier: Apache-2.0 */
/* Built-in provider: implementation vtables shared by its source files. */
#ifndef JCA_BUILTIN_H
#define JCA_BUILTIN_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "jca/provider.h"
#include "../algs/algs.h"
#include "../algs/cpu.h"

/* The built-in provider's descriptor (builtin.c), for the registry. */
JCA__HIDDEN const jca_provider_desc *jca__builtin_provider(void);

JCA__HIDDEN extern const jca_md_impl jca__md5_generic, jca__sha1_generic,
	jca__sha224_generic, jca__sha256_generic, jca__sha384_generic,
	jca__sha512_generic, jca__sha512_224_generic, jca__sha512_256_generic,
	jca__sha3_224_generic, jca__sha3_256_generic, jca__sha3_384_generic,
	jca__sha3_512_generic, jca__shake128_generic, jca__shake256_generic;

JCA__HIDDEN extern const jca_cipher_impl jca__aes_generic;
JCA__HIDDEN extern const jca_random_impl jca__drbg_impl, jca__getrandom_impl;
JCA__HIDDEN extern const jca_kdf_impl jca__pbkdf2_impl, jca__hkdf_impl;

#if defined(JCA_HAVE_X86_BACKENDS)
JCA__HIDDEN extern const jca_md_impl jca__sha1_shani, jca__sha224_shani, jca__sha256_shani,
	jca__sha384_avx2, jca__sha512_avx2, jca__sha512_224_avx2, jca__sha512_256_avx2,
	jca__sha384_avx512, jca__sha512_avx512, jca__sha512_224_avx512, jca__sha512_256_avx512,
	jca__sha3_224_avx512, jca__sha3_256_avx512, jca__sha3_384_avx512, jca__sha3_512_avx512,
	jca__shake128_avx512, jca__shake256_avx512,
	jca__sha3_224_avx2, jca__sha3_256_avx2, jca__sha3_384_avx2, jca__sha3_512_avx2,
	jca__shake128_avx2, jca__shake256_avx2;
JCA__HIDDEN extern const jca_cipher_impl jca__aes_aesni, jca__aes_vaes256, jca__aes_vaes512;
JCA__HIDDEN extern const jca_cipher_impl jca__aes_ssse3;
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
JCA__HIDDEN extern const jca_md_impl jca__sha1_armv8, jca__sha224_armv8, jca__sha256_armv8,
	jca__sha384_armv8, jca__sha512_armv8, jca__sha512_224_armv8, jca__sha512_256_armv8,
	jca__sha3_224_armv8, jca__sha3_256_armv8, jca__sha3_384_armv8, jca__sha3_512_armv8,
	jca__shake128_armv8, jca__shake256_armv8;
JCA__HIDDEN extern const jca_cipher_impl jca__aes_armv8;
JCA__HIDDEN extern const jca_cipher_impl jca__aes_neon;
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
JCA__HIDDEN extern const jca_md_impl jca__sha1_zbb, jca__sha224_zknh, jca__sha256_zknh,
	jca__sha384_zknh, jca__sha512_zknh, jca__sha512_224_zknh, jca__sha512_256_zknh,
	jca__sha3_224_zbb, jca__sha3_256_zbb, jca__sha3_384_zbb, jca__sha3_512_zbb,
	jca__shake128_zbb, jca__shake256_zbb;
#endif

#endif
