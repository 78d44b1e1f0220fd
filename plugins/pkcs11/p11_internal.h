/* SPDX-License-Identifier: Apache-2.0 */
/* Internals shared by the files of the PKCS#11 core (see p11.h). */
#ifndef JCA_P11_INTERNAL_H
#define JCA_P11_INTERNAL_H

#include <limits.h>
#include <pthread.h>
#include <sys/types.h>

#include "p11.h"

#define P11_MAX_MECHS 512
#define P11_POOL_MAX 32        /* idle sessions kept per token */

/* One PKCS#11 module (.so), shared by every open token that names it:
 * initialised when the first of them opens, finalised when the last
 * closes (p11_module.c). */
typedef struct p11_module {
	char path[PATH_MAX];       /* as configured (absolute) */
	void *dl;
	CK_FUNCTION_LIST_PTR f;
	int serialize;             /* the module cannot lock: we do */
	int owned;                 /* our C_Initialize succeeded: C_Finalize is ours too */
	unsigned refs;             /* open tokens using it (under the module list's lock) */
	pthread_mutex_t call_lock;
	pid_t pid;                 /* process that initialised it */
	struct p11_module *next;   /* the process's list of open modules */
} p11_module;

struct p11_token {
	char name[64];             /* provider name */
	char describe[192];
	p11_module *mod;
	CK_SLOT_ID slot;
	char pin_file[PATH_MAX];   /* where the PIN is read from (never the PIN) */
	char pin_env[128];
	pthread_mutex_t lock;      /* pool, fork generation */
	pid_t pid;                 /* process the sessions belong to */
	unsigned long gen;         /* bumped when the child re-initialises */
	CK_SESSION_HANDLE anchor;  /* holds the login */
	CK_SESSION_HANDLE pool[P11_POOL_MAX];
	size_t npool;
	size_t nmech;
	CK_MECHANISM_TYPE mech[P11_MAX_MECHS];
	CK_MECHANISM_INFO info[P11_MAX_MECHS];
	struct p11_token *next;    /* the process's list of open tokens */
};

/* A call into the module, serialised when the module cannot lock. */
#define P11_CALL(m, rv, fn, ...) do { \
		if ((m)->serialize) \
			pthread_mutex_lock(&(m)->call_lock); \
		(rv) = (m)->f->fn(__VA_ARGS__); \
		if ((m)->serialize) \
			pthread_mutex_unlock(&(m)->call_lock); \
	} while (0)

int p11__fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int p11__rv_code(CK_RV rv);
/* Sets "pkcs11 provider "<name>": <call> failed: CKR_..." and returns the JCA code. */
int p11__rv_fail(const p11_token *t, const char *call, CK_RV rv);
const char *p11__name(const p11_token *t);

/* A session for one context: *gen receives the token's generation. */
int p11__session_get(p11_token *t, CK_SESSION_HANDLE *s, unsigned long *gen);
/* Gives it back (reusable: no operation active), or closes it. A session
 * of an earlier generation (before fork) is left alone. */
void p11__session_put(p11_token *t, CK_SESSION_HANDLE s, unsigned long gen, int reusable);
/* 0 if a context of generation gen may use its session in this process. */
int p11__check_gen(p11_token *t, unsigned long gen);
void p11__wipe(void *p, size_t n);
/* getpid(), read once per process (p11_process.c). */
pid_t p11__self(void);

#endif
