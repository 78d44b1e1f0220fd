/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca plugins: the entry point and the host table, for plugin authors.
 * Include this header in a plugin (it includes <jca/provider.h>);
 * applications never need it, and <jca.h> does not include it.
 *
 * ==== A plugin from an empty folder to a configured provider ====
 *
 * 1. Write one C file (plugins/example/example.c is the annotated
 *    template: copy it):
 *
 *      #include <jca/plugin.h>
 *      #include <jca/names.h>      // standard names, aliases, OIDs
 *
 *      static int my_init(void *ctx) { ...; return 0; }
 *      ...
 *      static const jca_md_impl my_impl = {
 *          .base = JCA_IMPL_BASE(jca_md_impl, "mydigest-generic",
 *                                JCA_PRIO_GENERIC, NULL, sizeof(my_ctx)),
 *          .digest_size = 32, .block_size = 64,
 *          .init = my_init, .update = my_update, .final = my_final };
 *      static const jca_impl *const my_impls[] = { &my_impl.base, NULL };
 *      static const jca_service_desc my_service = {
 *          .struct_size = sizeof(jca_service_desc),
 *          .type = JCA_MESSAGE_DIGEST, .algorithm = "MyDigest",
 *          .impls = my_impls, .kat = &my_kat };
 *      static const jca_service_desc *const my_services[] = { &my_service, NULL };
 *      static const jca_provider_desc my_provider = {
 *          JCA_ABI_VERSION, sizeof(jca_provider_desc),
 *          "myprov", "1.0", "My provider", my_services,
 *          NULL };                  // teardown: none (no context)
 *
 *      JCA_PLUGIN_ENTRY(host, desc, provctx)
 *      {
 *          if (!jca_host_compatible(host))
 *              return -1;
 *          *desc = &my_provider;
 *          *provctx = NULL;         // or your provider's state
 *          return 0;
 *      }
 *
 * 2. Build it against the installed libjca, with pkg-config alone:
 *
 *      cc -std=c11 -O2 -fPIC -shared -fvisibility=hidden \
 *         $(pkg-config --cflags jca) myprov.c -o myprov.so
 *
 *    No link against libjca is needed: the host table is what a plugin
 *    calls (see "What a plugin may call"). `nm -D --defined-only
 *    myprov.so` lists jca_plugin_entry3 only.
 *
 * 3. Install it where libjca looks for plugins, owned by root, mode 0755:
 *
 *      install -m 0755 myprov.so "$(pkg-config --variable=plugindir jca)/"
 *
 * 4. Configure it: append to the configuration file (or drop a file in
 *    its drop-in folder, `pkg-config --variable=confdir jca`):
 *
 *      security.provider.3 = myprov      # <jca.plugin.dir>/myprov.so
 *
 *    and check: `jca list --load` shows the provider loaded, with its
 *    services; `jca dgst -a MyDigest FILE` uses it.
 *
 * Other types are declared the same way, with their own table after the
 * jca_impl header (<jca/provider.h>): a Mac is a jca_mac_impl (init with
 * the key, update, final that leaves the key in place; mac_size, key_min,
 * key_max), type JCA_MAC, used by `jca mac -a MyMac -K HEX FILE`
 * (plugins/example/blake2b_mac.c: keyed BLAKE2b; plugins/openssl/
 * openssl_mac.c: CMAC). HMAC over a plugin's digests needs no code: the
 * registry derives it, unless the plugin declares a Mac of that name.
 *
 * ==== Rules ====
 *
 * Entry. The host calls jca_plugin_entry3(host, &desc, &provctx) each
 * time it loads the provider: when a lookup first reaches the plugin in
 * preference order, or from jca_provider_load(). It stores a pointer to
 * its descriptor in *desc, its provider context (its own state: a module
 * handle, a session pool, its configuration; NULL if it needs none) in
 * *provctx, and returns 0; or it returns nonzero to refuse, after
 * host->set_error("why") (the reason shows in `jca list` and
 * jca_provider_state_reason()), having freed whatever it made. From a 0
 * return on, the host owns the context: it hands it to attach() of every
 * instance it creates and to the descriptor's teardown, which it calls
 * exactly once (at once if it then refuses the descriptor, after
 * jca_provider_remove() when the last instance is freed, or at
 * jca_shutdown()). So the entry runs more than once in a process, each
 * time with a context of its own: again when the file is loaded again
 * (after jca_provider_remove() and a new jca_provider_load(), or after
 * jca_shutdown() and a new lookup), and once per name for a file several
 * configured names share (see Names). A configured provider whose entry
 * refused stays failed, without a second call, until jca_shutdown().
 * ABI 2 plugins exported jca_plugin_entry (two arguments): the host does
 * not call it and refuses the file with JCA_ABI, asking for a rebuild.
 *
 * What an entry may do. It runs on the thread whose lookup (or
 * jca_provider_load call) reached the plugin, with the registry's loading
 * lock held. From that thread it may call libjca's API (see "What a
 * plugin may call"): lookups see the registry as it was and never trigger
 * further loading (a name only a later provider offers is not found), and
 * adding, inserting, loading or removing a provider fails with JCA_BUSY. Other threads keep using
 * everything already loaded without waiting; a thread that needs a
 * provider loaded waits for the entry to return, but at most
 * JCA_PLUGIN_ENTRY_WAIT_MS milliseconds, then fails with JCA_BUSY. So an
 * entry that starts a thread and joins it does not deadlock: that
 * thread's lookup fails with JCA_BUSY if it needs loading. An entry must
 * be quick (no network, no waiting for other threads that use libjca);
 * do slow work lazily.
 *
 * What a plugin may call. The host table: set_error and random at any
 * time from any thread (also from implementation functions, long after
 * the entry returned: the table lives as long as the process),
 * load_library likewise, get_config during the entry call. That is all a
 * plugin needs, and all the shipped plugins use: they are not linked
 * against libjca. A plugin may also call libjca's public API (<jca.h>:
 * a digest of another provider, say), within the entry rules above; then
 * it must be linked against libjca (`pkg-config --libs jca`), so that the
 * dynamic loader binds the calls to the libjca already in the process
 * (the same soname: one registry), and the plugin then loads only into
 * processes that use the shared libjca (an application that links libjca
 * statically would get a second, separate copy: such plugins must keep to
 * the host table). Calls that resolve without linking (because the
 * application put libjca in the global scope) work by accident: don't
 * rely on them. libjca's internal functions (jca__*) are hidden and never
 * callable.
 *
 * Versions. Check the host first with jca_host_compatible(host) (same
 * major ABI, the host table of 3.0), and each newer host member you call
 * with JCA_HOST_HAS(host, member). Set abi_version = JCA_ABI_VERSION and
 * every struct_size = sizeof() of its structure: a 3.x host accepts a
 * plugin built against any 3.x header, older or newer, as long as it sets
 * no member that host does not know (see provider.h, "How the ABI
 * grows").
 *
 * Validation. The host validates the whole descriptor before anything
 * becomes visible: sizes and versions, non-empty unique names, non-NULL
 * methods, sane sizes (ctx_size <= 1 MiB, digest and block sizes <=
 * JCA_MD_MAX_DIGEST, cipher blocks <= JCA_CIPHER_MAX_BLOCK). It then binds
 * each service's best usable implementation (highest priority whose
 * available() is true) and runs each service's known-answer test. Any
 * failure refuses the provider as a whole (JCA_ABI, JCA_BADDESC,
 * JCA_SELFTEST) with a message naming the field, and leaves the registry
 * unchanged.
 *
 * Names. A provider name must be unique in the process: a second provider
 * with the name of a loaded one, or the same file loaded twice (under two
 * names or paths), is refused with JCA_EXISTS and a message naming both
 * sources. Name the file after the provider (myprov.so for "myprov").
 * The exception: a file that the configuration shares on purpose between
 * providers ("jca.provider.<name>.plugin = FILE" under each name) is
 * entered once per name (host->provider_name), names still unique.
 *
 * Trust. The host loads a plugin only by absolute path (a configured name
 * becomes <jca.plugin.dir>/<name>.so), and only if it is a regular file
 * owned by root or the current user, not writable by group or others, and
 * every directory from it up to / is owned by root or the current user and
 * not writable by group or others (sticky directories such as /tmp
 * excepted).
 *
 * The file that runs is the file that was checked, for any number of
 * plugins: the host opens the file once (non-blocking, so a FIFO cannot
 * hang it), checks that open descriptor (fstat), and has the dynamic
 * loader map that same descriptor through /proc/self/fd/N; there is no
 * second lookup by path, hence no window between check and load. The
 * dynamic loader identifies an object by the name it was opened with, so
 * the host hands it a /proc/self/fd/N name again only for the file
 * (device and inode) it first gave that name for; a descriptor that lands
 * on a number given for another file is moved to the lowest free number
 * that fits. So the second, third, ... plugin is never mistaken for the
 * first, and loading and unloading any number of times does not use up
 * descriptor numbers. Where /proc is not mounted, plugins are refused
 * (JCA_PLUGIN) rather than loaded by path. A library that a plugin runs
 * in the process (a PKCS#11 module) is held to the same rules and loaded
 * the same way through host->load_library.
 *
 * A file that is not for this process is refused naming both sides, e.g.
 * "wrong ELF machine: the file is built for AArch64 (ELF machine 183,
 * ELFCLASS64, little-endian), this process runs x86-64 (ELF machine 62,
 * ...)".
 *
 * Lifetime. The descriptor and all it points to live in the plugin's
 * storage (static, or allocated with the provider context and freed by
 * teardown) until teardown; the host never writes to it and never unloads
 * the plugin (dlclose) while the process runs, so no code it hands out
 * can dangle.
 * The host table the entry receives is the host's static storage, valid
 * for the life of the process (also after jca_shutdown()): a plugin may
 * keep the pointer and call host->set_error from its implementation
 * functions at any time.
 */
#ifndef JCA_PLUGIN_H
#define JCA_PLUGIN_H

#include <stddef.h>

#include "provider.h"

#ifdef __cplusplus
extern "C" {
#endif

#define JCA_PLUGIN_ENTRY_NAME "jca_plugin_entry3"
/* How long another thread waits for a running entry before JCA_BUSY. */
#define JCA_PLUGIN_ENTRY_WAIT_MS 2000

/* What the host passes to the entry. Append-only: read a field only if
 * struct_size covers it. The table, and every function it points to,
 * stays valid for the life of the process: keep the pointer if you need
 * it later (see "What a plugin may call"). */
typedef struct jca_host_api {
	uint32_t abi_version;                   /* JCA_ABI_VERSION of the host */
	uint32_t struct_size;                   /* sizeof(jca_host_api) of the host */
	const char *host_version;               /* libjca version string */
	/* Records why the plugin refuses to load (copied by the host). An
	 * implementation function may also call it just before it returns
	 * nonzero, on whatever thread it runs: the engine's JCA_IMPL message
	 * then ends with this reason (e.g. a token's "C_DigestUpdate failed:
	 * CKR_DEVICE_ERROR"). Control bytes in it are shown as \xHH. */
	void (*set_error)(const char *message);
	/* Fills buf with len random bytes from the OS; 0 or -1. */
	int (*random)(void *buf, size_t len);
	/* Appended after 2.1's table (check struct_size before reading): the
	 * configuration of the provider being loaded. provider_name is the
	 * name jca.conf lists it under (security.provider.N = NAME), or NULL
	 * when it is loaded by path (jca_provider_load, or a path in
	 * jca.conf). get_config(key) returns the value of the line
	 * "jca.provider.<NAME>.<key> = value", or NULL (always NULL without a
	 * provider_name). get_config answers during the entry call only
	 * (NULL afterwards), and the strings it returns live until the entry
	 * returns: copy what you keep. provider_name stays valid with the
	 * table (each name has its own table). A plugin file that several
	 * names share through "jca.provider.<NAME>.plugin = FILE" is entered
	 * once per name (the same-file rule does not apply to them; names
	 * stay unique). */
	const char *provider_name;
	const char *(*get_config)(const char *key);
	/* In every 3.x table (jca_host_compatible checks it): loads a shared library
	 * that the plugin runs in the process (a PKCS#11 module) under the
	 * same rules as a plugin (see "Trust" above): path must be absolute;
	 * the file is opened once, checked on its open descriptor (and every
	 * directory above it), and that descriptor is mapped
	 * (RTLD_NOW | RTLD_LOCAL). Returns the dlopen() handle (use dlsym on
	 * it; the host never closes it), or NULL with the reason written to
	 * why (at most why_size bytes, NUL-terminated; why may be NULL), e.g.
	 * "refused, directory /opt/x is writable by group or others". Any
	 * thread, at any time; it does not touch the thread's last error. */
	void *(*load_library)(const char *path, char *why, size_t why_size);
} jca_host_api;

typedef int jca_plugin_entry_fn(const jca_host_api *host, const jca_provider_desc **desc, void **provctx);

/* The size of the host table at ABI 3.0: every member up to load_library. */
#define JCA_HOST_API_3_0_SIZE \
	(offsetof(jca_host_api, load_library) + sizeof(void *(*)(const char *, char *, size_t)))

/* Does the host table offer `member` (a member of jca_host_api)? True when
 * the host's table is large enough to hold it and it is set: test each
 * member a plugin needs beyond ABI 3.0 before calling it, and refuse with
 * host->set_error naming it if it is missing. */
#define JCA_HOST_HAS(host, member) \
	((host)->struct_size >= offsetof(jca_host_api, member) + sizeof((host)->member) && \
	 (host)->member != NULL)

/* The host runs a plugin built against this header when the majors match
 * and its table has the members of ABI 3.0 (the ones every 3.x host has;
 * test newer ones with JCA_HOST_HAS). No minor is compared: a plugin built
 * against a newer 3.x header runs on an older 3.x host as long as it uses
 * nothing the host lacks. */
static inline int jca_host_compatible(const jca_host_api *host)
{
	return host && (host->abi_version >> 16) == JCA_ABI_MAJOR && host->struct_size >= JCA_HOST_API_3_0_SIZE;
}

#if defined(__GNUC__)
#define JCA_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define JCA_PLUGIN_EXPORT
#endif

/* Declares and begins the definition of the entry function:
 *   JCA_PLUGIN_ENTRY(host, desc, provctx) { ...; return 0; }
 * *desc gets the provider's descriptor, *provctx its context (left NULL
 * if it has none).
 * The prototype lets the compiler check the definition; JCA_PLUGIN_EXPORT
 * keeps it visible when the plugin is built with -fvisibility=hidden. */
#define JCA_PLUGIN_ENTRY(host, desc, provctx) \
	JCA_PLUGIN_EXPORT int jca_plugin_entry3(const jca_host_api *host, const jca_provider_desc **desc, \
	                                       void **provctx); \
	JCA_PLUGIN_EXPORT int jca_plugin_entry3(const jca_host_api *host, const jca_provider_desc **desc, \
	                                       void **provctx)

#ifdef __cplusplus
}
#endif
#endif
