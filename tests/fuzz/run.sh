#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets in tests/fuzz/ with clang against a static
# libjca.a built with the same sanitizers, then runs each one for a bounded
# time on its committed seed corpus. Fails on any crash, sanitizer report,
# leak or broken invariant (the targets abort()).
#
#   tests/fuzz/run.sh [TARGET...]        (default: every fuzz_*.c)
#
# Environment:
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_JOBS      parallel fuzzing processes per target (default 1)
#   FUZZ_WORK      work directory (default: a new temporary directory,
#                  removed on success unless KEEP=1)
#   FUZZ_BUILD     an existing build directory whose .libs/libjca.a was made
#                  with -fsanitize=fuzzer-no-link,address,undefined (skips
#                  the library build)
#   FUZZ_CFLAGS    extra flags for the targets (e.g. -DFUZZ_NONNULL_EMPTY)
#   CC             default clang
#   EXTRA_CONFIGURE more ./configure arguments (e.g. --disable-asm)
#   SRCDIR         source tree (default: the one holding this script)
# New inputs found are kept in $FUZZ_WORK/corpus/<target>/, crash inputs in
# $FUZZ_WORK/crash-*; the committed seeds in tests/fuzz/corpus/ are never
# written to. Nothing is installed.
set -u

here=$(cd "$(dirname "$0")" && pwd)
src=${SRCDIR:-$(cd "$here/../.." && pwd)}
src=$(cd "$src" && pwd) || exit 2
cc=${CC:-clang}
secs=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
made_work=0
work=${FUZZ_WORK:-}
if [ -z "$work" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/jca-fuzz.XXXXXX") || exit 2
	made_work=1
fi
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2

log() { printf '%s\n' "fuzz/run.sh: $*"; }
run() { printf '+ %s\n' "$*"; "$@"; }

command -v "$cc" >/dev/null 2>&1 || { log "missing $cc (CI installs it)"; exit 2; }
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

# ---- the library, static, instrumented for coverage and the sanitizers
build=${FUZZ_BUILD:-}
if [ -z "$build" ]; then
	tree=$src
	if [ ! -x "$src/configure" ] || [ -f "$src/config.status" ]; then
		# out-of-tree builds need an unconfigured tree: use a clean copy
		tree=$work/src
		rm -rf "$tree"
		mkdir -p "$tree"
		(cd "$src" && tar cf - --exclude=.git .) | (cd "$tree" && tar xf -) || exit 2
		if [ -f "$tree/config.status" ]; then
			(cd "$tree" && make distclean >/dev/null 2>&1) || true
			(cd "$tree" && find . \( -name '*.o' -o -name '*.lo' -o -name '*.la' -o -name '*.so' \
				-o -name '*.a' -o -name .libs -o -name .deps \) -prune -exec rm -rf {} + 2>/dev/null)
			rm -f "$tree/config.status" "$tree/Makefile" "$tree/config.h" "$tree/libtool"
		fi
		if [ ! -x "$tree/configure" ]; then
			(cd "$tree" && run autoreconf -fi >"$work/autoreconf.log" 2>&1) || { cat "$work/autoreconf.log"; exit 2; }
		fi
	fi
	build=$work/build
	rm -rf "$build"
	mkdir -p "$build"
	t0=$(date +%s)
	# shellcheck disable=SC2086
	(cd "$build" && run "$tree/configure" -q --disable-shared CC="$cc" \
		CFLAGS="-O1 -g -fsanitize=fuzzer-no-link $san" ${EXTRA_CONFIGURE:-} >configure.out 2>&1) ||
		{ cat "$build/configure.out"; exit 2; }
	(cd "$build" && run make -j2 libjca.la >make.out 2>&1) || { tail -40 "$build/make.out"; exit 2; }
	log "library built in $(($(date +%s) - t0))s"
fi
lib=$build/.libs/libjca.a
[ -f "$lib" ] || { log "no $lib"; exit 2; }

targets=$*
if [ -z "$targets" ]; then
	for f in "$here"/fuzz_*.c; do
		t=$(basename "$f" .c)
		targets="$targets $t"
	done
fi

fail=0
summary=""
for t in $targets; do
	t=$(basename "$t" .c)
	# shellcheck disable=SC2086
	if ! run "$cc" -O1 -g -fsanitize=fuzzer $san ${FUZZ_CFLAGS:-} -I"$src/include" -I"$build" \
		"$here/$t.c" "$lib" -ldl -lpthread -o "$work/$t" 2>"$work/$t.build.log"; then
		cat "$work/$t.build.log"
		fail=1
		summary="$summary
  $t: BUILD FAILED"
		continue
	fi
	mkdir -p "$work/corpus/$t"
	seeds=$here/corpus/$t
	[ -d "$seeds" ] || seeds=""
	t0=$(date +%s)
	# Per-input leak checks: fuzz_desc keeps accepted descriptors (and the
	# registry its snapshots) until a jca_shutdown() every 64 acceptances,
	# which makes libFuzzer run LeakSanitizer after nearly every input (50
	# times slower); there, leaks are left to the check at exit.
	extra=""
	[ "$t" = fuzz_desc ] && extra="-detect_leaks=0"
	# -jobs=N runs N child processes, each logging to fuzz-<i>.log
	[ "$jobs" -gt 1 ] && extra="$extra -jobs=$jobs -workers=$jobs"
	rm -f "$work"/fuzz-*.log
	# ASAN leak checking is on; libFuzzer stops at the first crash.
	# shellcheck disable=SC2086
	if (cd "$work" && ASAN_OPTIONS="detect_leaks=1:halt_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
		UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}" \
		run "./$t" -max_total_time="$secs" -timeout=25 -rss_limit_mb=4096 -max_len=4096 \
		-print_final_stats=1 $extra -artifact_prefix="$work/crash-$t-" \
		"$work/corpus/$t" $seeds >"$work/$t.log" 2>&1); then
		res=PASS
	else
		res=FAIL
		fail=1
		log "$t failed; the end of its log:"
		tail -60 "$work/$t.log"
		ls "$work"/crash-"$t"-* 2>/dev/null
	fi
	[ "$jobs" -gt 1 ] && cat "$work"/fuzz-*.log >>"$work/$t.log" 2>/dev/null
	execs=$(grep -E 'stat::number_of_executed_units' "$work/$t.log" | awk '{s += $2} END {print s + 0}')
	cov=$(grep -oE 'cov: [0-9]+' "$work/$t.log" | tail -1)
	summary="$summary
  $t: $res ($(($(date +%s) - t0))s, $execs runs, $cov)"
done
log "summary (work directory $work):$summary"
if [ $fail -ne 0 ]; then
	log "FAILED (crash inputs: $work/crash-*; reproduce with: $work/<target> <file>)"
	exit 1
fi
[ "$made_work" = 1 ] && [ "${KEEP:-0}" != 1 ] && rm -rf "$work"
log "all passed"
exit 0
