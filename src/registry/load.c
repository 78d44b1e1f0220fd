/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider list: initialisation from the configuration, lazy loading of
 * plugins, add/insert/load/remove, and shutdown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlfcn.h>

#include "registry_int.h"
#include "plugin.h"
#include "../providers/builtin.h"

jca__config *jca__conf;                       /* read at initialisation */
_Thread_local __attribute__((tls_model("initial-exec"))) int jca__in_load;
static struct jca_provider *all_providers;    /* every provider ever created */
static int init_failed;                       /* configuration error: fail closed */
static char init_error[256];

static void remember(struct jca_provider *p)
{
	p->all_next = all_providers;
	all_providers = p;
}

/* Where a configured plugin name lives: a name with a '/' is a path,
 * anything else <jca.plugin.dir>/<name>.so. */
static void plugin_path(char *out, size_t n, const char *name)
{
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
	pthread_atfork(atfork_prepare, atfork_release, atfork_release);
}

/* Called with jca__lock held. */
static int init_locked(void)
{
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
		if (jca__name_eq(name, "builtin")) {
			list[i] = jca__new_provider(NULL, "built in");
			if (!list[i]) {
				rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
				break;
			}
			remember(list[i]);
			if ((rc = jca__populate(list[i], jca__builtin_provider())) != 0)
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
	pthread_once(&atfork_once, atfork_register);
	pthread_mutex_lock(&jca__lock);
	init_locked();
	pthread_mutex_unlock(&jca__lock);
	return atomic_load_explicit(&jca__current, memory_order_acquire);
}

/* Loads provider cur->provs[i] (not yet loaded), then publishes a snapshot
 * that includes it. Called with jca__lock held. */
static void load_locked(jca__snapshot *cur, size_t i)
{
	struct jca_provider *p = cur->provs[i];
	const jca_provider_desc *d = NULL;
	void *dl = NULL;
	jca__snapshot *ns;
	size_t k;
	int rc;

	jca__in_load = 1;
	rc = jca__plugin_open(p->source, &d, &dl);
	if (rc == 0)
		rc = jca__validate(d);
	for (k = 0; rc == 0 && k < cur->n; k++)
		if (k != i && jca__name_eq(cur->provs[k]->name, d->name))
			rc = jca__error(JCA_EXISTS, "plugin %s: a provider named \"%s\" is already registered",
			                p->source, d->name);
	if (rc == 0)
		rc = jca__populate(p, d);
	jca__in_load = 0;
	if (rc) {
		snprintf(p->reason, sizeof p->reason, "%s", jca_last_error_message());
		if (dl)
			dlclose(dl);
		atomic_store_explicit(&p->state, JCA_PROVIDER_FAILED, memory_order_release);
	} else {
		p->dl = dl;
		atomic_store_explicit(&p->state, JCA_PROVIDER_LOADED, memory_order_release);
	}
	ns = jca__build_snapshot(cur->provs, cur->n);
	if (ns)
		jca__publish(ns);
}

/* Slow path: load the first provider not yet loaded (double-checked: the
 * caller saw `seen`; under the lock, act only if it is still current). */
void jca__load_next(const jca__snapshot *seen, int only)
{
	jca__snapshot *cur;

	pthread_mutex_lock(&jca__lock);
	cur = atomic_load_explicit(&jca__current, memory_order_relaxed);
	if (cur == seen) {
		int i = only >= 0 ? only : cur->lazy_pos;

		if (i < (int)cur->n && jca__provider_state(cur->provs[i]) == JCA_PROVIDER_NOT_LOADED)
			load_locked(cur, (size_t)i);
	}
	pthread_mutex_unlock(&jca__lock);
}

static int insert_locked(struct jca_provider *p, int position)
{
	jca__snapshot *s = atomic_load_explicit(&jca__current, memory_order_relaxed), *ns;
	struct jca_provider **list;
	size_t i, at;

	if (jca__find_provider(s, p->name) >= 0)
		return jca__error(JCA_EXISTS, "a provider named \"%s\" is already registered", p->name);
	list = malloc((s->n + 1) * sizeof *list);
	if (!list)
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", p->name);
	at = (position < 0 || (size_t)position > s->n) ? s->n : (size_t)position;
	for (i = 0; i < at; i++)
		list[i] = s->provs[i];
	list[at] = p;
	for (i = at; i < s->n; i++)
		list[i + 1] = s->provs[i];
	ns = jca__build_snapshot(list, s->n + 1);
	free(list);
	if (!ns)
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", p->name);
	jca__publish(ns);
	return 0;
}

/* Registers a validated descriptor as a loaded provider. */
static int insert_desc(const jca_provider_desc *d, int position, const char *source, void *dl)
{
	struct jca_provider *p;
	int rc;

	if (jca__in_load)
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	if ((rc = jca__validate(d)) != 0)
		return rc;
	if (!jca__get_snapshot())
		return jca_last_error();
	pthread_mutex_lock(&jca__lock);
	p = jca__new_provider(NULL, source);
	if (!p) {
		pthread_mutex_unlock(&jca__lock);
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", d->name);
	}
	rc = jca__populate(p, d);
	if (rc == 0) {
		p->dl = dl;
		atomic_store_explicit(&p->state, JCA_PROVIDER_LOADED, memory_order_release);
		rc = insert_locked(p, position);
	}
	if (rc == 0) {
		remember(p);
	} else {
		jca__clear_services(p);
		free(p->source);
		free(p);
	}
	pthread_mutex_unlock(&jca__lock);
	return rc;
}

int jca_provider_add(const jca_provider_desc *desc)
{
	return insert_desc(desc, -1, "added by the application", NULL);
}

int jca_provider_insert(const jca_provider_desc *desc, int position)
{
	return insert_desc(desc, position, "added by the application", NULL);
}

int jca_provider_load(const char *path, int position)
{
	const jca_provider_desc *d;
	void *dl;
	int rc;

	if (!path)
		return jca__error(JCA_EINVAL, "plugin path is NULL");
	if (jca__in_load)
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	if (!jca__get_snapshot())
		return jca_last_error();
	jca__in_load = 1;
	rc = jca__plugin_open(path, &d, &dl);
	jca__in_load = 0;
	if (rc)
		return rc;
	rc = insert_desc(d, position, path, dl);
	if (rc)
		dlclose(dl);
	return rc;
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
	if (!jca__get_snapshot())
		return jca_last_error();
	pthread_mutex_lock(&jca__lock);
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
	 * instances may still point at its services and code. */
	jca__publish(ns);
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
		jca__free_provider(p);
	}
	jca__config_free(jca__conf);
	jca__conf = NULL;
	init_failed = 0;
	pthread_mutex_unlock(&jca__lock);
	jca__alloc_drain();
}
