#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Every test, in one command (the README's test command; CI runs it too):
# the unit suites with the NIST vectors for every backend and CPU tier here,
# the command-line tool and exported-symbol checks, make distcheck, the
# AArch64 and RISC-V builds under qemu-user, sanitizers, valgrind, static
# analysis, fuzzing for a bounded time (FUZZ_SECONDS, default 30 per
# target) and the constant-time check. Run from a configured source tree.
set -eu
cd "$(dirname "$0")/.."
[ -f Makefile ] || { echo "run autoreconf -fi && ./configure first (see README)" >&2; exit 2; }
make -j2 check || { cat tests/*.log; exit 1; }
make distcheck
tests/cross.sh aarch64
tests/cross.sh riscv64
tests/sanitize.sh all
FUZZ_SECONDS=${FUZZ_SECONDS:-30} tests/fuzz/run.sh
tests/ct/run.sh
echo "all tests passed"
