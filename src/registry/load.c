/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider list: initialisation from the configuration, lazy loading of
 * plugins, add/insert/load/remove, and shutdown.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dlfcn.h>

#include "registry_int.h"
#include "plugin.h"
#include "jca/plugin.h"

jca__config *jca__conf;                       /* read at initialisation */
_Thread_local __attribute__((tls_model("initial-exec"))) int jca__in_load;
static struct jca_provider *all_providers;    /* every provider ever created */
static int init_failed;                       /* configuration error: fail closed */
static char init_error[JCA__MSG_MAX];

static void remember(struct jca_provider *p)
{
	p->all_next = all_providers;
	all_providers = p;
}

/* The entry of the provider linked into libjca that is configured as
 * `name`, or NULL if name is not one of them (a plugin). */
static jca_plugin_entry_fn *linked_entry(const char *name)
{
	const jca__linked_provider *l;

	for (l = jca__linked_providers; l->name; l++)
		if (jca__name_eq(name, l->name))
			return l->entry;
	return NULL;
}

/* Where a configured plugin name lives: a name with a '/' is a path,
 * anything else <jca.plugin.dir>/<name>.so; "jca.provider.<name>.plugin"
 * names another file (one plugin serving several providers: pkcs11). */
static void plugin_path(char *out, size_t n, const char *name)
{
	const char *file = jca__config_get(jca__conf, name, "plugin");

	if (file)
		name = file;
	if (strchr(name, '/'))
		snprintf(out, n, "%s", name);
	else
		snprintf(out, n, "%s/%s.so", jca__conf->plugin_dir, name);
}

/* fork(): a child must not inherit the registry mutex locked by a thread
 * that does not exist in it. Take it around fork and release it on both
 * sides. */
static void atfork_prepare(void) { pthread_mutex_lock(&jca__lock); }
static void atfork_release(void) { pthread_mutex_unlock(&jca__lock); }
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void atfork_register(void)
{
	/* first: its prepare handler then runs after ours (reverse order) */
	jca__trust_atfork_register();
	pthread_atfork(atfork_prepare, atfork_release, atfork_release);
}

/* Takes the registry lock, waiting at most JCA_PLUGIN_ENTRY_WAIT_MS: the
 * holder may be a plugin's entry that waits for this very thread (it
 * started it and joins it); JCA_BUSY then, not a deadlock (plugin.h). */
static int lock_registry(void)
{
	struct timespec until;
	int rc;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += JCA_PLUGIN_ENTRY_WAIT_MS / 1000;
	until.tv_nsec += (long)(JCA_PLUGIN_ENTRY_WAIT_MS % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	rc = pthread_mutex_timedlock(&jca__lock, &until);
	if (rc == ETIMEDOUT)
		return jca__error(JCA_BUSY, "the registry is busy: a plugin's entry function has been running on another "
		                  "thread for %d ms (an entry must not wait for threads that use libjca)",
		                  JCA_PLUGIN_ENTRY_WAIT_MS);
	return rc ? jca__error(JCA_INTERNAL, "cannot lock the registry (%d)", rc) : 0;
}

/* Checks the configuration's policy against the providers: a preference
 * must name a configured provider (plugins configured by path are known by
 * name only once loaded: those rules are checked at lookup, policy.c), and
 * with no plugin configured, a disabled entry must match an algorithm. */
static int check_policy(const jca__snapshot *s)
{
	size_t i, j;
	int by_path = 0, plugins = 0;

	for (i = 0; i < jca__conf->nprov; i++) {
		by_path |= strchr(jca__conf->provs[i].name, '/') != NULL;
		plugins |= !linked_entry(jca__conf->provs[i].name);
	}
	for (i = 0; i < jca__conf->npref; i++) {
		const jca__pref *pf = &jca__conf->prefs[i];

		if (!by_path && jca__find_provider(s, pf->provider) < 0)
			return jca__error(JCA_CONFIG, "%s:%d: jca.provider.preferred names a provider that is not configured",
			                  pf->file, pf->line);
	}
	for (j = 0; !plugins && j < jca__conf->ndisabled; j++)
		if (!jca__conf->disabled[j].matched)
			return jca__error(JCA_CONFIG, "%s:%d: an entry of jca.disabled.algorithms matches no algorithm "
			                  "(misspelt name or type?)", jca__conf->disabled[j].file, jca__conf->disabled[j].line);
	return 0;
}

static int enter_static(struct jca_provider *p, jca_plugin_entry_fn *entry, const char *name);

/* Called with jca__lock held. */
static int init_locked(void)
{
	jca_plugin_entry_fn *entry;
	struct jca_provider **list = NULL;
	jca__snapshot *s;
	size_t i, j;
	int rc;

	if (atomic_load_explicit(&jca__current, memory_order_relaxed))
		return 0;
	if (init_failed)
		return jca__error(JCA_CONFIG, "%s", init_error);
	rc = jca__config_load(&jca__conf);
	if (rc == 0 && !(list = calloc(jca__conf->nprov + 1, sizeof *list)))
		rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
	for (i = 0; rc == 0 && i < jca__conf->nprov; i++) {
		const char *name = jca__conf->provs[i].name;
		char path[4096];

		for (j = 0; j < i; j++)
			if (jca__name_eq(jca__conf->provs[j].name, name))
				rc = jca__error(JCA_CONFIG, "%s:%d: provider \"%s\" listed twice", jca__conf->source,
				                jca__conf->provs[i].line, name);
		if (rc)
			break;
		if ((entry = linked_entry(name)) != NULL) {
			/* linked in: entered now, through the same path as a plugin */
			list[i] = jca__new_provider(NULL, "built in");
			if (!list[i]) {
				rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
				break;
			}
			remember(list[i]);
			if ((rc = enter_static(list[i], entry, name)) != 0)
				break;
			atomic_store_explicit(&list[i]->state, JCA_PROVIDER_LOADED, memory_order_release);
		} else {
			plugin_path(path, sizeof path, name);
			list[i] = jca__new_provider(name, path);
			if (!list[i]) {
				rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
				break;
			}
			remember(list[i]);
		}
	}
	if (rc == 0) {
		s = jca__build_snapshot(list, jca__conf->nprov);
		if (!s)
			rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
		else if ((rc = check_policy(s)) != 0)
			jca__free_snapshot(s);
		else
			jca__publish(s);
	}
	free(list);
	if (rc) {
		/* Fail closed: remember the reason, offer nothing. */
		init_failed = 1;
		snprintf(init_error, sizeof init_error, "%s", jca_last_error_message());
		jca__config_free(jca__conf);
		jca__conf = NULL;
	}
	return rc;
}

/* The current snapshot, initialising the registry on first use; NULL with
 * the error set if the configuration is broken. */
jca__snapshot *jca__get_snapshot(void)
{
	jca__snapshot *s = atomic_load_explicit(&jca__current, memory_order_acquire);

	if (__builtin_expect(s != NULL, 1))
		return s;
	if (jca__in_load) {
		/* this thread holds the lock, making the first snapshot: a
		 * provider's entry or its known-answer tests calling back */
		jca__error(JCA_BUSY, "the registry is being initialised (called from a provider's entry or "
		           "known-answer test)");
		return NULL;
	}
	pthread_once(&atfork_once, atfork_register);
	if (lock_registry() != 0)
		return NULL;
	init_locked();
	pthread_mutex_unlock(&jca__lock);
	return atomic_load_explicit(&jca__current, memory_order_acquire);
}

/* "provider "<name>" (from <source>)" of a registered provider loaded
 * from file id, or NULL (lock held: the buffer is the lock's). */
static const char *loaded_from(const jca__file_id *id)
{
	const jca__snapshot *s = atomic_load_explicit(&jca__current, memory_order_relaxed);
	static char who[PATH_MAX + 128];
	size_t i;

	for (i = 0; s && i < s->n; i++) {
		const struct jca_provider *p = s->provs[i];

		if (p->has_file && p->file.dev == id->dev && p->file.ino == id->ino &&
		    jca__provider_state(p) == JCA_PROVIDER_LOADED) {
			snprintf(who, sizeof who, "provider \"%s\" (from %s)", jca__prov_name(p), p->source);
			return who;
		}
	}
	return NULL;
}

/* Refuses a provider name that a registered provider other than `self`
 * already has, naming it, then both sources (lock held). */
static int name_taken(const jca__snapshot *s, const struct jca_provider *self, const char *name, const char *source)
{
	size_t k;

	for (k = 0; k < s->n; k++) {
		const struct jca_provider *o = s->provs[k];

		if (o != self && (jca__name_eq(jca__prov_name(o), name) ||
		                  (o->conf_name && jca__name_eq(o->conf_name, name))))
			return jca__error(JCA_EXISTS, "provider \"%s\" (from %s) refused: a provider of that name is "
			                  "already registered from %s", name, source, o->source);
	}
	return 0;
}

/* Validates and registers what an entry returned into p (lock held): on
 * any refusal the provider context is torn down and p is unchanged. */
static int adopt(const jca__snapshot *cur, struct jca_provider *p, const jca_provider_desc *raw, void *provctx,
                 const char *who)
{
	jca_provider_desc *d = NULL;
	int rc = jca__normalize(raw, who, &d);

	if (rc == 0 && cur && (rc = name_taken(cur, p, d->name, who)) != 0)
		free(d);
	if (rc) {
		jca__teardown_raw(raw, provctx);
		return rc;
	}
	return jca__populate(p, d, provctx);   /* takes d; tears down on failure */
}

/* A provider linked into libjca (the built-in one): its entry, called as
 * a plugin's is (lock held). */
static int enter_static(struct jca_provider *p, jca_plugin_entry_fn *entry, const char *name)
{
	const jca_provider_desc *raw;
	void *provctx;
	int rc;

	jca__in_load = 1;
	rc = jca__plugin_enter(entry, name, name, jca__conf, &raw, &provctx);
	jca__in_load = 0;
	return rc ? rc : adopt(NULL, p, raw, provctx, name);
}

/* Opens, checks and populates a plugin into p (lock held). 0, or a status
 * with the reason set and p unchanged. */
static int load_plugin(const jca__snapshot *cur, struct jca_provider *p, const char *path)
{
	const jca_provider_desc *raw = NULL;
	jca__file_id id;
	void *dl = NULL, *provctx = NULL;
	int rc;

	/* a provider listed by path has no name for its settings; one whose
	 * plugin file is named by "jca.provider.<name>.plugin" may share that
	 * file with other providers (each under its own name, still unique) */
	const char *name = p->conf_name && !strchr(p->conf_name, '/') ? p->conf_name : NULL;
	int shared = name && jca__config_get(jca__conf, name, "plugin") != NULL;

	jca__in_load = 1;
	rc = jca__plugin_open(path, name, jca__conf, &id, shared ? NULL : loaded_from, &raw, &provctx, &dl);
	jca__in_load = 0;
	if (rc == 0)
		rc = adopt(cur, p, raw, provctx, path);
	if (rc) {
		if (dl)
			dlclose(dl);
		return rc;
	}
	p->dl = dl;
	p->file = id;
	p->has_file = 1;
	return 0;
}

/* Loads provider cur->provs[i] (not yet loaded), then publishes a snapshot
 * that includes it. Called with jca__lock held. */
static void load_locked(jca__snapshot *cur, size_t i)
{
	struct jca_provider *p = cur->provs[i];
	jca__snapshot *ns;
	int rc = load_plugin(cur, p, p->source);

	if (rc) {
		jca__set_reason(p, jca_last_error_message());
		p->status = rc;
		atomic_store_explicit(&p->state, JCA_PROVIDER_FAILED, memory_order_release);
	} else {
		atomic_store_explicit(&p->state, JCA_PROVIDER_LOADED, memory_order_release);
	}
	ns = jca__build_snapshot(cur->provs, cur->n);
	if (ns)
		jca__publish(ns);
}

/* Slow path: load the first provider not yet loaded (double-checked: the
 * caller saw `seen`; under the lock, act only if it is still current).
 * 0, or JCA_BUSY if another thread's plugin entry holds the lock too long. */
int jca__load_next(const jca__snapshot *seen, int only)
{
	jca__snapshot *cur;
	int rc = lock_registry();

	if (rc)
		return rc;
	cur = atomic_load_explicit(&jca__current, memory_order_relaxed);
	if (cur == seen) {
		int i = only >= 0 ? only : cur->lazy_pos;

		if (i < (int)cur->n && jca__provider_state(cur->provs[i]) == JCA_PROVIDER_NOT_LOADED)
			load_locked(cur, (size_t)i);
	}
	pthread_mutex_unlock(&jca__lock);
	return 0;
}

static int insert_locked(struct jca_provider *p, int position)
{
	jca__snapshot *s = atomic_load_explicit(&jca__current, memory_order_relaxed), *ns;
	struct jca_provider **list;
	size_t i, at;
	int rc;

	if ((rc = name_taken(s, p, jca__prov_name(p), p->source)) != 0)
		return rc;
	list = malloc((s->n + 1) * sizeof *list);
	if (!list)
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", jca__prov_name(p));
	at = (position < 0 || (size_t)position > s->n) ? s->n : (size_t)position;
	for (i = 0; i < at; i++)
		list[i] = s->provs[i];
	list[at] = p;
	for (i = at; i < s->n; i++)
		list[i + 1] = s->provs[i];
	ns = jca__build_snapshot(list, s->n + 1);
	free(list);
	if (!ns)
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", jca__prov_name(p));
	jca__publish(ns);
	return 0;
}

/* Adds a provider from a descriptor and its context (desc) or a plugin
 * file (path). */
static int add_provider(const jca_provider_desc *desc, void *provctx, const char *path, int position)
{
	const char *source = path ? path : "added by the application";
	struct jca_provider *p;
	int rc;

	if (jca__in_load) {
		jca__teardown_raw(desc, provctx);
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	}
	if (!path && !desc)
		return jca__error(JCA_EINVAL, "provider descriptor is NULL");
	if (!jca__get_snapshot() || (rc = lock_registry()) != 0) {
		rc = jca_last_error();
		jca__teardown_raw(desc, provctx);
		return rc;     /* the error is set */
	}
	p = jca__new_provider(NULL, source);
	if (!p) {
		pthread_mutex_unlock(&jca__lock);
		jca__teardown_raw(desc, provctx);
		return jca__error(JCA_ENOMEM, "out of memory adding a provider");
	}
	if (path)
		rc = load_plugin(atomic_load_explicit(&jca__current, memory_order_relaxed), p, path);
	else
		rc = adopt(NULL, p, desc, provctx, "provider added by the application");
	if (rc == 0) {
		atomic_store_explicit(&p->state, JCA_PROVIDER_LOADED, memory_order_release);
		rc = insert_locked(p, position);
		if (rc)
			jca__provider_teardown(p);
	}
	if (rc == 0) {
		remember(p);
	} else {
		jca__clear_services(p);
		free(p->desc);
		free(p->source);
		free(p);
	}
	pthread_mutex_unlock(&jca__lock);
	return rc;
}

int jca_provider_add(const jca_provider_desc *desc, void *provctx)
{
	return add_provider(desc, provctx, NULL, -1);
}

int jca_provider_insert(const jca_provider_desc *desc, void *provctx, int position)
{
	return add_provider(desc, provctx, NULL, position);
}

int jca_provider_load(const char *path, int position)
{
	if (!path)
		return jca__error(JCA_EINVAL, "plugin path is NULL");
	return add_provider(NULL, NULL, path, position);
}

int jca_provider_remove(const char *name)
{
	jca__snapshot *s, *ns;
	struct jca_provider **list;
	size_t i, k = 0;
	int at;

	if (!name)
		return jca__error(JCA_EINVAL, "provider name is NULL");
	if (jca__in_load)
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	if (!jca__get_snapshot() || lock_registry() != 0)
		return jca_last_error();
	s = atomic_load_explicit(&jca__current, memory_order_relaxed);
	at = jca__find_provider(s, name);
	if (at < 0) {
		pthread_mutex_unlock(&jca__lock);
		return jca__error(JCA_NOPROVIDER, "no provider named \"%s\"", name);
	}
	list = malloc((s->n ? s->n : 1) * sizeof *list);
	if (!list) {
		pthread_mutex_unlock(&jca__lock);
		return jca__error(JCA_ENOMEM, "out of memory removing provider \"%s\"", name);
	}
	for (i = 0; i < s->n; i++)
		if ((int)i != at)
			list[k++] = s->provs[i];
	ns = jca__build_snapshot(list, k);
	free(list);
	if (!ns) {
		pthread_mutex_unlock(&jca__lock);
		return jca__error(JCA_ENOMEM, "out of memory removing provider \"%s\"", name);
	}
	/* The provider object stays on all_providers until shutdown: live
	 * instances may still point at its services and code. Its teardown
	 * runs when the last of them is freed (now, if none is alive). */
	jca__publish(ns);
	if (jca__provider_state(s->provs[at]) == JCA_PROVIDER_LOADED)
		jca__provider_unregister(s->provs[at]);
	pthread_mutex_unlock(&jca__lock);
	return 0;
}

void jca_shutdown(void)
{
	jca__snapshot *s;
	struct jca_provider *p;

	pthread_mutex_lock(&jca__lock);
	s = atomic_exchange_explicit(&jca__current, NULL, memory_order_acq_rel);
	jca__free_snapshot(s);
	while ((s = jca__retired_snapshots)) {
		jca__retired_snapshots = s->retired;
		jca__free_snapshot(s);
	}
	while ((p = all_providers)) {
		all_providers = p->all_next;
		if (jca__provider_state(p) == JCA_PROVIDER_LOADED)
			jca__provider_teardown(p);
		jca__free_provider(p);
	}
	jca__config_free(jca__conf);
	jca__conf = NULL;
	init_failed = 0;
	pthread_mutex_unlock(&jca__lock);
	jca__alloc_drain();
}
