/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_process.c - which process this is, for the fork checks of
 * p11_module.c, without a getpid() system call per token operation: the
 * id is read once and forgotten in the child of every fork() (a
 * pthread_atfork child handler; plugin code is never unloaded, so the
 * handler stays valid). A child made without fork()'s handlers
 * (posix_spawn, vfork) runs none of our code before it execs.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "p11_internal.h"

static _Atomic pid_t self;               /* 0: not read in this process yet */
static pthread_once_t handler_once = PTHREAD_ONCE_INIT;

static void forget(void)
{
	atomic_store_explicit(&self, 0, memory_order_relaxed);
}

static void install(void)
{
	(void)pthread_atfork(NULL, NULL, forget);
}

pid_t p11__self(void)
{
	pid_t p = atomic_load_explicit(&self, memory_order_relaxed);

	if (p)
		return p;
	pthread_once(&handler_once, install);
	p = getpid();
	atomic_store_explicit(&self, p, memory_order_relaxed);
	return p;
}
