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
	"md5-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__md5_ctx), 16, 64, 0,
	md5_init_generic, jca__md5_update, jca__md5_final
};

/* ---- SHA-1 ---- */
static void sha1_init_generic(void *c) { jca__sha1_init(c, jca__sha1_blocks_generic); }

const jca_md_impl jca__sha1_generic = {
	"sha1-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha1_ctx), 20, 64, 0,
	sha1_init_generic, jca__sha1_update, jca__sha1_final
};

/* ---- SHA-224, SHA-256 ---- */
static void sha224_init_generic(void *c) { jca__sha224_init(c, jca__sha256_blocks_generic); }
static void sha256_init_generic(void *c) { jca__sha256_init(c, jca__sha256_blocks_generic); }

const jca_md_impl jca__sha224_generic = {
	"sha224-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha256_ctx), 28, 64, 0,
	sha224_init_generic, jca__sha256_update, jca__sha256_final
};
const jca_md_impl jca__sha256_generic = {
	"sha256-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha256_ctx), 32, 64, 0,
	sha256_init_generic, jca__sha256_update, jca__sha256_final
};

/* ---- SHA-384, SHA-512, SHA-512/224, SHA-512/256 ---- */
static void sha384_init_generic(void *c) { jca__sha384_init(c, jca__sha512_blocks_generic); }
static void sha512_init_generic(void *c) { jca__sha512_init(c, jca__sha512_blocks_generic); }
static void sha512_224_init_generic(void *c) { jca__sha512_224_init(c, jca__sha512_blocks_generic); }
static void sha512_256_init_generic(void *c) { jca__sha512_256_init(c, jca__sha512_blocks_generic); }

const jca_md_impl jca__sha384_generic = {
	"sha384-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha512_ctx), 48, 128, 0,
	sha384_init_generic, jca__sha512_update, jca__sha512_final
};
const jca_md_impl jca__sha512_generic = {
	"sha512-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha512_ctx), 64, 128, 0,
	sha512_init_generic, jca__sha512_update, jca__sha512_final
};
const jca_md_impl jca__sha512_224_generic = {
	"sha512_224-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha512_ctx), 28, 128, 0,
	sha512_224_init_generic, jca__sha512_update, jca__sha512_final
};
const jca_md_impl jca__sha512_256_generic = {
	"sha512_256-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__sha512_ctx), 32, 128, 0,
	sha512_256_init_generic, jca__sha512_update, jca__sha512_final
};

/* ---- SHA-3 and SHAKE: rate = 200 - 2 * capacity/8 bytes ---- */
static void sha3_224_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 144, 0x06); }
static void sha3_256_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 136, 0x06); }
static void sha3_384_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 104, 0x06); }
static void sha3_512_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 72, 0x06); }
static void shake128_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 168, 0x1f); }
static void shake256_init_generic(void *c) { jca__keccak_init(c, &jca__keccak_generic, 136, 0x1f); }

const jca_md_impl jca__sha3_224_generic = {
	"sha3_224-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__keccak_ctx), 28, 144, 0,
	sha3_224_init_generic, jca__keccak_update, jca__keccak_final
};
const jca_md_impl jca__sha3_256_generic = {
	"sha3_256-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__keccak_ctx), 32, 136, 0,
	sha3_256_init_generic, jca__keccak_update, jca__keccak_final
};
const jca_md_impl jca__sha3_384_generic = {
	"sha3_384-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__keccak_ctx), 48, 104, 0,
	sha3_384_init_generic, jca__keccak_update, jca__keccak_final
};
const jca_md_impl jca__sha3_512_generic = {
	"sha3_512-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__keccak_ctx), 64, 72, 0,
	sha3_512_init_generic, jca__keccak_update, jca__keccak_final
};
/* SHAKE: default output 32 / 64 bytes as in the JDK; block size 0 keeps
 * HMAC from being composed over an XOF. */
const jca_md_impl jca__shake128_generic = {
	"shake128-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__keccak_ctx), 32, 168, JCA_MD_XOF,
	shake128_init_generic, jca__keccak_update, jca__keccak_final
};
const jca_md_impl jca__shake256_generic = {
	"shake256-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__keccak_ctx), 64, 136, JCA_MD_XOF,
	shake256_init_generic, jca__keccak_update, jca__keccak_final
};
