/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca provider interface: what a provider (built in or a plugin .so)
 * hands to the registry. Plugin authors need this header only.
 *
 * A provider is described by a jca_provider_desc: name, version,
 * description and a table of services. A service is (type, algorithm name,
 * aliases, attributes, implementations). An implementation is a typed,
 * const vtable that also carries its sizes: the registry resolves the best
 * usable implementation once and caches it in the service (the "cached
 * constructor"), so getting an instance is a hash lookup plus one allocation.
 *
 * Ownership: the descriptor and everything it points to (strings, tables,
 * vtables, code) must stay valid and unchanged until jca_shutdown(). Plugin
 * code is never unloaded before then.
 *
 * Threading: vtable functions are called on one object by one thread at a
 * time; they must not keep global mutable state. available() and self-tests
 * may run on any thread, once.
 *
 * Versioning: structures here are append-only. struct_size fields let the
 * host accept descriptors built against an older header.
 */
#ifndef JCA_PROVIDER_H
#define JCA_PROVIDER_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ABI version of this header's structures. 2: jca_service_desc gained
 * `random` and `kdf` (SecureRandom and KDF services), so its size (the
 * stride of a provider's services array) changed; ABI 1 providers are
 * refused with a message naming both versions. */
#define JCA_ABI_VERSION 2

typedef enum jca_service_type {
	JCA_MESSAGE_DIGEST = 1,
	JCA_CIPHER = 2,
	JCA_MAC = 3,
	JCA_SECURE_RANDOM = 4,
	JCA_KDF = 5
} jca_service_type;

/* Priority tiers of implementations (higher wins, like the kernel's). */
#define JCA_PRIO_GENERIC 100   /* portable C */
#define JCA_PRIO_SIMD    150   /* SSSE3/NEON-class vector code */
#define JCA_PRIO_AVX2    170
#define JCA_PRIO_AVX512  200
#define JCA_PRIO_CRYPTO  250   /* dedicated crypto instructions */
#define JCA_PRIO_CRYPTO_WIDE 260 /* wide (VAES) crypto instructions */

/* MessageDigest implementation. */
#define JCA_MD_XOF 1u          /* extendable output: any output length */
typedef struct jca_md_impl {
	const char *name;          /* implementation ("driver") name, unique, e.g. "sha256-generic" */
	int priority;              /* JCA_PRIO_* */
	int (*available)(void);    /* nonzero if usable on this CPU; NULL means always */
	size_t ctx_size;           /* bytes of context; clone is memcpy of this */
	size_t digest_size;        /* default output length in bytes */
	size_t block_size;         /* input block in bytes (used by HMAC) */
	unsigned flags;            /* JCA_MD_* */
	/* init, update, final and the cipher mode functions return 0, or
	 * nonzero if they failed (a bridge's library out of memory): the
	 * engine then fails that call with JCA_IMPL, wipes any output, and
	 * the object needs a fresh init. */
	int (*init)(void *ctx);
	int (*update)(void *ctx, const void *in, size_t len);
	/* Writes out_len bytes: digest_size, or any length for JCA_MD_XOF.
	 * Leaves ctx unspecified; the engine calls init() before reuse. */
	int (*final)(void *ctx, void *out, size_t out_len);
	/* Optional, for contexts that own outside resources (a bridge to
	 * another library). When cleanup is set, the engine zeroes a new
	 * context before the first init(), calls copy(dst, src) instead of
	 * memcpy to clone (0 on success; dst is zeroed or a live context of
	 * the same implementation, whose resources copy reuses or replaces;
	 * src may be a zeroed context never initialised), and cleanup(ctx)
	 * before freeing. Set both or neither (the host refuses one alone).
	 * Leave both NULL for plain contexts. */
	int (*copy)(void *dst, const void *src);
	void (*cleanup)(void *ctx);
} jca_md_impl;

/* Block cipher implementation with its modes. A NULL mode function means
 * the mode is not offered. In-place operation (out == in) must work. */
typedef struct jca_cipher_impl {
	const char *name;          /* e.g. "aes-aesni" */
	int priority;
	int (*available)(void);
	size_t ctx_size;           /* key schedule; wiped by the engine */
	size_t block_size;         /* bytes, at most 32 */
	uint64_t key_sizes;        /* bit n set: a key of n bytes is accepted (n < 64) */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len); /* 0 or -1 */
	int (*ecb_encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	int (*ecb_decrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* iv (block_size bytes) is updated to the chaining value for the next call */
	int (*cbc_encrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	int (*cbc_decrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* Optional: releases outside resources; the engine zeroes a new context
	 * before set_key when it is set, and calls it before freeing. */
	void (*cleanup)(void *ctx);
} jca_cipher_impl;

/* SecureRandom implementation. Two kinds:
 *  JCA_RANDOM_DRBG: the SP 800-90A DRBGs of the SecureRandom engine
 *    (Hash_DRBG, HMAC_DRBG, CTR_DRBG), run over the digests and AES that
 *    the registry hands out; the service only declares that it offers
 *    them (generate is NULL).
 *  JCA_RANDOM_NATIVE: a nondeterministic source (the kernel, a hardware
 *    generator): generate(buf, len) fills buf, returns 0 or nonzero; it
 *    must be callable from any thread at once, keeps no per-instance
 *    state, and must never repeat output in a fork child. */
#define JCA_RANDOM_DRBG 1u
#define JCA_RANDOM_NATIVE 2u
typedef struct jca_random_impl {
	const char *name;          /* e.g. "drbg-sp800-90a", "getrandom" */
	int priority;
	int (*available)(void);
	unsigned kind;             /* JCA_RANDOM_* */
	int (*generate)(void *buf, size_t len);
} jca_random_impl;

/* KDF implementation: the KDF engine's templates over any Mac of the
 * registry, by kind: JCA_KDF_PBKDF2 (RFC 8018, names PBKDF2With<Mac>) or
 * JCA_KDF_HKDF (RFC 5869, names HKDF-<digest>, HKDFWith<Mac>). */
#define JCA_KDF_PBKDF2 1u
#define JCA_KDF_HKDF 2u
typedef struct jca_kdf_impl {
	const char *name;          /* e.g. "pbkdf2-mac", "hkdf-hmac" */
	int priority;
	int (*available)(void);
	unsigned kind;             /* JCA_KDF_* */
} jca_kdf_impl;

typedef struct jca_attr {
	const char *key;
	const char *value;
} jca_attr;

/* Optional known-answer test, run once by the host before the service can
 * be used. MessageDigest: digest of `in` equals `out`. Cipher: CBC (or ECB
 * if CBC is not offered) encryption of `in` under key/iv equals `out`. */
typedef struct jca_kat {
	const void *in;
	size_t in_len;
	const void *key;
	size_t key_len;
	const void *iv;
	const void *out;
	size_t out_len;
} jca_kat;

/* A service. Attributes the registry understands:
 *   MessageDigest: "HmacOID" - OID of HMAC over this digest.
 *   Cipher: "SupportedModes" ("CBC|ECB"), "SupportedPaddings"
 *           ("NOPADDING|PKCS5PADDING"), as in the JCA.
 * Aliases that are OIDs ("2.16.840.1.101.3.4.2.1") are also reachable with
 * the "OID." prefix. */
typedef struct jca_service_desc {
	jca_service_type type;
	const char *algorithm;                  /* standard (JCA) name */
	const char *const *aliases;             /* NULL-terminated, or NULL */
	const jca_attr *attributes;             /* ends with {NULL, NULL}, or NULL */
	const jca_md_impl *const *md;           /* MessageDigest: implementations, NULL-terminated */
	const jca_cipher_impl *const *cipher;   /* Cipher: implementations, NULL-terminated */
	const jca_kat *kat;                     /* optional */
	const struct jca_random_impl *const *random; /* SecureRandom: implementations, NULL-terminated */
	const struct jca_kdf_impl *const *kdf;  /* KDF: implementations, NULL-terminated */
} jca_service_desc;

typedef struct jca_provider_desc {
	uint32_t abi_version;                   /* JCA_ABI_VERSION */
	uint32_t struct_size;                   /* sizeof(jca_provider_desc) */
	const char *name;
	const char *version;
	const char *description;
	const jca_service_desc *services;
	size_t n_services;
} jca_provider_desc;

/* ---- Plugins ----
 *
 * A plugin is a shared object exporting one function named
 * JCA_PLUGIN_ENTRY_NAME with the type jca_plugin_entry_fn. The host calls it
 * when a lookup first reaches the plugin in preference order (or when
 * jca_provider_load() is called), with a table of host services; the plugin
 * stores *desc and returns 0, or returns nonzero to refuse to load (it may
 * first call host->set_error with the reason). The entry may be called
 * again (the same file loaded again after jca_provider_remove, or after
 * jca_shutdown): it must be idempotent and return the same descriptor.
 *
 * The host then checks the ABI version and struct sizes, validates the
 * whole descriptor (non-empty unique names, non-NULL methods, sane sizes),
 * binds each service's best available implementation and runs the declared
 * known-answer tests. Only if all of that succeeds do the services become
 * visible; otherwise the registry is unchanged and the reason is recorded
 * (jca list shows it; jca_provider_state_reason returns it).
 *
 * Rules for plugin authors:
 *  - The entry function may call back into libjca (e.g. md_get_instance of
 *    another provider's digest); lookups made from inside it see the
 *    registry as it was and never trigger further loading.
 *  - The descriptor and all it points to live in the plugin's own static
 *    storage; the host never writes to it and never unloads the plugin
 *    (dlclose) while the process runs, so nothing it hands out can dangle.
 *  - Vtable functions run on the caller's thread, one object at a time.
 *  - The host loads a plugin only by path (never searched for), and only if
 *    it is a regular file owned by root or the current user, not writable
 *    by group or others, in a directory others cannot write (sticky
 *    directories excepted). The descriptor that was checked is the one
 *    loaded.
 *  - Known-answer tests: output at most 256 bytes; a cipher test is whole
 *    blocks with in_len == out_len.
 */
#define JCA_PLUGIN_ENTRY_NAME "jca_plugin_entry"

typedef struct jca_host_api {
	uint32_t abi_version;                   /* JCA_ABI_VERSION of the host */
	uint32_t struct_size;                   /* sizeof(jca_host_api) of the host */
	const char *host_version;               /* libjca version string */
	/* Records why the plugin refuses to load (copied by the host). */
	void (*set_error)(const char *message);
	/* Fills buf with len random bytes from the OS; 0 or -1. */
	int (*random)(void *buf, size_t len);
} jca_host_api;

typedef int jca_plugin_entry_fn(const jca_host_api *host, const jca_provider_desc **desc);

/* The entry function a plugin defines (the library itself does not): the
 * prototype lets the compiler check the definition, and JCA_PLUGIN_EXPORT
 * keeps it visible when the plugin is built with -fvisibility=hidden. */
#if defined(__GNUC__)
#define JCA_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define JCA_PLUGIN_EXPORT
#endif
JCA_PLUGIN_EXPORT int jca_plugin_entry(const jca_host_api *host, const jca_provider_desc **desc);

/* Register a provider at the end of the preference list (position -1) or at
 * a 0-based position. The descriptor is validated in full first; on any
 * error nothing changes and the reason is in jca_last_error_message(). */
JCA_API int jca_provider_add(const jca_provider_desc *desc);
JCA_API int jca_provider_insert(const jca_provider_desc *desc, int position);
/* Remove a provider by name. Instances already created keep working until
 * freed. */
JCA_API int jca_provider_remove(const char *name);
/* Load a plugin shared object now and register its provider at `position`
 * (-1: last). Errors: JCA_PLUGIN (cannot open, untrusted file, no entry
 * symbol, entry refused), JCA_ABI, JCA_BADDESC, JCA_SELFTEST, JCA_EXISTS. */
JCA_API int jca_provider_load(const char *path, int position);

#ifdef __cplusplus
}
#endif
#endif
