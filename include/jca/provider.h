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
	JCA_KEY_STORE = 10         /* ABI 3.3: jca_keystore_impl */
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

/* ---- Block cipher implementation with its modes ----
 * A NULL mode function means the mode is not offered. In-place operation
 * (out == in) must work.
 *
 * Shapes: the implementations of a JCA_CIPHER service are told apart by
 * the member `shape` right after `base`, which says which table follows:
 * JCA_CIPHER_BLOCK for this one (a block cipher with ECB/CBC and its
 * counter function, over which the registry also runs CTR, CCM (with
 * cbc_encrypt and ctr32, block_size 16; ABI 3.4) and, with the GHASH
 * building blocks, GCM, as it runs HMAC over a digest), or
 * JCA_CIPHER_AEAD (jca_aead_impl below: an authenticated cipher of its
 * own, such as GCM through a library or a token, or ChaCha20-Poly1305),
 * or JCA_CIPHER_STREAM (jca_stream_impl, ABI 3.4: a keystream, such as
 * ChaCha20 alone). Every implementation of one service has the same
 * shape.
 *
 * Key sizes: key_sizes points to the accepted key lengths in bytes, in
 * increasing order, ended by 0 (at most JCA_CIPHER_MAX_KEY_SIZES lengths,
 * each 1 to JCA_CIPHER_MAX_KEY): { 16, 24, 32, 0 } for AES, { 32, 64, 0 }
 * for AES-XTS. */
#define JCA_CIPHER_MAX_BLOCK 32
#define JCA_CIPHER_MAX_KEY 255       /* longest key length a key_sizes list may hold */
#define JCA_CIPHER_MAX_KEY_SIZES 32  /* most lengths in one key_sizes list */
#define JCA_CIPHER_BLOCK 1u          /* shape: jca_cipher_impl */
#define JCA_CIPHER_AEAD 2u           /* shape: jca_aead_impl */
#define JCA_CIPHER_STREAM 3u         /* shape: jca_stream_impl (ABI 3.4) */
typedef struct jca_cipher_impl {
	jca_impl base;             /* ctx_size: the key schedule; wiped by the engine */
	unsigned shape;            /* JCA_CIPHER_BLOCK */
	size_t block_size;         /* bytes, at most JCA_CIPHER_MAX_BLOCK */
	const size_t *key_sizes;   /* accepted key lengths in bytes, increasing, 0-terminated */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len); /* 0 or nonzero */
	int (*ecb_encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	int (*ecb_decrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* iv (block_size bytes) is updated to the chaining value for the next call */
	int (*cbc_encrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	int (*cbc_decrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* Optional counter modes, appended (NULL: the mode is not offered).
	 * ctr32: out = in XOR E(ctr), E(ctr+1), ... over nblocks whole blocks,
	 *   the counter being the last 4 bytes of ctr (big-endian), wrapping
	 *   modulo 2^32; ctr is advanced. Offers AES/CTR (the engine carries
	 *   into the upper 96 bits) and is needed by GCM.
	 * GCM (block_size 16) needs ctr32, gcm_key_size, gcm_init and ghash:
	 *   gcm_init(ctx, gkey) derives H = E(0) into gkey (gcm_key_size bytes,
	 *   16-byte aligned, wiped by the engine); ghash(gkey, xi, in, nblocks)
	 *   folds whole blocks into the 16-byte accumulator xi (SP 800-38D,
	 *   6.4); gcm_encrypt, if set, is ctr32 followed by ghash of the
	 *   ciphertext in one pass. Each returns 0, or nonzero if it failed
	 *   (as the functions above). */
	int (*ctr32)(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
	size_t gcm_key_size;
	int (*gcm_init)(const void *ctx, void *gkey);
	int (*ghash)(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks);
	int (*gcm_encrypt)(const void *ctx, const void *gkey, uint8_t ctr[16], uint8_t xi[16],
	                    uint8_t *out, const uint8_t *in, size_t nblocks);
	/* New fields go here, with a JCA_ABI_MINOR bump (a new AEAD is a
	 * jca_aead_impl, not members here). */
} jca_cipher_impl;

/* ---- AEAD implementation (shape JCA_CIPHER_AEAD, ABI 3.0) ----
 * An authenticated cipher of its own, offered message by message: a new
 * AEAD is one such table. Its service's algorithm names the whole
 * transformation: "AES/GCM/NoPadding" (it then answers to
 * AES_128/GCM/NoPadding, the aliases' and the implementations' names with
 * /GCM/NoPadding, and the OIDs in its aliases), or, since ABI 3.1, a name
 * without a mode such as "ChaCha20-Poly1305" (answering also to
 * "ChaCha20-Poly1305/None/NoPadding", as the JDK's does).
 *
 * Rules (ABI 3.1; `rules` is 0 in a 3.0 table): what the engine enforces
 * around the table, the same for every provider of the algorithm, so that
 * every implementation of one service has the same rules and lengths.
 *  JCA_AEAD_GCM (0): SP 800-38D's: IVs of any length (12-byte random IVs;
 *    the engine works out J0, see block_encrypt), tags of 4, 8 or 12 to 16
 *    bytes, at most 2^36 - 32 bytes of data; the algorithm names GCM.
 *  JCA_AEAD_NONCE: a nonce of exactly nonce_len bytes (1 to 32; random
 *    nonces are that long), given to init as it is; a tag of exactly
 *    tag_len bytes (1 to 16; 0 is refused: a cipher without a tag is a
 *    jca_stream_impl); at most max_data bytes of data per key and nonce (0: no
 *    limit of the algorithm's own). The IV-reuse guard works on the
 *    nonce. ChaCha20-Poly1305: 12, 16, 2^38 - 64; XChaCha20-Poly1305: 24,
 *    16, the same.
 *  JCA_AEAD_RANGE (ABI 3.4): as JCA_AEAD_NONCE with lengths in ranges: a
 *    nonce of nonce_min to nonce_max bytes (1 <= min <= max <= 32;
 *    random nonces are nonce_len bytes, within the range); tags of
 *    tag_min, tag_min + tag_step, ... up to tag_max bytes (1 <= min <=
 *    max <= 16, tag_step 1 or more, (max - min) a multiple of it;
 *    cipher_init's tag is tag_len, one of them; cipher_init_aead takes
 *    any). The service names the algorithm with its mode
 *    ("AES/CCM/NoPadding") or without. AES-CCM (SP 800-38C): nonce 7 to
 *    13 (random 12), tags 4 to 16 step 2 (default 16), JCA_AEAD_WHOLE.
 *  flags (ABI 3.4), for any rules but GCM's:
 *    JCA_AEAD_WHOLE: update is called exactly once per message, with the
 *      whole data (len 0 included), after init and before final, in both
 *      directions (CCM puts the length first): the engine holds an
 *      encryption's data until cipher_do_final as it holds a decryption's.
 *
 * The functions map onto EVP (EVP_CIPHER_CTX with EVP_CTRL_GCM_SET_IVLEN,
 * _GET_TAG, _SET_TAG) and onto PKCS#11 (C_EncryptInit / C_DecryptInit with
 * CK_GCM_PARAMS). Each returns 0, or nonzero if it failed (the call then
 * fails with JCA_IMPL; host->set_error gives the reason), except final's
 * JCA_BADTAG. The context is the writable base.ctx_size bytes the host
 * allocated for the object, wiped by the host after base.cleanup.
 *   set_key(ctx, key, key_len): key_len is in key_sizes. Called again
 *     with another key on the same context.
 *   block_encrypt(ctx, out, in): the underlying 16-byte block cipher's
 *     encryption of one block under the key set_key set; required for
 *     GCM. The engine derives the hash key H = E(0^128) from it, on a
 *     context of its own, when an IV is not 12 bytes long: so every IV
 *     length works whatever the implementation's own limits (it gets IVs
 *     of 12 or 16 bytes only, a 16-byte one with the J0 of the caller's
 *     IV) and IV reuse is refused on J0, as for the built-in GCM.
 *   init(ctx, encrypt, iv, iv_len, aad, aad_len, tag_len): starts one
 *     message; encrypt is 1 or 0; the whole AAD (aad NULL when aad_len is
 *     0); tag_len as above. iv and aad stay valid and unchanged until
 *     final returns (an implementation may keep the pointers, as PKCS#11
 *     does with CK_GCM_PARAMS). A message not finished (the object
 *     initialised again) ends with the next init.
 *   update(ctx, out, in, len): encryption: writes exactly len bytes of
 *     ciphertext to out (called any number of times). Decryption: called
 *     once, with the whole ciphertext, into a buffer of the engine's; the
 *     plaintext may be written to out in this call or in final (out stays
 *     valid until then).
 *   final(ctx, tag, tag_len): encryption: writes the tag. Decryption:
 *     checks the tag; returns 0 if it verifies, JCA_BADTAG if not (the
 *     engine then wipes and discards what update wrote).
 * The engine keeps the JCA contract whatever the implementation does: it
 * holds the AAD until the first data, holds the ciphertext of a
 * decryption until cipher_do_final and decrypts it into a buffer of its
 * own, releasing it only after final verified the tag; it refuses IV
 * reuse and enforces the length limits. in == out is allowed; lengths fit
 * size_t (an implementation splits them for a library that takes int).
 * Known answers: jca_kat with JCA_KAT_AEAD. */
typedef struct jca_aead_impl {
	jca_impl base;             /* ctx_size: the key and message state */
	unsigned shape;            /* JCA_CIPHER_AEAD */
	const size_t *key_sizes;   /* accepted key lengths in bytes, increasing, 0-terminated */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
	int (*block_encrypt)(void *ctx, uint8_t out[16], const uint8_t in[16]);
	int (*init)(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
	            size_t tag_len);
	int (*update)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
	int (*final)(void *ctx, uint8_t *tag, size_t tag_len);
	/* ABI 3.1 */
	unsigned rules;            /* JCA_AEAD_GCM (0) or JCA_AEAD_NONCE, see above */
	size_t nonce_len;          /* JCA_AEAD_NONCE: the nonce's length in bytes */
	size_t tag_len;            /* JCA_AEAD_NONCE: the tag's length in bytes */
	uint64_t max_data;         /* JCA_AEAD_NONCE: most bytes of data per nonce, 0: none */
	/* Optional: after init(ctx, 0, ...), decrypts a whole message of len
	 * bytes: checks the tag in constant time first and writes the len bytes
	 * of plaintext to out only if it matches (JCA_BADTAG, out untouched,
	 * if not); out == in allowed. With it the engine decrypts straight
	 * into the caller's buffer instead of its own copy of the message. */
	int (*open)(void *ctx, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len);
	/* ABI 3.4 */
	size_t nonce_min, nonce_max;   /* JCA_AEAD_RANGE: the nonce lengths accepted */
	size_t tag_min, tag_max;       /* JCA_AEAD_RANGE: the tag lengths accepted, */
	size_t tag_step;               /*   tag_min, tag_min + tag_step, ..., tag_max */
	unsigned flags;                /* JCA_AEAD_WHOLE */
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_aead_impl;
#define JCA_AEAD_GCM 0u
#define JCA_AEAD_NONCE 1u
#define JCA_AEAD_RANGE 2u           /* ABI 3.4 */
#define JCA_AEAD_WHOLE 1u           /* jca_aead_impl.flags, ABI 3.4 */

/* ---- Stream cipher implementation (shape JCA_CIPHER_STREAM, ABI 3.4) ----
 * A keystream XORed into the data, started by a nonce: ChaCha20 alone (the
 * JDK's "ChaCha20"), named without a mode. No tag and no AAD; decryption
 * streams as encryption does. The engine keeps the contract around it:
 * the nonce's length (exactly nonce_len bytes, 1 to 32; a random one when
 * encrypting without one), the IV-reuse guard on the nonce (as for
 * JCA_AEAD_NONCE), at most max_data bytes per key and nonce (0: no limit
 * of the algorithm's own), the object back at its nonce after a
 * decryption's cipher_do_final, finished after an encryption's.
 *   set_key(ctx, key, key_len): key_len is in key_sizes; called again with
 *     another key on the same context.
 *   start(ctx, nonce, nonce_len): the keystream from its beginning under
 *     the key set_key set (called again for each message).
 *   crypt(ctx, out, in, len): out = in XOR the next len bytes of the
 *     keystream (any len, 0 included; in == out allowed).
 * Each returns 0, or nonzero if it failed (JCA_IMPL). Known answers: jca_kat
 * with JCA_KAT_AEAD, no tag and no AAD (key, iv, in, out). */
typedef struct jca_stream_impl {
	jca_impl base;             /* ctx_size: the key and the keystream's state */
	unsigned shape;            /* JCA_CIPHER_STREAM */
	const size_t *key_sizes;   /* accepted key lengths in bytes, increasing, 0-terminated */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
	size_t nonce_len;          /* the nonce's length in bytes, 1 to 32 */
	uint64_t max_data;         /* most bytes of data per key and nonce, 0: none */
	int (*start)(void *ctx, const uint8_t *nonce, size_t nonce_len);
	int (*crypt)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_stream_impl;

/* ---- SecureRandom implementation (ABI 3.0) ----
 * base.ctx_size is the generator's state (at least 1 byte); the engine
 * allocates it per random_ctx. base.cleanup is the uninstantiate: it
 * must wipe whatever the state holds outside the context (a library's
 * DRBG object, a session); the host then wipes the context's bytes.
 * base.copy is never called: random_clone is refused (two copies would
 * give the same output). Every function returns 0 or nonzero (failure:
 * the call fails with JCA_IMPL and the engine wipes any output), with the
 * exceptions said below. host->set_error, called just before returning
 * nonzero, puts the reason in the engine's message.
 *
 * flags, exactly one of:
 *  JCA_RANDOM_DETERMINISTIC: an SP 800-90A DRBG seeded by the host. The
 *    engine owns everything around the mechanism: it parses the
 *    mechanism string (jca/random.h), draws the entropy input and the
 *    nonce from the application's entropy source (the kernel by default),
 *    counts requests and reseeds at the reseed interval, reseeds before
 *    the next output after fork(), reseeds before every request with
 *    prediction resistance (SP 800-90A 9.3.1: the additional input then
 *    goes to reseed), splits requests into at most 65536 bytes and checks
 *    every length below. Given the same inputs the output is the same: the
 *    NIST vectors apply. instantiate, generate and reseed are required.
 *  JCA_RANDOM_OWN_ENTROPY: a source with entropy of its own (the kernel,
 *    a hardware generator, a token's RNG). It takes no parameters, no
 *    additional input and no prediction resistance request (the engine
 *    refuses them with JCA_EINVAL); it must never repeat output in a fork
 *    child (the engine does nothing for it). generate is required;
 *    instantiate (called with all-zero args but struct_size, once before
 *    the first generate and again on random_init/random_reset) and reseed
 *    (called by random_reseed with entropy NULL, 0) are optional.
 *
 * instantiate(ctx, a): ctx is attached (or zeroed) and not instantiated;
 *   a is valid for the call only (copy what you keep). A deterministic
 *   implementation reads the choices (mechanism, algorithm, strength,
 *   use_df) and instantiates with entropy || nonce || personalization
 *   (SP 800-90A 10.1.1.2, 10.1.2.3, 10.2.1.3). A choice it does not
 *   offer: return JCA_UNSUPPORTED, JCA_NOALG or JCA_DISABLED (that code
 *   reaches the caller, with the reason given by host->set_error); any
 *   other nonzero (-1) is a failure: JCA_IMPL. To instantiate again the engine
 *   closes the context (cleanup, wipe) and opens a fresh one (attach).
 * generate(ctx, out, len, addin, addin_len): len 1 to 65536; addin NULL
 *   when addin_len is 0. Returns 0 with len bytes in out, or
 *   JCA_RANDOM_RESEED_REQUIRED (a positive value: nothing written) when the
 *   implementation's own limit says it must be reseeded first: the engine
 *   reseeds it with fresh entropy and asks once more (the additional input
 *   going to the new request). Other nonzero: failure; the engine wipes
 *   the output and the state (the next use instantiates again).
 * reseed(ctx, entropy, entropy_len, addin, addin_len): SP 800-90A
 *   10.1.1.3, 10.1.2.4, 10.2.1.4; entropy as for instantiate.
 *
 * Lengths the host guarantees to a deterministic implementation: entropy
 * input of strength/8 to 65536 bytes, a nonce of strength/16 to 65536
 * bytes, personalization and additional input up to 65536 bytes; CTR_DRBG
 * without derivation function: entropy input of exactly seedlen bytes
 * (key length + 16), no nonce, personalization and additional input up to
 * seedlen bytes.
 *
 * Threads: one random_ctx, hence one context, is used by one thread at a
 * time; what several contexts share (a session pool) is the provider's to
 * guard. The process-wide default jca_random() is builtin's CTR_DRBG and
 * never calls a provider's SecureRandom.
 */
#define JCA_RANDOM_DETERMINISTIC 1u
#define JCA_RANDOM_OWN_ENTROPY 2u
/* jca_random_args.mechanism */
#define JCA_DRBG_HASH 1u           /* Hash_DRBG over a SHA-1 or SHA-2 digest */
#define JCA_DRBG_HMAC 2u           /* HMAC_DRBG over a SHA-1 or SHA-2 digest */
#define JCA_DRBG_CTR 3u            /* CTR_DRBG over AES */
/* generate: reseed me first (nothing written) */
#define JCA_RANDOM_RESEED_REQUIRED 1

typedef struct jca_random_args {
	uint32_t struct_size;      /* sizeof(jca_random_args) as the host was built */
	uint32_t mechanism;        /* JCA_DRBG_*; 0 for an OWN_ENTROPY source */
	const char *algorithm;     /* the primitive, a standard name: "SHA-256", "AES-256" */
	unsigned strength;         /* security strength in bits: 112, 128, 192 or 256 */
	/* Nonzero if every request is made with prediction resistance (the
	 * engine reseeds before each; for information). */
	int prediction_resistance;
	int use_df;                /* CTR_DRBG: nonzero with the derivation function */
	const uint8_t *entropy;
	size_t entropy_len;
	const uint8_t *nonce;      /* NULL when nonce_len is 0 */
	size_t nonce_len;
	const uint8_t *personalization; /* NULL when personalization_len is 0 */
	size_t personalization_len;
	/* New members go here: an implementation reads one only if
	 * struct_size covers it. */
} jca_random_args;

typedef struct jca_random_impl {
	jca_impl base;
	unsigned flags;            /* JCA_RANDOM_DETERMINISTIC or JCA_RANDOM_OWN_ENTROPY */
	int (*instantiate)(void *ctx, const jca_random_args *a);
	int (*generate)(void *ctx, void *out, size_t len, const void *addin, size_t addin_len);
	int (*reseed)(void *ctx, const void *entropy, size_t entropy_len, const void *addin, size_t addin_len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_random_impl;

/* ---- KDF implementation (ABI 3.0) ----
 * A key derivation function: init(ctx, args) takes the parameters,
 * derive(ctx, out, out_len) computes out_len bytes from them; derive may
 * be called again (the same parameters), and init again at any time (new
 * parameters replace the old). The context (base.ctx_size bytes, at least
 * 1) holds what derive needs: init copies it out of args, whose pointers
 * are valid only during the call. Secrets kept in the context (or in
 * memory it owns) are wiped by cleanup; the host wipes the context itself.
 *
 * The engine (jca/kdf.h) keeps the contract common to all KDFs: names,
 * NULL pointers with a nonzero length refused, lengths of secret, salt,
 * info and key at most 2^30 bytes, an output length of 1 to 2^30 bytes,
 * derive only after a successful init, and the caller's output written
 * only on success (derive writes into a buffer of the engine's, wiped
 * afterwards). Everything specific to the algorithm (which mode, which
 * parameters are required, their ranges, the output lengths it can
 * produce) is the implementation's to check.
 *
 * Errors: init and derive return 0, or
 *   - JCA_KDF_BAD_PARAM (init: a parameter is refused), JCA_KDF_BAD_LENGTH
 *     (derive: an output length it cannot produce) or JCA_KDF_NO_MEMORY
 *     (the memory a parameter asks for cannot be had), after
 *     host->set_error() said why, naming the parameter ("iteration count
 *     0 out of range (1 to 2^32-1)"): the engine reports JCA_EINVAL,
 *     JCA_OUTLEN or JCA_ENOMEM with that reason after the KDF's name.
 *     After JCA_KDF_BAD_LENGTH the object stays initialised;
 *   - anything else (-1 included): a failure (a library's error); the
 *     engine reports JCA_IMPL (with the reason, if set_error gave one)
 *     and treats the object as uninitialised until init succeeds again.
 *
 * Templates (flags JCA_KDF_OVER_MAC): the service is reachable as
 * "<Algorithm>With<Mac>" for any Mac of the registry (PBKDF2WithHmacSHA256)
 * and, with JCA_KDF_HMAC_NAMES as well, as "<Algorithm>-<digest>" for HMAC
 * over that digest (HKDF-SHA256); args->prf is then the Mac's canonical
 * name ("HmacSHA256"), which the implementation gets from the registry
 * through the public mac_* API (the built-in provider's PBKDF2 and HKDF do
 * so). Without the flag the service is reached by its own names and
 * args->prf is NULL. A template takes no known-answer test (its Mac comes
 * from the registry being built). */
#define JCA_KDF_OVER_MAC 1u        /* a template over any Mac: "<Algorithm>With<Mac>" */
/* Returns of init and derive (see Errors above); positive, so that none
 * is confused with the -1 of a failure. */
#define JCA_KDF_BAD_PARAM 1
#define JCA_KDF_BAD_LENGTH 2
#define JCA_KDF_NO_MEMORY 3
#define JCA_KDF_HMAC_NAMES 2u      /* with OVER_MAC: also "<Algorithm>-<digest>" (HMAC over it) */

/* The parameters of init, as the engine hands them over (the public
 * kdf_params plus the PRF's name). Zero (NULL) means unused / the
 * algorithm's default. The host fills struct_size with its own sizeof: an
 * implementation built against a newer header reads a later member only
 * if JCA_KDF_ARGS_HAS(args, member). Members are only ever appended. */
typedef struct jca_kdf_args {
	uint32_t struct_size;      /* sizeof(jca_kdf_args) as the host was built */
	unsigned mode;             /* enum kdf_mode of <jca/kdf.h>; 0: the algorithm's default */
	const char *prf;           /* a template's Mac ("HmacSHA256"), else NULL */
	const uint8_t *secret;     /* the password / input keying material / PRK */
	size_t secret_len;
	const uint8_t *salt;
	size_t salt_len;
	const uint8_t *info;       /* HKDF's info; Argon2's associated data X */
	size_t info_len;
	const uint8_t *key;        /* a secret key (pepper): Argon2's K */
	size_t key_len;
	uint64_t iterations;       /* PBKDF2 iteration count; Argon2 passes t */
	uint64_t cost;             /* scrypt N; Argon2 memory m in KiB */
	uint32_t block_size;       /* scrypt r */
	uint32_t parallelism;      /* scrypt p; Argon2 lanes */
	/* New members go here. */
} jca_kdf_args;

#define JCA_KDF_ARGS_HAS(args, member) \
	((args)->struct_size >= offsetof(jca_kdf_args, member) + sizeof((args)->member))

typedef struct jca_kdf_impl {
	jca_impl base;
	unsigned flags;            /* JCA_KDF_* */
	int (*init)(void *ctx, const jca_kdf_args *args);
	int (*derive)(void *ctx, uint8_t *out, size_t out_len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_kdf_impl;

/* Keys, KeyFactory, KeyPairGenerator, Signature, KeyAgreement (ABI 3.2);
 * KeyStore (3.3). */
#include "provider_asym.h"

typedef struct jca_attr {
	const char *key;
	const char *value;
} jca_attr;

/* Optional known-answer test, run once by the host before the service can
 * be used; the provider is refused (JCA_SELFTEST) if it fails. The host
 * first runs its own known answers for the service's standard name (the
 * digests, Macs, ciphers, KDFs, DRBGs, Signatures and KeyAgreements of
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
	 * jca_keystore_impl for JCA_KEY_STORE). */
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
