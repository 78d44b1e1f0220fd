/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: file input (standard input as "-"), full reads and writes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int open_input(const char *name, uint64_t *size)
{
	struct stat st;
	int fd = strcmp(name, "-") ? open(name, O_RDONLY | O_CLOEXEC) : STDIN_FILENO;

	if (size)
		*size = 0;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			close_input(fd);
			errno = EISDIR;
			return -1;
		}
		if (size && S_ISREG(st.st_mode))
			*size = (uint64_t)st.st_size;
	}
	return fd;
}

void close_input(int fd)
{
	if (fd != STDIN_FILENO)
		close(fd);
}

ssize_t read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, (char *)buf + got, len - got);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

int write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

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
