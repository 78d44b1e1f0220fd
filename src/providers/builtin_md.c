/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MessageDigest implementations of the built-in provider: one vtable per
 * (algorithm, backend). The init wrappers bind a backend's block function
 * into the context; update and final are shared by every backend of a
 * family.
 */
#include "builtin.h"

/* ---- MD5 ---- */
static int md5_init_generic(void *c) { jca__md5_init(c, jca__md5_blocks_generic); return 0; }

const jca_md_impl jca__md5_generic = {
	.name = "md5-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__md5_ctx),
	.digest_size = 16, .block_size = 64, .flags = 0,
	.init = md5_init_generic, .update = jca__md5_update, .final = jca__md5_final
};

/* ---- SHA-1 ---- */
static int sha1_init_generic(void *c) { jca__sha1_init(c, jca__sha1_blocks_generic); return 0; }

const jca_md_impl jca__sha1_generic = {
	.name = "sha1-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha1_ctx),
	.digest_size = 20, .block_size = 64, .flags = 0,
	.init = sha1_init_generic, .update = jca__sha1_update, .final = jca__sha1_final
};

/* ---- SHA-224, SHA-256 ---- */
static int sha224_init_generic(void *c) { jca__sha224_init(c, jca__sha256_blocks_generic); return 0; }
static int sha256_init_generic(void *c) { jca__sha256_init(c, jca__sha256_blocks_generic); return 0; }

const jca_md_impl jca__sha224_generic = {
	.name = "sha224-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha256_ctx),
	.digest_size = 28, .block_size = 64, .flags = 0,
	.init = sha224_init_generic, .update = jca__sha256_update, .final = jca__sha256_final
};
const jca_md_impl jca__sha256_generic = {
	.name = "sha256-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha256_ctx),
	.digest_size = 32, .block_size = 64, .flags = 0,
	.init = sha256_init_generic, .update = jca__sha256_update, .final = jca__sha256_final
};

/* ---- SHA-384, SHA-512, SHA-512/224, SHA-512/256 ---- */
static int sha384_init_generic(void *c) { jca__sha384_init(c, jca__sha512_blocks_generic); return 0; }
static int sha512_init_generic(void *c) { jca__sha512_init(c, jca__sha512_blocks_generic); return 0; }
static int sha512_224_init_generic(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_generic); return 0; }
static int sha512_256_init_generic(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_generic); return 0; }

const jca_md_impl jca__sha384_generic = {
	.name = "sha384-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha512_ctx),
	.digest_size = 48, .block_size = 128, .flags = 0,
	.init = sha384_init_generic, .update = jca__sha512_update, .final = jca__sha512_final
};
const jca_md_impl jca__sha512_generic = {
	.name = "sha512-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha512_ctx),
	.digest_size = 64, .block_size = 128, .flags = 0,
	.init = sha512_init_generic, .update = jca__sha512_update, .final = jca__sha512_final
};
const jca_md_impl jca__sha512_224_generic = {
	.name = "sha512_224-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha512_ctx),
	.digest_size = 28, .block_size = 128, .flags = 0,
	.init = sha512_224_init_generic, .update = jca__sha512_update, .final = jca__sha512_final
};
const jca_md_impl jca__sha512_256_generic = {
	.name = "sha512_256-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha512_ctx),
	.digest_size = 32, .block_size = 128, .flags = 0,
	.init = sha512_256_init_generic, .update = jca__sha512_update, .final = jca__sha512_final
};

/* ---- SHA-3 and SHAKE: rate = 200 - 2 * capacity/8 bytes ---- */
static int sha3_224_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 144, 0x06); return 0; }
static int sha3_256_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 136, 0x06); return 0; }
static int sha3_384_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 104, 0x06); return 0; }
static int sha3_512_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 72, 0x06); return 0; }
static int shake128_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 168, 0x1f); return 0; }
static int shake256_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 136, 0x1f); return 0; }

const jca_md_impl jca__sha3_224_generic = {
	.name = "sha3_224-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__keccak_ctx),
	.digest_size = 28, .block_size = 144, .flags = 0,
	.init = sha3_224_init_generic, .update = jca__keccak_update, .final = jca__keccak_final
};
const jca_md_impl jca__sha3_256_generic = {
	.name = "sha3_256-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__keccak_ctx),
	.digest_size = 32, .block_size = 136, .flags = 0,
	.init = sha3_256_init_generic, .update = jca__keccak_update, .final = jca__keccak_final
};
const jca_md_impl jca__sha3_384_generic = {
	.name = "sha3_384-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__keccak_ctx),
	.digest_size = 48, .block_size = 104, .flags = 0,
	.init = sha3_384_init_generic, .update = jca__keccak_update, .final = jca__keccak_final
};
const jca_md_impl jca__sha3_512_generic = {
	.name = "sha3_512-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__keccak_ctx),
	.digest_size = 64, .block_size = 72, .flags = 0,
	.init = sha3_512_init_generic, .update = jca__keccak_update, .final = jca__keccak_final
};
/* SHAKE: default output 32 / 64 bytes as in the JDK; block size 0 keeps
 * HMAC from being composed over an XOF. */
const jca_md_impl jca__shake128_generic = {
	.name = "shake128-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__keccak_ctx),
	.digest_size = 32, .block_size = 168, .flags = JCA_MD_XOF,
	.init = shake128_init_generic, .update = jca__keccak_update, .final = jca__keccak_final
};
const jca_md_impl jca__shake256_generic = {
	.name = "shake256-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__keccak_ctx),
	.digest_size = 64, .block_size = 136, .flags = JCA_MD_XOF,
	.init = shake256_init_generic, .update = jca__keccak_update, .final = jca__keccak_final
};

/* ------------------------------------------------------------------ */
/* Accelerated backends: each vtable names its driver, priority and    */
/* availability check; the registry binds the best available one.      */
/* ------------------------------------------------------------------ */

#define SHA1_LIKE(var, drv, prio, avail, initfn, dsize) \
	const jca_md_impl var = { .name = drv, .priority = prio, .available = avail, \
		.ctx_size = sizeof(jca__sha1_ctx), .digest_size = dsize, .block_size = 64, \
		.init = initfn, .update = jca__sha1_update, .final = jca__sha1_final }
#define SHA256_LIKE(var, drv, prio, avail, initfn, dsize) \
	const jca_md_impl var = { .name = drv, .priority = prio, .available = avail, \
		.ctx_size = sizeof(jca__sha256_ctx), .digest_size = dsize, .block_size = 64, \
		.init = initfn, .update = jca__sha256_update, .final = jca__sha256_final }
#define SHA512_LIKE(var, drv, prio, avail, initfn, dsize) \
	const jca_md_impl var = { .name = drv, .priority = prio, .available = avail, \
		.ctx_size = sizeof(jca__sha512_ctx), .digest_size = dsize, .block_size = 128, \
		.init = initfn, .update = jca__sha512_update, .final = jca__sha512_final }
#define KECCAK_LIKE(var, drv, prio, avail, initfn, dsize, rate, fl) \
	const jca_md_impl var = { .name = drv, .priority = prio, .available = avail, \
		.ctx_size = sizeof(jca__keccak_ctx), .digest_size = dsize, .block_size = rate, .flags = fl, \
		.init = initfn, .update = jca__keccak_update, .final = jca__keccak_final }

#if defined(JCA_HAVE_X86_BACKENDS)
static int have_shani(void) { return (jca__cpu_features() & (JCA__CPU_SHANI | JCA__CPU_SSE41)) == (JCA__CPU_SHANI | JCA__CPU_SSE41); }

static int have_avx2(void) { return (jca__cpu_features() & (JCA__CPU_AVX2 | JCA__CPU_BMI2)) == (JCA__CPU_AVX2 | JCA__CPU_BMI2); }
static int have_avx512(void) { return (jca__cpu_features() & JCA__CPU_AVX512) != 0; }
static int have_avx512_bmi2(void) { return (jca__cpu_features() & (JCA__CPU_AVX512 | JCA__CPU_BMI2)) == (JCA__CPU_AVX512 | JCA__CPU_BMI2); }
static int sha384_init_avx2(void *c) { jca__sha384_init(c, jca__sha512_blocks_avx2); return 0; }
static int sha512_init_avx2(void *c) { jca__sha512_init(c, jca__sha512_blocks_avx2); return 0; }
static int sha512_224_init_avx2(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_avx2); return 0; }
static int sha512_256_init_avx2(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_avx2); return 0; }
static int sha384_init_avx512(void *c) { jca__sha384_init(c, jca__sha512_blocks_avx512); return 0; }
static int sha512_init_avx512(void *c) { jca__sha512_init(c, jca__sha512_blocks_avx512); return 0; }
static int sha512_224_init_avx512(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_avx512); return 0; }
static int sha512_256_init_avx512(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_avx512); return 0; }
static int sha3_224_init_avx512(void *c) { jca__keccak_init(c, &jca__keccak_avx512, 144, 0x06); return 0; }
static int sha3_256_init_avx512(void *c) { jca__keccak_init(c, &jca__keccak_avx512, 136, 0x06); return 0; }
static int sha3_384_init_avx512(void *c) { jca__keccak_init(c, &jca__keccak_avx512, 104, 0x06); return 0; }
static int sha3_512_init_avx512(void *c) { jca__keccak_init(c, &jca__keccak_avx512, 72, 0x06); return 0; }
static int shake128_init_avx512(void *c) { jca__keccak_init(c, &jca__keccak_avx512, 168, 0x1f); return 0; }
static int shake256_init_avx512(void *c) { jca__keccak_init(c, &jca__keccak_avx512, 136, 0x1f); return 0; }
static int sha3_224_init_avx2(void *c) { jca__keccak_init(c, &jca__keccak_avx2, 144, 0x06); return 0; }
static int sha3_256_init_avx2(void *c) { jca__keccak_init(c, &jca__keccak_avx2, 136, 0x06); return 0; }
static int sha3_384_init_avx2(void *c) { jca__keccak_init(c, &jca__keccak_avx2, 104, 0x06); return 0; }
static int sha3_512_init_avx2(void *c) { jca__keccak_init(c, &jca__keccak_avx2, 72, 0x06); return 0; }
static int shake128_init_avx2(void *c) { jca__keccak_init(c, &jca__keccak_avx2, 168, 0x1f); return 0; }
static int shake256_init_avx2(void *c) { jca__keccak_init(c, &jca__keccak_avx2, 136, 0x1f); return 0; }
SHA512_LIKE(jca__sha384_avx2, "sha384-avx2", JCA_PRIO_AVX2, have_avx2, sha384_init_avx2, 48);
SHA512_LIKE(jca__sha512_avx2, "sha512-avx2", JCA_PRIO_AVX2, have_avx2, sha512_init_avx2, 64);
SHA512_LIKE(jca__sha512_224_avx2, "sha512_224-avx2", JCA_PRIO_AVX2, have_avx2, sha512_224_init_avx2, 28);
SHA512_LIKE(jca__sha512_256_avx2, "sha512_256-avx2", JCA_PRIO_AVX2, have_avx2, sha512_256_init_avx2, 32);
SHA512_LIKE(jca__sha384_avx512, "sha384-avx512", JCA_PRIO_AVX512, have_avx512_bmi2, sha384_init_avx512, 48);
SHA512_LIKE(jca__sha512_avx512, "sha512-avx512", JCA_PRIO_AVX512, have_avx512_bmi2, sha512_init_avx512, 64);
SHA512_LIKE(jca__sha512_224_avx512, "sha512_224-avx512", JCA_PRIO_AVX512, have_avx512_bmi2, sha512_224_init_avx512, 28);
SHA512_LIKE(jca__sha512_256_avx512, "sha512_256-avx512", JCA_PRIO_AVX512, have_avx512_bmi2, sha512_256_init_avx512, 32);
KECCAK_LIKE(jca__sha3_224_avx512, "sha3_224-avx512", JCA_PRIO_AVX512, have_avx512, sha3_224_init_avx512, 28, 144, 0);
KECCAK_LIKE(jca__sha3_256_avx512, "sha3_256-avx512", JCA_PRIO_AVX512, have_avx512, sha3_256_init_avx512, 32, 136, 0);
KECCAK_LIKE(jca__sha3_384_avx512, "sha3_384-avx512", JCA_PRIO_AVX512, have_avx512, sha3_384_init_avx512, 48, 104, 0);
KECCAK_LIKE(jca__sha3_512_avx512, "sha3_512-avx512", JCA_PRIO_AVX512, have_avx512, sha3_512_init_avx512, 64, 72, 0);
KECCAK_LIKE(jca__shake128_avx512, "shake128-avx512", JCA_PRIO_AVX512, have_avx512, shake128_init_avx512, 32, 168, JCA_MD_XOF);
KECCAK_LIKE(jca__shake256_avx512, "shake256-avx512", JCA_PRIO_AVX512, have_avx512, shake256_init_avx512, 64, 136, JCA_MD_XOF);
KECCAK_LIKE(jca__sha3_224_avx2, "sha3_224-avx2", JCA_PRIO_AVX2, have_avx2, sha3_224_init_avx2, 28, 144, 0);
KECCAK_LIKE(jca__sha3_256_avx2, "sha3_256-avx2", JCA_PRIO_AVX2, have_avx2, sha3_256_init_avx2, 32, 136, 0);
KECCAK_LIKE(jca__sha3_384_avx2, "sha3_384-avx2", JCA_PRIO_AVX2, have_avx2, sha3_384_init_avx2, 48, 104, 0);
KECCAK_LIKE(jca__sha3_512_avx2, "sha3_512-avx2", JCA_PRIO_AVX2, have_avx2, sha3_512_init_avx2, 64, 72, 0);
KECCAK_LIKE(jca__shake128_avx2, "shake128-avx2", JCA_PRIO_AVX2, have_avx2, shake128_init_avx2, 32, 168, JCA_MD_XOF);
KECCAK_LIKE(jca__shake256_avx2, "shake256-avx2", JCA_PRIO_AVX2, have_avx2, shake256_init_avx2, 64, 136, JCA_MD_XOF);

static int sha1_init_shani(void *c) { jca__sha1_init(c, jca__sha1_blocks_shani); return 0; }
static int sha224_init_shani(void *c) { jca__sha224_init(c, jca__sha256_blocks_shani); return 0; }
static int sha256_init_shani(void *c) { jca__sha256_init(c, jca__sha256_blocks_shani); return 0; }

SHA1_LIKE(jca__sha1_shani, "sha1-shani", JCA_PRIO_CRYPTO, have_shani, sha1_init_shani, 20);
SHA256_LIKE(jca__sha224_shani, "sha224-shani", JCA_PRIO_CRYPTO, have_shani, sha224_init_shani, 28);
SHA256_LIKE(jca__sha256_shani, "sha256-shani", JCA_PRIO_CRYPTO, have_shani, sha256_init_shani, 32);
#endif

#if defined(JCA_HAVE_ARM_BACKENDS)
static int have_arm(uint32_t f) { return (jca__cpu_features() & f) == f; }
static int have_arm_sha1(void) { return have_arm(JCA__CPU_ARM_SHA1); }
static int have_arm_sha2(void) { return have_arm(JCA__CPU_ARM_SHA2); }
static int have_arm_sha512(void) { return have_arm(JCA__CPU_ARM_SHA512); }
static int have_arm_sha3(void) { return have_arm(JCA__CPU_ARM_SHA3); }

static int sha1_init_armv8(void *c) { jca__sha1_init(c, jca__sha1_blocks_armv8); return 0; }
static int sha224_init_armv8(void *c) { jca__sha224_init(c, jca__sha256_blocks_armv8); return 0; }
static int sha256_init_armv8(void *c) { jca__sha256_init(c, jca__sha256_blocks_armv8); return 0; }
static int sha384_init_armv8(void *c) { jca__sha384_init(c, jca__sha512_blocks_armv8); return 0; }
static int sha512_init_armv8(void *c) { jca__sha512_init(c, jca__sha512_blocks_armv8); return 0; }
static int sha512_224_init_armv8(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_armv8); return 0; }
static int sha512_256_init_armv8(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_armv8); return 0; }
static int sha3_224_init_armv8(void *c) { jca__keccak_init(c, &jca__keccak_armv8, 144, 0x06); return 0; }
static int sha3_256_init_armv8(void *c) { jca__keccak_init(c, &jca__keccak_armv8, 136, 0x06); return 0; }
static int sha3_384_init_armv8(void *c) { jca__keccak_init(c, &jca__keccak_armv8, 104, 0x06); return 0; }
static int sha3_512_init_armv8(void *c) { jca__keccak_init(c, &jca__keccak_armv8, 72, 0x06); return 0; }
static int shake128_init_armv8(void *c) { jca__keccak_init(c, &jca__keccak_armv8, 168, 0x1f); return 0; }
static int shake256_init_armv8(void *c) { jca__keccak_init(c, &jca__keccak_armv8, 136, 0x1f); return 0; }

SHA1_LIKE(jca__sha1_armv8, "sha1-armv8", JCA_PRIO_CRYPTO, have_arm_sha1, sha1_init_armv8, 20);
SHA256_LIKE(jca__sha224_armv8, "sha224-armv8", JCA_PRIO_CRYPTO, have_arm_sha2, sha224_init_armv8, 28);
SHA256_LIKE(jca__sha256_armv8, "sha256-armv8", JCA_PRIO_CRYPTO, have_arm_sha2, sha256_init_armv8, 32);
SHA512_LIKE(jca__sha384_armv8, "sha384-armv8", JCA_PRIO_CRYPTO, have_arm_sha512, sha384_init_armv8, 48);
SHA512_LIKE(jca__sha512_armv8, "sha512-armv8", JCA_PRIO_CRYPTO, have_arm_sha512, sha512_init_armv8, 64);
SHA512_LIKE(jca__sha512_224_armv8, "sha512_224-armv8", JCA_PRIO_CRYPTO, have_arm_sha512, sha512_224_init_armv8, 28);
SHA512_LIKE(jca__sha512_256_armv8, "sha512_256-armv8", JCA_PRIO_CRYPTO, have_arm_sha512, sha512_256_init_armv8, 32);
KECCAK_LIKE(jca__sha3_224_armv8, "sha3_224-armv8", JCA_PRIO_CRYPTO, have_arm_sha3, sha3_224_init_armv8, 28, 144, 0);
KECCAK_LIKE(jca__sha3_256_armv8, "sha3_256-armv8", JCA_PRIO_CRYPTO, have_arm_sha3, sha3_256_init_armv8, 32, 136, 0);
KECCAK_LIKE(jca__sha3_384_armv8, "sha3_384-armv8", JCA_PRIO_CRYPTO, have_arm_sha3, sha3_384_init_armv8, 48, 104, 0);
KECCAK_LIKE(jca__sha3_512_armv8, "sha3_512-armv8", JCA_PRIO_CRYPTO, have_arm_sha3, sha3_512_init_armv8, 64, 72, 0);
KECCAK_LIKE(jca__shake128_armv8, "shake128-armv8", JCA_PRIO_CRYPTO, have_arm_sha3, shake128_init_armv8, 32, 168, JCA_MD_XOF);
KECCAK_LIKE(jca__shake256_armv8, "shake256-armv8", JCA_PRIO_CRYPTO, have_arm_sha3, shake256_init_armv8, 64, 136, JCA_MD_XOF);
#endif

#if defined(JCA_HAVE_RISCV_BACKENDS)
static int have_rv(uint32_t f) { return (jca__cpu_features() & f) == f; }
static int have_zknh(void) { return have_rv(JCA__CPU_RV_ZKNH | JCA__CPU_RV_ZBB); }
static int have_zbb(void) { return have_rv(JCA__CPU_RV_ZBB); }

static int sha1_init_zbb(void *c) { jca__sha1_init(c, jca__sha1_blocks_zbb); return 0; }
static int sha224_init_zknh(void *c) { jca__sha224_init(c, jca__sha256_blocks_zknh); return 0; }
static int sha256_init_zknh(void *c) { jca__sha256_init(c, jca__sha256_blocks_zknh); return 0; }
static int sha384_init_zknh(void *c) { jca__sha384_init(c, jca__sha512_blocks_zknh); return 0; }
static int sha512_init_zknh(void *c) { jca__sha512_init(c, jca__sha512_blocks_zknh); return 0; }
static int sha512_224_init_zknh(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_zknh); return 0; }
static int sha512_256_init_zknh(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_zknh); return 0; }
static int sha3_224_init_zbb(void *c) { jca__keccak_init(c, &jca__keccak_zbb, 144, 0x06); return 0; }
static int sha3_256_init_zbb(void *c) { jca__keccak_init(c, &jca__keccak_zbb, 136, 0x06); return 0; }
static int sha3_384_init_zbb(void *c) { jca__keccak_init(c, &jca__keccak_zbb, 104, 0x06); return 0; }
static int sha3_512_init_zbb(void *c) { jca__keccak_init(c, &jca__keccak_zbb, 72, 0x06); return 0; }
static int shake128_init_zbb(void *c) { jca__keccak_init(c, &jca__keccak_zbb, 168, 0x1f); return 0; }
static int shake256_init_zbb(void *c) { jca__keccak_init(c, &jca__keccak_zbb, 136, 0x1f); return 0; }

SHA1_LIKE(jca__sha1_zbb, "sha1-zbb", JCA_PRIO_SIMD, have_zbb, sha1_init_zbb, 20);
SHA256_LIKE(jca__sha224_zknh, "sha224-zknh", JCA_PRIO_CRYPTO, have_zknh, sha224_init_zknh, 28);
SHA256_LIKE(jca__sha256_zknh, "sha256-zknh", JCA_PRIO_CRYPTO, have_zknh, sha256_init_zknh, 32);
SHA512_LIKE(jca__sha384_zknh, "sha384-zknh", JCA_PRIO_CRYPTO, have_zknh, sha384_init_zknh, 48);
SHA512_LIKE(jca__sha512_zknh, "sha512-zknh", JCA_PRIO_CRYPTO, have_zknh, sha512_init_zknh, 64);
SHA512_LIKE(jca__sha512_224_zknh, "sha512_224-zknh", JCA_PRIO_CRYPTO, have_zknh, sha512_224_init_zknh, 28);
SHA512_LIKE(jca__sha512_256_zknh, "sha512_256-zknh", JCA_PRIO_CRYPTO, have_zknh, sha512_256_init_zknh, 32);
KECCAK_LIKE(jca__sha3_224_zbb, "sha3_224-zbb", JCA_PRIO_SIMD, have_zbb, sha3_224_init_zbb, 28, 144, 0);
KECCAK_LIKE(jca__sha3_256_zbb, "sha3_256-zbb", JCA_PRIO_SIMD, have_zbb, sha3_256_init_zbb, 32, 136, 0);
KECCAK_LIKE(jca__sha3_384_zbb, "sha3_384-zbb", JCA_PRIO_SIMD, have_zbb, sha3_384_init_zbb, 48, 104, 0);
KECCAK_LIKE(jca__sha3_512_zbb, "sha3_512-zbb", JCA_PRIO_SIMD, have_zbb, sha3_512_init_zbb, 64, 72, 0);
KECCAK_LIKE(jca__shake128_zbb, "shake128-zbb", JCA_PRIO_SIMD, have_zbb, shake128_init_zbb, 32, 168, JCA_MD_XOF);
KECCAK_LIKE(jca__shake256_zbb, "shake256-zbb", JCA_PRIO_SIMD, have_zbb, shake256_init_zbb, 64, 136, JCA_MD_XOF);
#endif
