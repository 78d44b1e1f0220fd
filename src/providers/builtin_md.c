/*
 * MessageDigest implementations of the built-in provider: one vtable per
 * (algorithm, backend). The init wrappers bind a backend's block function
 * into the context; update and final are shared by every backend of a
 * family.
 */
#include "builtin.h"

/* ---- MD5 ---- */
static void md5_init_generic(void *c) { jca__md5_init(c, jca__md5_blocks_generic); }

const jca_md_impl jca__md5_generic = {
	.name = "md5-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__md5_ctx),
	.digest_size = 16, .block_size = 64, .flags = 0,
	.init = md5_init_generic, .update = jca__md5_update, .final = jca__md5_final
};

/* ---- SHA-1 ---- */
static void sha1_init_generic(void *c) { jca__sha1_init(c, jca__sha1_blocks_generic); }

const jca_md_impl jca__sha1_generic = {
	.name = "sha1-generic", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(jca__sha1_ctx),
	.digest_size = 20, .block_size = 64, .flags = 0,
	.init = sha1_init_generic, .update = jca__sha1_update, .final = jca__sha1_final
};

/* ---- SHA-224, SHA-256 ---- */
static void sha224_init_generic(void *c) { jca__sha224_init(c, jca__sha256_blocks_generic); }
static void sha256_init_generic(void *c) { jca__sha256_init(c, jca__sha256_blocks_generic); }

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
static void sha384_init_generic(void *c) { jca__sha384_init(c, jca__sha512_blocks_generic); }
static void sha512_init_generic(void *c) { jca__sha512_init(c, jca__sha512_blocks_generic); }
static void sha512_224_init_generic(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_generic); }
static void sha512_256_init_generic(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_generic); }

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
static void sha3_224_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 144, 0x06); }
static void sha3_256_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 136, 0x06); }
static void sha3_384_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 104, 0x06); }
static void sha3_512_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 72, 0x06); }
static void shake128_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 168, 0x1f); }
static void shake256_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 136, 0x1f); }

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
