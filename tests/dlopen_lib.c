/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca opened with dlopen() by a program not linked with it, as Python's
 * ctypes or a plugin host would (issue 33): before, dlopen failed with
 * "cannot allocate memory in static TLS block" (19 KiB of thread-local
 * error messages in static TLS). Checks that dlopen works, a digest's
 * known answer, and the last error per thread from four threads that exit
 * (their error blocks freed by the key destructor: ASan and valgrind see
 * no leak). Exit 0, 1, or 77 without a shared library.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"

#ifndef JCA_BUILDDIR
#define JCA_BUILDDIR "."
#endif

static void *lib;
#define J(name) ((__typeof__(&name))dlsym(lib, #name))

static void *worker(void *arg)
{
	char name[32];
	long id = (long)arg;

	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof name, "NO-SUCH-%ld-%d", id, i);
		if (J(md_get_instance)(name) != NULL || J(jca_last_error)() != JCA_NOALG ||
		    !strstr(J(jca_last_error_message)(), name))
			return (void *)1;
	}
	return NULL;
}

int main(void)
{
	static const char want[] = "\xba\x78\x16\xbf\x8f\x01\xcf\xea\x41\x41\x40\xde\x5d\xae\x22\x23"
	                           "\xb0\x03\x61\xa3\x96\x17\x7a\x9c\xb4\x10\xff\x61\xf2\x00\x15\xad";
	const char *path = JCA_BUILDDIR "/.libs/libjca.so";
	unsigned char out[32];
	pthread_t t[4];
	size_t n = 0;
	int fail = 0;

	if (access(path, R_OK) != 0) {
		printf("SKIP: %s not built (static-only build)\n", path);
		return 77;
	}
	if (!(lib = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
		printf("FAIL: dlopen %s: %s\n", path, dlerror());
		return 1;
	}
	printf("ok: dlopen %s\n", path);
	if (J(md_oneshot)("SHA-256", "abc", 3, out, sizeof out, &n) == 0 && n == 32 && memcmp(out, want, 32) == 0) {
		printf("ok: SHA-256(\"abc\")\n");
	} else {
		printf("FAIL: SHA-256(\"abc\"): %s\n", J(jca_last_error_message)());
		fail = 1;
	}
	for (long i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, worker, (void *)i) != 0)
			return 99;
	for (int i = 0; i < 4; i++) {
		void *r;

		pthread_join(t[i], &r);
		if (r) {
			printf("FAIL: thread %d: its last error was not its own\n", i);
			fail = 1;
		}
	}
	if (!fail)
		printf("ok: each of 4 threads kept its own last error\n");
	J(jca_shutdown)();
	dlclose(lib);
	return fail;
}
