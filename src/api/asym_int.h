/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What Signature, KeyAgreement and KEM share (asym.c): an object that chooses
 * its provider when it gets a key (the JDK's delayed provider selection),
 * its parameters, and the context of the implementation it chose. Not
 * installed.
 */
#ifndef JCA_API_ASYM_INT_H
#define JCA_API_ASYM_INT_H

#include "key_int.h"

typedef struct jca__param {
	char *name, *value;
} jca__param;

typedef struct jca__asym jca__asym;
/* jca__asym_ops.set_param's answer for an implementation without
 * parameters (positive: not JCA_REFUSED, not a failure). */
#define JCA__NO_PARAMS 2

/* What a type tells the shared code. */
typedef struct jca__asym_ops {
	jca_service_type type;
	const char *type_name;             /* "Signature" */
	/* The implementation's key_algorithm. */
	const char *(*key_alg)(const void *impl);
	/* The implementation's set_param on ctx, or JCA__NO_PARAMS when it
	 * has none. */
	int (*set_param)(const void *impl, void *ctx, const char *name, const char *value);
	/* Starts the chosen implementation (a->impl, a->state) with key k
	 * (already in its provider's form): impl->init and what the type
	 * keeps from it. 0, or a status with the error set. */
	int (*init)(jca__asym *a, jca_key *k, unsigned purpose);
} jca__asym_ops;

struct jca__asym {
	const jca__asym_ops *ops;
	const jca__resolved *first;        /* the name's service: the first provider's, or the one asked for */
	int pinned;                        /* got with _from: stays with first's provider */
	const jca__resolved *cur;          /* the service whose implementation runs (state is its context) */
	const void *impl;                  /* cur->impl */
	void *state;                       /* inline, or allocated when larger than inline_size */
	size_t inline_size;
	jca_key *key;                      /* held: the key as cur's provider has it */
	int ready;                         /* init succeeded */
	int failed;                        /* the implementation failed: init again */
	jca__param *params;
	size_t nparams;
	unsigned char *inline_state;       /* inline_size bytes at the end of the object */
};

/* Fills in a (zeroed, with inline_state and inline_size set) for service
 * r and opens its context. 0 or a status. */
JCA__HIDDEN int jca__asym_open(jca__asym *a, const jca__asym_ops *ops, const jca__resolved *r, int pinned);
/* Closes the context, drops the key and the parameters. */
JCA__HIDDEN void jca__asym_close(jca__asym *a);
/* An engine's object whose struct starts with its jca__asym and ends with
 * the implementation's inline state at offset head (offsetof the flexible
 * member): allocated with room for r's context, zeroed up to the state,
 * opened (jca__asym_open). NULL with the error set. */
JCA__HIDDEN void *jca__asym_new(const jca__asym_ops *ops, const jca__resolved *r, int pinned, size_t head);
/* Closes a (jca__asym_close) and frees the object made by jca__asym_new
 * (or of the same layout) that starts with it. */
JCA__HIDDEN void jca__asym_delete(jca__asym *a, size_t head);
/* Chooses the provider for key (see signature.h) and starts it:
 * ops->init with the key converted where needed. */
JCA__HIDDEN int jca__asym_select(jca__asym *a, jca_key *key, unsigned purpose);
/* Records a parameter and gives it to the current implementation. */
JCA__HIDDEN int jca__asym_set_param(jca__asym *a, const char *name, const char *value);
/* dst (zeroed, inline storage set) becomes a copy of src: its context
 * cloned, the key held, the parameters copied. */
JCA__HIDDEN int jca__asym_clone(jca__asym *dst, const jca__asym *src);
/* The shell of a copy of the object that starts with src (layout as for
 * jca__asym_new, head the offset of its inline state): allocated with
 * src's inline room, zeroed up to head, inline storage set; the caller
 * copies its own fields and calls jca__asym_clone. NULL with the error set. */
JCA__HIDDEN void *jca__asym_clone_shell(const jca__asym *src, size_t head);
/* ops->set_param for a type whose implementations take no parameters. */
JCA__HIDDEN int jca__asym_no_params(const void *impl, void *ctx, const char *name, const char *value);
/* The error when the chosen implementation refused the key in ops->init
 * (its init returned rc): "<who> (<provider>) with the key". */
JCA__HIDDEN int jca__asym_key_refused(const jca__asym *a, int rc);
/* ops->init again with the key held (a->key) and purpose; ready again
 * on success. 0 or a status with the error set. */
JCA__HIDDEN int jca__asym_restart(jca__asym *a, unsigned purpose);
/* "Signature \"Ed25519\"" for messages. */
JCA__HIDDEN const char *jca__asym_who(const jca__asym *a, char *buf, size_t n);

#endif
