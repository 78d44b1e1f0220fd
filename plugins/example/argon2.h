/* SPDX-License-Identifier: Apache-2.0 */
/* argon2.h - the example plugin's Argon2id KDF service (argon2.c).
 * Hidden: the plugin is built with -fvisibility=hidden. */
#ifndef JCA_EXAMPLE_ARGON2_H
#define JCA_EXAMPLE_ARGON2_H

#include <jca/provider.h>

/* The KDF service "Argon2id" (RFC 9106), with its known answer. */
extern const jca_service_desc ex__argon2id_service;
/* The host's set_error, set by the entry before any service is used: why
 * init or derive refused a parameter. */
extern void (*ex__set_error)(const char *message);

#endif
