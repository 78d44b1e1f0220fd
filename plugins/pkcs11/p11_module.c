/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_module.c - loading PKCS#11 modules, choosing the slot, logging in,
 * the session pool and what happens after fork() (see p11.h).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jca/common.h>

#include "p11_internal.h"

/* Every open module and token of the process, as lists (any number): for
 * sharing a module between tokens, and for the child's locks after
 * fork(). Guarded by g_lock, as the module reference counts are. */
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static p11_module *modules;
static p11_token *tokens;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

void p11__wipe(void *p, size_t n)
{
	volatile unsigned char *v = p;

	while (n--)
		*v++ = 0;
}

const char *p11__name(const p11_token *t)
{
	return t ? t->name : "?";
}

const char *p11_describe(const p11_token *t)
{
	return t->describe;
}

const char *p11_module_path(const p11_token *t)
{
	return t->mod->path;
}

/* ---- fork: the child starts its locks afresh ----
 * No lock is held across fork(): the host's registry holds its own lock
 * across fork and loads plugins under it, so holding ours there too would
 * order the two locks both ways. The child (one thread) re-initialises
 * every lock of this file; it re-initialises the module and logs in again
 * before its first use anyway (reopen_in_child). */
static void fork_child(void)
{
	p11_module *m;
	p11_token *t;

	pthread_mutex_init(&g_lock, NULL);
	for (m = modules; m; m = m->next)
		pthread_mutex_init(&m->call_lock, NULL);
	for (t = tokens; t; t = t->next)
		pthread_mutex_init(&t->lock, NULL);
}

static void atfork_register(void)
{
	pthread_atfork(NULL, NULL, fork_child);
}

/* ---- modules ---- */

static CK_RV module_initialize(p11_module *m)
{
	CK_C_INITIALIZE_ARGS args;
	CK_RV rv;

	memset(&args, 0, sizeof args);
	args.flags = CKF_OS_LOCKING_OK;
	rv = m->f->C_Initialize(&args);
	if (rv == CKR_CANT_LOCK) {
		/* Not thread-safe by itself: call it without threads, one call
		 * at a time under our lock. */
		rv = m->f->C_Initialize(NULL);
		m->serialize = 1;
	}
	/* Already initialised by someone else in this process: share it, and
	 * leave its C_Finalize to them. */
	m->owned = rv == CKR_OK;
	if (rv == CKR_CRYPTOKI_ALREADY_INITIALIZED)
		rv = CKR_OK;
	if (rv == CKR_OK)
		m->pid = p11__self();
	return rv;
}

/* The module runs in the process: it is held to the plugin trust rules
 * and mapped from the descriptor that was checked, by the host's
 * load_library (plugin.h); never loaded here by path. A module already
 * open for another token is shared: one more reference (module_put drops
 * it). Called with g_lock held. */
static int module_get(const p11_settings *s, const char *name, p11_module **out)
{
	const char *path = s->library;
	char why[PATH_MAX + 512];
	CK_C_GetFunctionList get;
	p11_module *m;
	void *dl;
	CK_RV rv;
	int rc;

	if (path[0] != '/')
		return p11__fail(JCA_CONFIG, "pkcs11 provider \"%s\": module path \"%s\" is relative: give the "
		                 "module's absolute path (jca.provider.%s.library = /path/to/module.so)", name, path, name);
	if (!s->load_library)
		return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": module %s: this libjca cannot load it under the "
		                 "plugin trust rules (its host table has no load_library, ABI 2.5)", name, path);
	dl = s->load_library(path, why, sizeof why);
	if (!dl)
		return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": module %s: %s", name, path, why);
	/* the loader returns the same handle for the same file */
	for (m = modules; m; m = m->next) {
		if (m->dl == dl) {
			m->refs++;
			*out = m;
			return 0;
		}
	}
	m = calloc(1, sizeof *m);
	if (!m)
		return p11__fail(JCA_ENOMEM, "pkcs11 provider \"%s\": out of memory", name);
	snprintf(m->path, sizeof m->path, "%s", path);
	pthread_mutex_init(&m->call_lock, NULL);
	m->dl = dl;
	*(void **)&get = dlsym(m->dl, "C_GetFunctionList");
	if (!get) {
		rc = p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": %s is not a PKCS#11 module (no C_GetFunctionList)",
		               name, path);
		goto fail;
	}
	rv = get(&m->f);
	if (rv != CKR_OK || !m->f) {
		rc = p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": C_GetFunctionList failed: %s", name, p11_rv_name(rv));
		goto fail;
	}
	if (m->f->version.major != 2 && m->f->version.major != 3) {
		rc = p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": module %s speaks PKCS#11 %u.%u (2.x or 3.x needed)",
		               name, path, m->f->version.major, m->f->version.minor);
		goto fail;
	}
	rv = module_initialize(m);
	if (rv != CKR_OK) {
		rc = p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": C_Initialize failed: %s", name, p11_rv_name(rv));
		goto fail;
	}
	m->refs = 1;
	m->next = modules;
	modules = m;
	*out = m;
	return 0;
fail:
	/* Not dlclose()d: a module may leave threads or atexit handlers. */
	pthread_mutex_destroy(&m->call_lock);
	free(m);
	return rc;
}

/* Drops a token's reference to its module. The last one (the last token
 * closed, or the one token that needed it failed to open) finalises the
 * module, if we initialised it, and forgets it, so that a provider torn
 * down or refused keeps nothing of the plugin's; opening a token of it
 * again initialises it again. In a forked child the child's copy is
 * finalised (as reopen_in_child does: it touches only this process's
 * memory). The module stays mapped, as above. Called with g_lock held. */
static void module_put(p11_module *m)
{
	p11_module **pp;

	if (--m->refs > 0)
		return;
	for (pp = &modules; *pp; pp = &(*pp)->next)
		if (*pp == m) {
			*pp = m->next;
			break;
		}
	if (m->owned)
		m->f->C_Finalize(NULL);
	pthread_mutex_destroy(&m->call_lock);
	free(m);
}

/* ---- the PIN: from a file (first line) or an environment variable ---- */

static int read_pin(const p11_token *t, char *pin, size_t size, size_t *len)
{
	if (t->pin_file[0]) {
		struct stat st;
		ssize_t n;
		/* O_NONBLOCK: a FIFO must not hang the entry (and the registry
		 * with it); it is refused as not a regular file below. */
		int fd = open(t->pin_file, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

		if (fd < 0)
			return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": PIN file %s: %s", t->name, t->pin_file,
			                 strerror(errno));
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
			close(fd);
			return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": PIN file %s: not a regular file", t->name,
			                 t->pin_file);
		}
		if (st.st_mode & (S_IRWXG | S_IRWXO)) {
			close(fd);
			return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": PIN file %s: refused, accessible by group "
			                 "or others (chmod 600)", t->name, t->pin_file);
		}
		n = read(fd, pin, size - 1);
		close(fd);
		if (n < 0)
			return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": PIN file %s: %s", t->name, t->pin_file,
			                 strerror(errno));
		pin[n] = 0;
		pin[strcspn(pin, "\r\n")] = 0;
	} else {
		const char *v = getenv(t->pin_env);

		if (!v)
			return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": PIN variable %s is not set", t->name,
			                 t->pin_env);
		if (strlen(v) >= size)
			return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": PIN in %s too long", t->name, t->pin_env);
		strcpy(pin, v);
	}
	*len = strlen(pin);
	if (!*len)
		return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": the PIN in %s is empty", t->name,
		                 t->pin_file[0] ? t->pin_file : t->pin_env);
	return 0;
}

static int login(p11_token *t)
{
	CK_TOKEN_INFO ti;
	char pin[256];
	size_t len = 0;
	CK_RV rv;
	int rc;

	P11_CALL(t->mod, rv, C_GetTokenInfo, t->slot, &ti);
	if (rv != CKR_OK)
		return p11__rv_fail(t, "C_GetTokenInfo", rv);
	if (!t->pin_file[0] && !t->pin_env[0]) {
		if (!(ti.flags & CKF_LOGIN_REQUIRED))
			return 0;
		return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": the token needs a login: set "
		                 "jca.provider.%s.pin.file or .pin.env (a PIN is never read from the configuration)",
		                 t->name, t->name);
	}
	if ((rc = read_pin(t, pin, sizeof pin, &len)) != 0) {
		p11__wipe(pin, sizeof pin);
		return rc;
	}
	P11_CALL(t->mod, rv, C_Login, t->anchor, CKU_USER, (CK_UTF8CHAR_PTR)pin, (CK_ULONG)len);
	p11__wipe(pin, sizeof pin);
	if (rv != CKR_OK && rv != CKR_USER_ALREADY_LOGGED_IN)
		return p11__fail(JCA_PLUGIN, "pkcs11 provider \"%s\": C_Login failed: %s", t->name, p11_rv_name(rv));
	return 0;
}

/* ---- slot and mechanisms ---- */

/* A fixed-width, space-padded field of CK_TOKEN_INFO as a string. */
static void field(char *out, const CK_UTF8CHAR *in, size_t n)
{
	memcpy(out, in, n);
	while (n && (out[n - 1] == ' ' || out[n - 1] == 0))
		n--;
	out[n] = 0;
}

static void describe(p11_token *t, const char *label, const CK_TOKEN_INFO *ti)
{
	char maker[33], model[17];

	field(maker, ti->manufacturerID, sizeof ti->manufacturerID);
	field(model, ti->model, sizeof ti->model);
	snprintf(t->describe, sizeof t->describe, "token \"%s\" (%s %s, slot %lu)", label, maker, model,
	         (unsigned long)t->slot);
}

static int find_slot(p11_token *t, const p11_settings *s)
{
	CK_SLOT_ID *slots = NULL, want = 0;
	CK_ULONG n = 0, i;
	CK_TOKEN_INFO ti;
	char label[33], seen[256] = "";
	int rc = 0, found = 0;
	CK_RV rv;

	if (s->slot) {
		char *end;

		errno = 0;
		want = strtoul(s->slot, &end, 0);
		if (errno || end == s->slot || *end)
			return p11__fail(JCA_CONFIG, "pkcs11 provider \"%s\": slot \"%s\" is not a number", t->name, s->slot);
	}
	P11_CALL(t->mod, rv, C_GetSlotList, CK_TRUE, NULL, &n);
	if (rv == CKR_OK && n && !(slots = calloc(n, sizeof *slots)))
		return p11__fail(JCA_ENOMEM, "pkcs11 provider \"%s\": out of memory", t->name);
	if (rv == CKR_OK && n)
		P11_CALL(t->mod, rv, C_GetSlotList, CK_TRUE, slots, &n);
	if (rv != CKR_OK) {
		free(slots);
		return p11__rv_fail(t, "C_GetSlotList", rv);
	}
	for (i = 0; i < n && !found; i++) {
		P11_CALL(t->mod, rv, C_GetTokenInfo, slots[i], &ti);
		if (rv != CKR_OK)
			continue;
		field(label, ti.label, sizeof ti.label);
		if ((!s->slot || slots[i] == want) && (!s->token || strcmp(label, s->token) == 0)) {
			found = 1;
			t->slot = slots[i];
			describe(t, label, &ti);
		} else if (strlen(seen) < sizeof seen - 48) {
			snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%s\"%s\" in slot %lu", seen[0] ? ", " : "",
			         label, (unsigned long)slots[i]);
		}
	}
	free(slots);
	if (!found)
		rc = p11__fail(JCA_NOPROVIDER, "pkcs11 provider \"%s\": no token%s%s%s%s%s (tokens present: %s)", t->name,
		               s->token ? " labelled \"" : "", s->token ? s->token : "", s->token ? "\"" : "",
		               s->slot ? " in slot " : "", s->slot ? s->slot : "", seen[0] ? seen : "none");
	return rc;
}

static int read_mechanisms(p11_token *t)
{
	CK_ULONG n = 0, i;
	CK_RV rv;

	P11_CALL(t->mod, rv, C_GetMechanismList, t->slot, NULL, &n);
	if (rv == CKR_OK) {
		CK_MECHANISM_TYPE *all = calloc(n ? n : 1, sizeof *all);

		if (!all)
			return p11__fail(JCA_ENOMEM, "pkcs11 provider \"%s\": out of memory", t->name);
		P11_CALL(t->mod, rv, C_GetMechanismList, t->slot, all, &n);
		for (i = 0; rv == CKR_OK && i < n && t->nmech < P11_MAX_MECHS; i++) {
			CK_RV r2;

			P11_CALL(t->mod, r2, C_GetMechanismInfo, t->slot, all[i], &t->info[t->nmech]);
			if (r2 == CKR_OK)
				t->mech[t->nmech++] = all[i];
		}
		free(all);
	}
	return rv == CKR_OK ? 0 : p11__rv_fail(t, "C_GetMechanismList", rv);
}

int p11_has(const p11_token *t, CK_MECHANISM_TYPE m, CK_FLAGS need, unsigned long *min_key, unsigned long *max_key)
{
	size_t i;

	for (i = 0; i < t->nmech; i++) {
		if (t->mech[i] != m || (t->info[i].flags & need) != need)
			continue;
		if (min_key)
			*min_key = t->info[i].ulMinKeySize;
		if (max_key)
			*max_key = t->info[i].ulMaxKeySize;
		return 1;
	}
	return 0;
}

/* ---- opening a token ---- */

static int open_anchor(p11_token *t)
{
	CK_RV rv;
	int rc;

	P11_CALL(t->mod, rv, C_OpenSession, t->slot, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL, &t->anchor);
	if (rv != CKR_OK)
		return p11__rv_fail(t, "C_OpenSession", rv);
	if ((rc = login(t)) != 0) {
		CK_RV ignored;

		P11_CALL(t->mod, ignored, C_CloseSession, t->anchor);
		(void)ignored;
		t->anchor = CK_INVALID_HANDLE;
	}
	return rc;
}

static int copy_setting(char *dst, size_t size, const char *src, const char *name, const char *what)
{
	if (!src)
		return 0;
	if (strlen(src) >= size)
		return p11__fail(JCA_CONFIG, "pkcs11 provider \"%s\": %s too long", name, what);
	strcpy(dst, src);
	return 0;
}

int p11_open(const p11_settings *s, p11_token **out)
{
	const char *name = s->name ? s->name : "pkcs11";
	p11_token *t;
	int rc;

	*out = NULL;
	pthread_once(&atfork_once, atfork_register);
	if (!s->library || !*s->library)
		return p11__fail(JCA_CONFIG, "pkcs11 provider \"%s\": no module configured "
		                 "(jca.provider.%s.library = /path/to/module.so)", name, name);
	if (!s->token && !s->slot)
		return p11__fail(JCA_CONFIG, "pkcs11 provider \"%s\": no token chosen (jca.provider.%s.token = LABEL "
		                 "or jca.provider.%s.slot = N)", name, name, name);
	if (s->pin_file && s->pin_env)
		return p11__fail(JCA_CONFIG, "pkcs11 provider \"%s\": pin.file and pin.env both set: choose one", name);
	t = calloc(1, sizeof *t);
	if (!t)
		return p11__fail(JCA_ENOMEM, "pkcs11 provider \"%s\": out of memory", name);
	snprintf(t->name, sizeof t->name, "%s", name);
	if ((rc = copy_setting(t->pin_file, sizeof t->pin_file, s->pin_file, name, "pin.file")) != 0 ||
	    (rc = copy_setting(t->pin_env, sizeof t->pin_env, s->pin_env, name, "pin.env")) != 0) {
		free(t);
		return rc;
	}
	pthread_mutex_init(&t->lock, NULL);
	t->anchor = CK_INVALID_HANDLE;
	pthread_mutex_lock(&g_lock);
	rc = module_get(s, name, &t->mod);
	if (rc == 0)
		rc = find_slot(t, s);
	if (rc == 0)
		rc = read_mechanisms(t);
	if (rc == 0)
		rc = open_anchor(t);
	if (rc == 0) {
		t->pid = p11__self();
		t->next = tokens;
		tokens = t;
	}
	if (rc && t->mod)
		module_put(t->mod);
	pthread_mutex_unlock(&g_lock);
	if (rc) {
		pthread_mutex_destroy(&t->lock);
		free(t);
		return rc;
	}
	*out = t;
	return 0;
}

void p11_close(p11_token *t)
{
	p11_token **pp;
	size_t i;
	CK_RV rv;

	if (!t)
		return;
	/* The sessions of this process (a child that never used the token
	 * has none of its own; the parent's are not its to close). */
	if (t->pid == p11__self()) {
		for (i = 0; i < t->npool; i++)
			P11_CALL(t->mod, rv, C_CloseSession, t->pool[i]);
		if (t->anchor != CK_INVALID_HANDLE)
			P11_CALL(t->mod, rv, C_CloseSession, t->anchor);
		(void)rv;
	}
	pthread_mutex_lock(&g_lock);
	for (pp = &tokens; *pp; pp = &(*pp)->next)
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	module_put(t->mod);
	pthread_mutex_unlock(&g_lock);
	pthread_mutex_destroy(&t->lock);
	p11__wipe(t, sizeof *t);
	free(t);
}

/* ---- after fork: a new module instance, new sessions, a new login ---- */

static int reopen_in_child(p11_token *t)
{
	p11_module *m = t->mod;
	pid_t me = p11__self();
	CK_RV rv = CKR_OK;
	int rc;

	pthread_mutex_lock(&g_lock);
	if (m->pid != me) {
		/* The child's copy of the module still thinks it is
		 * initialised, with the parent's sessions: finalise that copy
		 * (it touches only this process's memory) and start again. */
		m->f->C_Finalize(NULL);
		m->serialize = 0;
		rv = module_initialize(m);
	}
	pthread_mutex_unlock(&g_lock);
	if (rv != CKR_OK)
		return p11__fail(JCA_IO, "pkcs11 provider \"%s\": after fork, C_Initialize failed: %s", t->name,
		                 p11_rv_name(rv));
	t->npool = 0;
	t->anchor = CK_INVALID_HANDLE;
	if ((rc = open_anchor(t)) != 0)
		return rc;
	t->gen++;
	__atomic_store_n(&t->pid, me, __ATOMIC_RELEASE);
	return 0;
}

static int ensure_process(p11_token *t)
{
	pid_t me = p11__self();
	int rc = 0;

	if (__atomic_load_n(&t->pid, __ATOMIC_ACQUIRE) == me)
		return 0;
	pthread_mutex_lock(&t->lock);
	if (t->pid != me)
		rc = reopen_in_child(t);
	pthread_mutex_unlock(&t->lock);
	return rc;
}

int p11__check_gen(p11_token *t, unsigned long gen)
{
	int rc = ensure_process(t);

	if (rc)
		return rc;
	if (gen != __atomic_load_n(&t->gen, __ATOMIC_ACQUIRE))
		return p11__fail(JCA_IO, "pkcs11 provider \"%s\": this object was created before fork(); PKCS#11 "
		                 "sessions do not survive fork: create a new one in the child", t->name);
	return 0;
}

/* ---- the session pool ---- */

int p11__session_get(p11_token *t, CK_SESSION_HANDLE *s, unsigned long *gen)
{
	CK_RV rv;
	int rc = ensure_process(t);

	if (rc)
		return rc;
	pthread_mutex_lock(&t->lock);
	*gen = t->gen;
	if (t->npool) {
		*s = t->pool[--t->npool];
		pthread_mutex_unlock(&t->lock);
		return 0;
	}
	pthread_mutex_unlock(&t->lock);
	P11_CALL(t->mod, rv, C_OpenSession, t->slot, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL, s);
	return rv == CKR_OK ? 0 : p11__rv_fail(t, "C_OpenSession", rv);
}

void p11__session_put(p11_token *t, CK_SESSION_HANDLE s, unsigned long gen, int reusable)
{
	CK_RV rv;

	if (s == CK_INVALID_HANDLE || __atomic_load_n(&t->pid, __ATOMIC_ACQUIRE) != p11__self())
		return;
	pthread_mutex_lock(&t->lock);
	if (gen != t->gen) {
		/* the parent's session, seen in a child: not ours to close */
		pthread_mutex_unlock(&t->lock);
		return;
	}
	if (reusable && t->npool < P11_POOL_MAX) {
		t->pool[t->npool++] = s;
		pthread_mutex_unlock(&t->lock);
		return;
	}
	pthread_mutex_unlock(&t->lock);
	P11_CALL(t->mod, rv, C_CloseSession, s);
	(void)rv;
}
