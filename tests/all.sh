#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Every test, in one command (the README's test command; CI runs it too):
# installs what the tests need (tests/deps.sh test: apt-get as root, sudo
# otherwise, or it names the packages), configures the tree if needed (or
# again, when Check was installed after the first ./configure), then runs
# the unit suites with the NIST vectors for every backend and CPU tier
# here, the command-line tool and exported-symbol checks, make distcheck,
# the AArch64 and RISC-V builds under qemu-user, sanitizers (ASan+UBSan and
# TSan over the whole make check), valgrind, static analysis, fuzzing for a
# bounded time (FUZZ_SECONDS, default 30 per target) and the constant-time
# check. NO_DEPS=1 skips the installation step.
set -eu
cd "$(dirname "$0")/.."
[ "${NO_DEPS:-0}" = 1 ] || sh tests/deps.sh test
if [ ! -f Makefile ]; then
	[ -x configure ] || autoreconf -fi
	./configure --enable-werror
elif ! grep -q '^CHECK_LIBS = .*check' Makefile; then
	# configured before Check was installed: the same options again
	./config.status --recheck && ./config.status
fi
make -j2 check || { cat tests/*.log; exit 1; }
make distcheck
tests/cross.sh aarch64
tests/cross.sh riscv64
tests/sanitize.sh all
FUZZ_SECONDS=${FUZZ_SECONDS:-30} tests/fuzz/run.sh
tests/ct/run.sh
echo "all tests passed"
