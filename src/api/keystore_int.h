/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The KeyStore engine inside the library (keystore.c), for keys named by
 * URI (keyuri.c). Not installed.
 */
#ifndef JCA_API_KEYSTORE_INT_H
#define JCA_API_KEYSTORE_INT_H

#include "jca/keystore.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* What selects an entry: every member that is set must match. */
typedef struct jca__key_query {
	const char *text;          /* for messages: the URI */
	const char *alias;         /* NULL: any */
	const uint8_t *id;         /* NULL: any */
	size_t id_len;
	unsigned kind;             /* 0: any */
} jca__key_query;

/* The store of the first provider offering KeyStore type whose store
 * matches attrs (jca_keystore_impl.open): JCA_NOALG when none offers the
 * type, JCA_NOTFOUND when none matches; uri names the request in
 * messages. */
JCA__HIDDEN int jca__keystore_open(const char *type, const char *const *attrs, const char *uri,
                                   keystore_ctx **out);
/* The index of the one entry q selects: JCA_NOTFOUND, JCA_AMBIGUOUS
 * (naming the entries) otherwise. */
JCA__HIDDEN int jca__keystore_find(keystore_ctx *ks, const jca__key_query *q, size_t *index);

#endif
