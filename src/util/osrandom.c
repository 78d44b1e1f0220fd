/* SPDX-License-Identifier: Apache-2.0 */
/* The kernel's random bytes (see osrandom.h). */
#include <errno.h>
#include <stdint.h>
#include <sys/random.h>
#include <sys/types.h>

#include "osrandom.h"

int jca__os_random(void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len) {
		ssize_t n = getrandom(p, len, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}
