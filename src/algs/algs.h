/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Internal interface of the algorithm layer (src/algs).
 *
 * Algorithm code knows nothing of names, providers or the registry. It offers
 * streaming contexts whose functions have exactly the signatures of the
 * provider vtables in include/jca/provider.h (void *ctx), so a provider can
 * point its vtables straight at them.
 *
 * Rules for every context here:
 *  - no interior pointers: cloning is memcpy of sizeof(ctx);
 *  - a context may hold a pointer to *code* (the block function of the backend
 *    chosen at init), which survives memcpy;
 *  - 16-byte alignment at most is assumed (backends use unaligned loads);
 *  - final() writes the requested number of bytes and leaves the context in an
 *    unspecified state: the engine calls init() again before reuse;
 *  - in-place processing (out == in) is allowed for every cipher function.
 */
#ifndef JCA_ALGS_H
#define JCA_ALGS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define JCA__HIDDEN __attribute__((visibility("hidden")))
#else
#define JCA__HIDDEN
#endif

/* ---- MD5 (RFC 1321) -------------------------------------------------- */
typedef void jca__md5_blocks_fn(uint32_t h[4], const uint8_t *in, size_t nblocks);
typedef struct jca__md5_ctx {
	uint32_t h[4];
	uint64_t n;                    /* total bytes absorbed */
	jca__md5_blocks_fn *blocks;
	uint8_t buf[64];               /* n % 64 bytes pending */
} jca__md5_ctx;
JCA__HIDDEN extern const uint32_t jca__md5_iv[4];
/* Inits are inline: an instance's creation calls the backend's init alone. */
static inline void jca__md5_init(jca__md5_ctx *c, jca__md5_blocks_fn *blocks)
{
	memcpy(c->h, jca__md5_iv, sizeof(c->h));
	c->n = 0;
	c->blocks = blocks;
}
JCA__HIDDEN int jca__md5_update(void *ctx, const void *in, size_t len);
JCA__HIDDEN int jca__md5_final(void *ctx, void *out, size_t outlen); /* outlen <= 16 */
JCA__HIDDEN jca__md5_blocks_fn jca__md5_blocks_generic;

/* ---- SHA-1 (FIPS 180-4) ---------------------------------------------- */
typedef void jca__sha1_blocks_fn(uint32_t h[5], const uint8_t *in, size_t nblocks);
typedef struct jca__sha1_ctx {
	uint32_t h[5];
	uint64_t n;
	jca__sha1_blocks_fn *blocks;
	uint8_t buf[64];
} jca__sha1_ctx;
JCA__HIDDEN extern const uint32_t jca__sha1_iv[5];
static inline void jca__sha1_init(jca__sha1_ctx *c, jca__sha1_blocks_fn *blocks)
{
	memcpy(c->h, jca__sha1_iv, sizeof(c->h));
	c->n = 0;
	c->blocks = blocks;
}
JCA__HIDDEN int jca__sha1_update(void *ctx, const void *in, size_t len);
JCA__HIDDEN int jca__sha1_final(void *ctx, void *out, size_t outlen); /* outlen <= 20 */
JCA__HIDDEN jca__sha1_blocks_fn jca__sha1_blocks_generic;

/* ---- SHA-224 / SHA-256 ------------------------------------------------ */
typedef void jca__sha256_blocks_fn(uint32_t h[8], const uint8_t *in, size_t nblocks);
typedef struct jca__sha256_ctx {
	uint32_t h[8];
	uint64_t n;
	jca__sha256_blocks_fn *blocks;
	uint8_t buf[64];
} jca__sha256_ctx;
JCA__HIDDEN extern const uint32_t jca__sha224_iv[8], jca__sha256_iv[8];
static inline void jca__sha256_set(jca__sha256_ctx *c, const uint32_t iv[8], jca__sha256_blocks_fn *blocks)
{
	memcpy(c->h, iv, sizeof(c->h));
	c->n = 0;
	c->blocks = blocks;
}
static inline void jca__sha224_init(jca__sha256_ctx *c, jca__sha256_blocks_fn *b) { jca__sha256_set(c, jca__sha224_iv, b); }
static inline void jca__sha256_init(jca__sha256_ctx *c, jca__sha256_blocks_fn *b) { jca__sha256_set(c, jca__sha256_iv, b); }
JCA__HIDDEN int jca__sha256_update(void *ctx, const void *in, size_t len);
/* writes the first outlen (28 or 32) bytes of the big-endian state */
JCA__HIDDEN int jca__sha256_final(void *ctx, void *out, size_t outlen);
JCA__HIDDEN jca__sha256_blocks_fn jca__sha256_blocks_generic;
/* the 64 round constants, for backends that want them */
JCA__HIDDEN extern const uint32_t jca__sha256_k[64];

/* ---- SHA-384 / SHA-512 / SHA-512/224 / SHA-512/256 -------------------- */
typedef void jca__sha512_blocks_fn(uint64_t h[8], const uint8_t *in, size_t nblocks);
typedef struct jca__sha512_ctx {
	uint64_t h[8];
	uint64_t n;                    /* bytes; the 128-bit bit length is n*8 */
	jca__sha512_blocks_fn *blocks;
	uint8_t buf[128];
} jca__sha512_ctx;
JCA__HIDDEN extern const uint64_t jca__sha384_iv[8], jca__sha512_iv[8], jca__sha512_224_iv[8], jca__sha512_256_iv[8];
static inline void jca__sha512_set(jca__sha512_ctx *c, const uint64_t iv[8], jca__sha512_blocks_fn *blocks)
{
	memcpy(c->h, iv, sizeof(c->h));
	c->n = 0;
	c->blocks = blocks;
}
static inline void jca__sha384_init(jca__sha512_ctx *c, jca__sha512_blocks_fn *b) { jca__sha512_set(c, jca__sha384_iv, b); }
static inline void jca__sha512_init(jca__sha512_ctx *c, jca__sha512_blocks_fn *b) { jca__sha512_set(c, jca__sha512_iv, b); }
static inline void jca__sha512_224_init(jca__sha512_ctx *c, jca__sha512_blocks_fn *b) { jca__sha512_set(c, jca__sha512_224_iv, b); }
static inline void jca__sha512_256_init(jca__sha512_ctx *c, jca__sha512_blocks_fn *b) { jca__sha512_set(c, jca__sha512_256_iv, b); }
JCA__HIDDEN int jca__sha512_update(void *ctx, const void *in, size_t len);
/* writes the first outlen (28, 32, 48 or 64) bytes of the big-endian state */
JCA__HIDDEN int jca__sha512_final(void *ctx, void *out, size_t outlen);
JCA__HIDDEN jca__sha512_blocks_fn jca__sha512_blocks_generic;
JCA__HIDDEN extern const uint64_t jca__sha512_k[80];

/* ---- Keccak-f[1600], SHA-3 and SHAKE (FIPS 202) ----------------------- */
/* Lane i of the state is a[i] (i = x + 5*y), little-endian byte order. */
typedef void jca__keccak_permute_fn(uint64_t a[25]);
/* XOR nblocks whole blocks of `rate` bytes into the state, permuting after
 * each one. A backend may keep the state in registers across blocks. */
typedef void jca__keccak_absorb_fn(uint64_t a[25], const uint8_t *in, size_t nblocks, size_t rate);
/* Four states permuted at once: lane i of state j is s[4 * i + j]. */
typedef void jca__keccak_x4_fn(uint64_t s[100]);
typedef struct jca__keccak_backend {
	jca__keccak_permute_fn *permute;
	jca__keccak_absorb_fn *absorb;
	jca__keccak_x4_fn *permute_x4;  /* NULL: the caller permutes the four one by one */
} jca__keccak_backend;
typedef struct jca__keccak_ctx {
	uint64_t a[25];
	const jca__keccak_backend *be;
	uint32_t rate;                 /* bytes: 168, 144, 136, 104, 72 */
	uint32_t pos;                  /* bytes absorbed into / squeezed from the current block */
	uint8_t dsbyte;                /* 0x06 for SHA-3, 0x1f for SHAKE */
	uint8_t squeezing;
} jca__keccak_ctx;
JCA__HIDDEN void jca__keccak_init(jca__keccak_ctx *c, const jca__keccak_backend *be,
                                  unsigned rate, uint8_t dsbyte);
JCA__HIDDEN int jca__keccak_update(void *ctx, const void *in, size_t len);
/* pads on the first call, then squeezes outlen bytes (any length, including 0) */
JCA__HIDDEN int jca__keccak_final(void *ctx, void *out, size_t outlen);
JCA__HIDDEN extern const jca__keccak_backend jca__keccak_generic;
/* The variants: rate = 200 - 2 * capacity/8 bytes; domain byte 0x06
 * (SHA-3) or 0x1f (SHAKE). */
static inline void jca__sha3_224_init(jca__keccak_ctx *c, const jca__keccak_backend *be) { jca__keccak_init(c, be, 144, 0x06); }
static inline void jca__sha3_256_init(jca__keccak_ctx *c, const jca__keccak_backend *be) { jca__keccak_init(c, be, 136, 0x06); }
static inline void jca__sha3_384_init(jca__keccak_ctx *c, const jca__keccak_backend *be) { jca__keccak_init(c, be, 104, 0x06); }
static inline void jca__sha3_512_init(jca__keccak_ctx *c, const jca__keccak_backend *be) { jca__keccak_init(c, be, 72, 0x06); }
static inline void jca__shake128_init(jca__keccak_ctx *c, const jca__keccak_backend *be) { jca__keccak_init(c, be, 168, 0x1f); }
static inline void jca__shake256_init(jca__keccak_ctx *c, const jca__keccak_backend *be) { jca__keccak_init(c, be, 136, 0x1f); }
JCA__HIDDEN extern const uint64_t jca__keccak_rc[24];

/* ---- AES (FIPS 197) block cipher with ECB and CBC --------------------- */
/* Signatures shared by every AES backend (and by jca_cipher_impl):
 *   set_key: key_len 16, 24 or 32, else returns -1 and leaves ctx unusable;
 *            prepares both the encryption and the decryption schedule.
 *   ecb_*:   nblocks independent 16-byte blocks.
 *   cbc_*:   chaining through iv (16 bytes), which is updated to the last
 *            ciphertext block so a stream can continue.
 * in == out is allowed; other overlaps are not. */
typedef int  jca__cipher_set_key_fn(void *ctx, const uint8_t *key, size_t key_len);
typedef int  jca__cipher_ecb_fn(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
typedef int  jca__cipher_cbc_fn(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);

/* Portable, constant-time (no secret-indexed table or branch). */
typedef struct jca__aes_ct_ctx {
	uint64_t sk[120];              /* layout private to aes_ct.c */
	uint32_t rounds;               /* 10, 12 or 14 */
} jca__aes_ct_ctx;
JCA__HIDDEN jca__cipher_set_key_fn jca__aes_ct_set_key;
JCA__HIDDEN jca__cipher_ecb_fn jca__aes_ct_ecb_encrypt, jca__aes_ct_ecb_decrypt;
JCA__HIDDEN jca__cipher_cbc_fn jca__aes_ct_cbc_encrypt, jca__aes_ct_cbc_decrypt;

/* ---- Accelerated backends (each only in a build for its ISA) ----------
 * Declared here; defined in src/algs/<isa>/, compiled with that ISA's flags.
 * Callers must check jca__cpu_features() before calling. */
#if defined(__x86_64__)
JCA__HIDDEN jca__sha1_blocks_fn jca__sha1_blocks_shani;
JCA__HIDDEN jca__sha256_blocks_fn jca__sha256_blocks_shani;
JCA__HIDDEN jca__sha512_blocks_fn jca__sha512_blocks_avx2;
JCA__HIDDEN jca__sha512_blocks_fn jca__sha512_blocks_avx512;
JCA__HIDDEN extern const jca__keccak_backend jca__keccak_avx512;
JCA__HIDDEN extern const jca__keccak_backend jca__keccak_avx2;
JCA__HIDDEN jca__keccak_x4_fn jca__keccak_x4_avx2;   /* x86/keccak_x4_avx2.c */
typedef struct jca__aesni_ctx {
	uint8_t ek[15 * 16];           /* encryption round keys */
	uint8_t dk[15 * 16];           /* decryption round keys (InvMixColumns applied) */
	uint32_t rounds;
} jca__aesni_ctx;
JCA__HIDDEN jca__cipher_set_key_fn jca__aesni_set_key;
JCA__HIDDEN jca__cipher_ecb_fn jca__aesni_ecb_encrypt, jca__aesni_ecb_decrypt;
JCA__HIDDEN jca__cipher_cbc_fn jca__aesni_cbc_encrypt, jca__aesni_cbc_decrypt;
/* VAES CBC decryption (same context as AES-NI) */
JCA__HIDDEN jca__cipher_cbc_fn jca__vaes256_cbc_decrypt, jca__vaes512_cbc_decrypt;
#endif

#if defined(__x86_64__) || defined(__aarch64__)
/* Vector-permute AES (SSSE3 pshufb, AdvSIMD tbl), constant time, for CPUs
 * without AES instructions (aes_vperm_impl.h in x86/aes_vperm.c and
 * arm/aes_vperm_neon.c). */
typedef struct jca__aes_vperm_ctx {
	uint8_t ek[15 * 16];           /* layouts private to aes_vperm.c */
	uint8_t dk[15 * 16];
	uint32_t rounds;
} jca__aes_vperm_ctx;
JCA__HIDDEN jca__cipher_set_key_fn jca__aes_vperm_set_key;
JCA__HIDDEN jca__cipher_ecb_fn jca__aes_vperm_ecb_encrypt, jca__aes_vperm_ecb_decrypt;
JCA__HIDDEN jca__cipher_cbc_fn jca__aes_vperm_cbc_encrypt, jca__aes_vperm_cbc_decrypt;
#endif

#if defined(__aarch64__)
JCA__HIDDEN jca__sha1_blocks_fn jca__sha1_blocks_armv8;
JCA__HIDDEN jca__sha256_blocks_fn jca__sha256_blocks_armv8;
JCA__HIDDEN jca__sha512_blocks_fn jca__sha512_blocks_armv8;
JCA__HIDDEN extern const jca__keccak_backend jca__keccak_armv8;
typedef struct jca__aes_armv8_ctx {
	uint8_t ek[15 * 16];
	uint8_t dk[15 * 16];
	uint32_t rounds;
} jca__aes_armv8_ctx;
JCA__HIDDEN jca__cipher_set_key_fn jca__aes_armv8_set_key;
JCA__HIDDEN jca__cipher_ecb_fn jca__aes_armv8_ecb_encrypt, jca__aes_armv8_ecb_decrypt;
JCA__HIDDEN jca__cipher_cbc_fn jca__aes_armv8_cbc_encrypt, jca__aes_armv8_cbc_decrypt;
#endif

#if defined(__riscv) && __riscv_xlen == 64
JCA__HIDDEN jca__sha256_blocks_fn jca__sha256_blocks_zknh;
JCA__HIDDEN jca__sha512_blocks_fn jca__sha512_blocks_zknh;
JCA__HIDDEN jca__sha1_blocks_fn jca__sha1_blocks_zbb;
JCA__HIDDEN extern const jca__keccak_backend jca__keccak_zbb;
#endif

#endif /* JCA_ALGS_H */
