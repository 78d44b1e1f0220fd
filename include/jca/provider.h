/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca provider interface (ABI 3): what a provider (built in, added by
 * the application, or a plugin .so) hands to the registry.
 *
 * A provider is described by a jca_provider_desc: name, version,
 * description, a NULL-terminated array of pointers to services, and an
 * optional teardown function; beside the descriptor it hands over a
 * provider context (provctx: its own state, e.g. a module handle and a
 * session pool), which the host passes back to every instance it creates
 * (jca_impl.attach) and to teardown. A service is (type, algorithm name,
 * aliases, attributes, implementations, known-answer tests). An
 * implementation is a typed, const function table that starts with the
 * common header jca_impl (its size, name, priority, availability check,
 * context size and the instance lifecycle: attach, copy, cleanup) followed
 * by the functions of its type. The registry binds the best usable
 * implementation of each service once and caches it (the "cached
 * constructor"), so getting an instance is a hash lookup plus one
 * allocation.
 *
 * Plugin authors: include <jca/plugin.h> (it includes this header and
 * declares the entry point); see its guide. Applications that only add
 * providers through jca_provider_add() need this header alone (jca.h
 * includes it).
 *
 * Ownership: the descriptor and everything it points to (strings, arrays,
 * function tables, code) must stay valid and unchanged until teardown is
 * called (or jca_shutdown(), without teardown). Plugin code is never
 * unloaded before then.
 *
 * Threading: table functions are called on one object by one thread at a
 * time; state shared between objects belongs in the provider context,
 * guarded by the provider. available() and known-answer tests may run on
 * any thread.
 *
 * The instance lifecycle (every type): the host allocates base.ctx_size
 * bytes per object. If attach or cleanup is set, the context starts
 * zeroed, then
 *   attach(provctx, ctx): once, when the object is created, before any
 *     function of the type (keep in ctx what later calls need: the
 *     provider context, a session); 0 or nonzero (the creation fails with
 *     JCA_IMPL);
 *   copy(dst, src): copies src into dst, which is zeroed (a clone: not
 *     attached, copy takes over what attach set) or a live context of the
 *     same implementation (whose resources copy reuses or replaces: HMAC
 *     copies its keyed states so); NULL: the host copies the bytes, unless
 *     cleanup is set, in which case the object cannot be cloned
 *     (JCA_UNSUPPORTED);
 *   cleanup(ctx): once, before the host wipes and frees the context, on
 *     every context it allocated (attached, copied into, or zeroed when
 *     attach or copy failed): it must accept a zeroed context.
 *
 * ---- How the ABI grows (why a plugin built today keeps loading) ----
 *
 *  - JCA_ABI_VERSION is (major << 16) | minor. A host accepts a provider
 *    of its own major, of any minor; another major is refused with JCA_ABI
 *    and a message naming both ("built for ABI 2.5; this libjca has ABI
 *    3.0: rebuild the plugin against its headers").
 *  - Every structure a provider hands over begins with (or, for the
 *    implementation tables, its jca_impl header begins with) a
 *    struct_size field set to sizeof() of the structure as the provider
 *    was compiled. A new minor appends members at the end only. The host
 *    requires only each structure's size at 3.0, reads a member only if
 *    struct_size covers it and treats a missing one as zero / NULL (not
 *    offered). A structure larger than the host's (a plugin built against
 *    newer headers) is accepted when the members the host does not know
 *    are all zero; if the provider sets one, the host refuses it, naming
 *    the structure and the offset ("sets members of jca_md_impl beyond
 *    this libjca's (byte 96 of 112): it needs a newer libjca"). A
 *    struct_size below the structure's size at 3.0, or above 4096 bytes
 *    (no structure is that large: not a sizeof), is refused with JCA_ABI
 *    saying which. The host copies each structure into a full-size one
 *    of its own before use.
 *  - Arrays a provider hands over are arrays of pointers (services,
 *    implementations, aliases), never arrays of structures, so a larger
 *    structure never changes an array's stride.
 *  - Members are never removed, reordered or retyped within a major; a new
 *    service type is a new jca_service_type value plus a new table starting
 *    with jca_impl, so older providers are unaffected.
 *  - Table functions that can fail return int (0 = success); the engines
 *    turn a failure into a JCA_IMPL error on that call.
 *
 * ABI history:
 *   1    (libjca 0.1) services by value, no sizes, void functions. Refused.
 *   2.0-2.5 sized structures, arrays of pointers, the jca_impl header,
 *        int-returning functions; minors added CTR/GCM members to the
 *        cipher table, HMAC members to the digest table, SecureRandom and
 *        KDF markers, message-level GCM, GCM known answers and
 *        host->load_library. Refused since 3.0 (rebuild).
 *   3.0  provider context and teardown (the entry's third argument,
 *        jca_provider_add's second); the instance lifecycle (attach, copy,
 *        cleanup) moved into jca_impl for every type; size-based
 *        versioning without a minor gate (JCA_HOST_HAS in <jca/plugin.h>);
 *        known answers run on every usable implementation; SecureRandom
 *        as a real table (instantiate, generate, reseed; deterministic
 *        DRBGs seeded by the host, or sources with their own entropy);
 *        the Cipher tables told apart by shape: block ciphers
 *        (jca_cipher_impl: ECB, CBC, the counter function, GCM's GHASH
 *        building blocks) and AEADs (jca_aead_impl: the message-level
 *        aead_* functions of 2.4 moved there, so a new AEAD is a new table,
 *        not new members), key sizes as a 0-terminated list (a 64-byte key
 *        can be expressed), JCA_KAT_AEAD;
 *        Mac declarable (jca_mac_impl), jca_md_impl's hmac_init/hmac_final
 *        removed (a native HMAC is a declared Mac service); the KDF table
 *        (jca_kdf_impl: init with a sized jca_kdf_args, derive; templates
 *        over any Mac with JCA_KDF_OVER_MAC; known answers with the
 *        arguments in jca_kat.in). tests/abi/3.0 is a frozen copy of
 *        these headers.
 *   3.1  AEAD rules in jca_aead_impl (rules, nonce_len, tag_len,
 *        max_data): AEADs other than GCM (ChaCha20-Poly1305), named
 *        without a mode; a 3.0 table is a GCM table. jca_aead_impl.open:
 *        a one-shot decryption that checks the tag before it writes.
 *   3.2  keys and the asymmetric types: KeyFactory, KeyPairGenerator,
 *        Signature, KeyAgreement (jca_keyfactory_impl ... below), with
 *        jca_key_info, JCA_ENC_* and JCA_REFUSED.
 *   3.3  KeyStore (jca_keystore_impl): a provider's keys kept for good,
 *        by alias (a PKCS#11 token's objects).
 *   3.4  AEAD rules by ranges (jca_aead_impl: JCA_AEAD_RANGE with
 *        nonce_min/nonce_max, tag_min/tag_max/tag_step, and JCA_AEAD_WHOLE
 *        for an AEAD that needs the whole message in one update, as CCM
 *        does): the next AEAD is one table; AES/CCM/NoPadding; an AEAD
 *        table's tag_len is 1 to 16 (a stream cipher is no AEAD): stream
 *        ciphers have a shape of their own (jca_stream_impl,
 *        JCA_CIPHER_STREAM).
 *   3.4  (also) KEM (jca_kem_impl, <jca/provider_kem.h>): key encapsulation
 *        (ML-KEM, X-Wing), JCA_ENCAPSULATE / JCA_DECAPSULATE.
 */
#ifndef JCA_PROVIDER_H
#define JCA_PROVIDER_H

#include "common.h"
#include "key.h"
#include "keystore.h"

#ifdef __cplusplus
extern "C" {
#endif

#define JCA_ABI_MAJOR 3
#define JCA_ABI_MINOR 4
/* ABI version of this header's structures: (major << 16) | minor. */
#define JCA_ABI_VERSION ((uint32_t)((JCA_ABI_MAJOR << 16) | JCA_ABI_MINOR))

typedef enum jca_service_type {
	JCA_MESSAGE_DIGEST = 1,
	JCA_CIPHER = 2,
	JCA_MAC = 3,               /* declared (jca_mac_impl), and HMAC derived by the registry over digests */
	JCA_SECURE_RANDOM = 4,     /* ABI 2.3; a real table since 3.0 */
	JCA_KDF = 5,               /* ABI 2.3; a function table since 3.0 */
	JCA_KEY_FACTORY = 6,       /* ABI 3.2: jca_keyfactory_impl */
	JCA_KEY_PAIR_GENERATOR = 7,/* ABI 3.2: jca_keypairgen_impl */
	JCA_SIGNATURE = 8,         /* ABI 3.2: jca_signature_impl */
	JCA_KEY_AGREEMENT = 9,     /* ABI 3.2: jca_keyagreement_impl */
	JCA_KEY_STORE = 10,        /* ABI 3.3: jca_keystore_impl */
	JCA_KEM = 11               /* ABI 3.4: jca_kem_impl */
} jca_service_type;

/* Priority tiers of implementations (higher wins, like the kernel's). */
#define JCA_PRIO_GENERIC 100   /* portable C */
#define JCA_PRIO_SIMD    150   /* SSSE3/NEON-class vector code */
#define JCA_PRIO_AVX2    170
#define JCA_PRIO_AVX512  200
#define JCA_PRIO_CRYPTO  250   /* dedicated crypto instructions */
#define JCA_PRIO_CRYPTO_WIDE 260 /* wide (VAES) crypto instructions */

/* The header every implementation starts with (first member, named
 * `base`), whatever its service type. */
typedef struct jca_impl {
	uint32_t struct_size;      /* sizeof the whole implementation table (jca_md_impl, ...) */
	uint32_t reserved;         /* 0 */
	const char *name;          /* implementation ("driver") name, unique, e.g. "sha256-generic" */
	int priority;              /* JCA_PRIO_* */
	int (*available)(void);    /* nonzero if usable on this CPU; NULL means always */
	size_t ctx_size;           /* bytes of context per object (at most 1 MiB) */
	/* The instance lifecycle, optional (see the top of this header). */
	int (*attach)(void *provctx, void *ctx);
	int (*copy)(void *dst, const void *src);
	void (*cleanup)(void *ctx);
} jca_impl;

/* Initialisers of the header: .base = JCA_IMPL_BASE(jca_md_impl,
 * "x-generic", JCA_PRIO_GENERIC, NULL, sizeof(my_ctx)) for a plain
 * context; JCA_IMPL_BASE_LIFECYCLE(..., attach, copy, cleanup) for one
 * with a lifecycle (any of the three may be NULL). */
#define JCA_IMPL_BASE_LIFECYCLE(type, impl_name, prio, avail, ctxsize, attach_fn, copy_fn, cleanup_fn) \
	{ (uint32_t)sizeof(type), 0, (impl_name), (prio), (avail), (ctxsize), (attach_fn), (copy_fn), (cleanup_fn) }
#define JCA_IMPL_BASE(type, impl_name, prio, avail, ctxsize) \
	JCA_IMPL_BASE_LIFECYCLE(type, impl_name, prio, avail, ctxsize, NULL, NULL, NULL)

/* ---- MessageDigest implementation ----
 * init, update, final (and the cipher functions below) return 0, or
 * nonzero if they failed (a bridge's library out of memory): the engine
 * then fails that call with JCA_IMPL, wipes any output, and the object
 * needs a fresh init. */
#define JCA_MD_XOF 1u          /* extendable output: any output length */
#define JCA_MD_MAX_DIGEST 1024 /* largest digest_size (and block_size) the host accepts */
typedef struct jca_md_impl {
	jca_impl base;
	size_t digest_size;        /* output length in bytes (default length for an XOF) */
	size_t block_size;         /* input block in bytes (used by HMAC; 0: no HMAC) */
	/* (A native HMAC, e.g. a token's CKM_SHA256_HMAC, is a Mac service of
	 * its own since ABI 3: jca_mac_impl below.) */
	unsigned flags;            /* JCA_MD_* */
	int (*init)(void *ctx);
	int (*update)(void *ctx, const void *in, size_t len);
	/* Writes exactly out_len bytes to out and never more. For a fixed-size
	 * digest the host always passes out_len == digest_size (the engine,
	 * HMAC and the known-answer test alike); for JCA_MD_XOF any length,
	 * including 0 and more than digest_size. Leaves ctx unspecified; the
	 * engine calls init() before reuse. */
	int (*final)(void *ctx, void *out, size_t out_len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_md_impl;

/* ---- Mac implementation (ABI 3) ----
 * A keyed message authentication code: CMAC, keyed BLAKE2, a token's
 * HMAC. HMAC over every MessageDigest service is derived by the registry
 * ("HmacSHA256", "HMAC-SHA-256", ...); a Mac service a provider declares
 * under one of those names replaces the HMAC derived over that same
 * provider's digest. The Mac engine (mac_*) keeps the contract: key and
 * tag lengths, the FAILED state, truncated tags, constant-time
 * verification, clone (base.copy), reset.
 *   init(ctx, key, key_len): keys ctx and starts a message; key_len is
 *     within key_min..key_max (checked by the engine; key may be NULL when
 *     key_len is 0). Called on a fresh context (zeroed, or attached) and
 *     again on a live one to re-key. It may return JCA_KEYLEN for a length
 *     inside the range that it refuses (AES-CMAC: 16, 24 or 32 bytes), and
 *     mac_init then fails with JCA_KEYLEN instead of JCA_IMPL.
 *   update(ctx, in, len): any number of times, len 0 included.
 *   final(ctx, out, out_len): writes the tag, out_len == mac_size always
 *     (the engine truncates), and leaves ctx keyed, ready for a new
 *     message under the same key.
 *   reset(ctx), optional: drops the message so far, keeps the key. NULL:
 *     mac_reset runs final into a scratch buffer (which it wipes).
 * Each returns 0, or nonzero if it failed: the call fails with JCA_IMPL
 * and the object needs mac_reset or mac_init. base.ctx_size holds the key
 * schedule: the engine wipes it on free. */
#define JCA_MAC_MAX 1024       /* largest mac_size (and block_size) the host accepts */
typedef struct jca_mac_impl {
	jca_impl base;
	size_t mac_size;           /* tag length in bytes, 1 to JCA_MAC_MAX */
	size_t block_size;         /* for mac_block_length(); 0 if it has none */
	size_t key_min;            /* shortest key in bytes (0: an empty key is accepted) */
	size_t key_max;            /* longest key in bytes; 0: no upper bound */
	int (*init)(void *ctx, const void *key, size_t key_len);
	int (*update)(void *ctx, const void *in, size_t len);
	int (*final)(void *ctx, void *out, size_t out_len);
	int (*reset)(void *ctx);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_mac_impl;

/* Cipher (block ciphers and modes, AEAD, stream), SecureRandom and KDF
 * tables (one header each). */
#include "provider_cipher.h"
#include "provider_random.h"
#include "provider_kdf.h"

/* Keys, KeyFactory, KeyPairGenerator, Signature, KeyAgreement (ABI 3.2);
 * KeyStore (3.3). */
#include "provider_asym.h"
/* KEM (ABI 3.4). */
#include "provider_kem.h"

typedef struct jca_attr {
	const char *key;
	const char *value;
} jca_attr;

/* Optional known-answer test, run once by the host before the service can
 * be used; the provider is refused (JCA_SELFTEST) if it fails. The host
 * first runs its own known answers for the service's standard name (the
 * digests, Macs, ciphers, KDFs, DRBGs, Signatures, KeyAgreements and KEMs of
 * <jca/names.h>) on every usable implementation, whatever the provider
 * ships: a provider's own vectors are for names the host has no table
 * for.
 *   MessageDigest: digest of `in` equals `out`. For a fixed-size digest
 *     out_len is at most digest_size and the first out_len bytes of the
 *     digest are compared (the host passes digest_size to final, into a
 *     buffer of that size); for an XOF, final is asked for out_len bytes.
 *   Mac: the tag of `in` (in_len bytes) under key (key_len bytes, within
 *     key_min..key_max) equals `out`: out_len is 1 to mac_size and the
 *     first out_len bytes of the tag are compared (final gets mac_size).
 *   Cipher: CBC (or ECB if CBC is not offered) encryption of `in` under
 *     key/iv equals `out`; with JCA_KAT_DECRYPT (ABI 2.1) decryption of
 *     `in` equals `out`. Whole blocks, in_len == out_len <= 4096.
 *   Cipher with JCA_KAT_AEAD (or its other name JCA_KAT_GCM): the
 *     service's AEAD (a jca_aead_impl, or GCM over a jca_cipher_impl's
 *     building blocks) through the engine:
 *     encryption of `in` (any length up to 4096, 0 included, then in may
 *     be NULL) under key, iv (iv_len bytes) and aad (aad_len bytes, aad
 *     NULL if 0) gives `out` (out_len == in_len) and `tag` (tag_len bytes,
 *     4, 8 or 12 to 16); decryption of out || tag gives `in`; and the
 *     same with one bit of the tag flipped is refused with JCA_BADTAG.
 *     The implementation must offer GCM. JCA_KAT_DECRYPT is not used.
 *     A jca_aead_impl service takes this test only.
 *   KDF (ABI 3.0): `in` points to the jca_kdf_args of init (in_len ==
 *     its struct_size; prf NULL); init then derive of out_len bytes (1 to
 *     4096) gives out. key and iv are unused. Not for a template
 *     (JCA_KDF_OVER_MAC). */
#define JCA_KAT_DECRYPT 1u
#define JCA_KAT_AEAD 2u
#define JCA_KAT_GCM JCA_KAT_AEAD
typedef struct jca_kat {
	uint32_t struct_size;      /* sizeof(jca_kat) */
	const void *in;
	size_t in_len;
	const void *key;
	size_t key_len;
	const void *iv;
	const void *out;
	size_t out_len;
	unsigned flags;            /* ABI 2.1: JCA_KAT_*; absent (0) in 2.0 providers */
	/* read for JCA_KAT_AEAD only */
	size_t iv_len;
	const void *aad;
	size_t aad_len;
	const void *tag;
	size_t tag_len;
} jca_kat;

/* A service. Attributes the registry understands:
 *   MessageDigest: "HmacOID" - OID of HMAC over this digest.
 *   Cipher: "SupportedModes" ("CBC|ECB"), "SupportedPaddings"
 *           ("NOPADDING|PKCS5PADDING"), as in the JCA.
 * Aliases that are OIDs ("2.16.840.1.101.3.4.2.1") are also reachable with
 * the "OID." prefix. Standard names, aliases and OIDs: <jca/names.h>. */
typedef struct jca_service_desc {
	uint32_t struct_size;                   /* sizeof(jca_service_desc) */
	jca_service_type type;
	const char *algorithm;                  /* standard (JCA) name */
	const char *const *aliases;             /* NULL-terminated, or NULL */
	const jca_attr *attributes;             /* ends with {NULL, NULL}, or NULL */
	/* Implementations, NULL-terminated: pointers to the `base` member of
	 * implementation structs of the service's type (jca_md_impl for
	 * JCA_MESSAGE_DIGEST, jca_cipher_impl or jca_aead_impl, by shape, for
	 * JCA_CIPHER, jca_mac_impl for JCA_MAC, jca_random_impl for
	 * JCA_SECURE_RANDOM, jca_kdf_impl for JCA_KDF, and from ABI 3.2
	 * jca_keyfactory_impl, jca_keypairgen_impl, jca_signature_impl,
	 * jca_keyagreement_impl for the four asymmetric types, and from 3.3
	 * jca_keystore_impl for JCA_KEY_STORE, from 3.4 jca_kem_impl for
	 * JCA_KEM). */
	const jca_impl *const *impls;
	const jca_kat *kat;                     /* optional */
	/* ABI 2.4, optional: further known-answer tests of this service,
	 * NULL-terminated (at most 16), run after `kat` with the same rule. */
	const jca_kat *const *extra_kats;
} jca_service_desc;

typedef struct jca_provider_desc {
	uint32_t abi_version;                   /* JCA_ABI_VERSION */
	uint32_t struct_size;                   /* sizeof(jca_provider_desc) */
	const char *name;                       /* at most 64 bytes, printable ASCII */
	const char *version;
	const char *description;
	const jca_service_desc *const *services; /* NULL-terminated */
	/* Optional: releases the provider context (closes a module, frees a
	 * session pool). The host calls it once, on any thread, with no
	 * instance of the provider alive: when it refuses the provider after
	 * receiving the context (a failed check or known answer), after
	 * jca_provider_remove() once the last instance is freed, or at
	 * jca_shutdown(). It must not call libjca. */
	void (*teardown)(void *provctx);
} jca_provider_desc;

/* Register a provider at the end of the preference list (position -1) or at
 * a 0-based position, with its provider context (NULL if it has none:
 * passed to attach() and teardown). The descriptor is validated in full
 * first; on any error nothing changes, the reason is in
 * jca_last_error_message() and desc->teardown(provctx) has run. */
JCA_API int jca_provider_add(const jca_provider_desc *desc, void *provctx);
JCA_API int jca_provider_insert(const jca_provider_desc *desc, void *provctx, int position);
/* Remove a provider by name. Instances already created keep working until
 * freed; the provider's teardown runs when the last one is freed (at once
 * if none is alive). The same provider (or plugin file) may be added or
 * loaded again afterwards (a new entry call, a new context). */
JCA_API int jca_provider_remove(const char *name);
/* Load a plugin shared object now and register its provider at `position`
 * (-1: last). The path must be absolute. Errors: JCA_PLUGIN (cannot open,
 * untrusted file, no entry symbol, entry refused), JCA_ABI, JCA_BADDESC,
 * JCA_SELFTEST, JCA_EXISTS (a provider of that name, or that file, is
 * already loaded), JCA_BUSY (called from inside a plugin's entry). */
JCA_API int jca_provider_load(const char *path, int position);

#ifdef __cplusplus
}
#endif
#endif
