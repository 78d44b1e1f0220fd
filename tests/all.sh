#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Every test, in one command (the README's test command; CI runs it too).
#
#   tests/all.sh [STAGE...]       every stage, or only the ones named
#   tests/all.sh --list           the stages, in the order they start
#
# It installs what the tests need (tests/deps.sh test: apt-get as root,
# sudo otherwise, or it names the packages; NO_DEPS=1 skips that),
# configures and builds the tree if needed (configures again when Check was
# installed after the first ./configure), then runs the stages below, two
# at a time (SLOTS) on the 2 cores CI has, the longest first, each with its
# log in a file; then prints a table of every stage's result, wall time and
# CPU time, the total, and the end of the log of each stage that failed.
# Exit status 1 when any stage failed (or timed out), 2 on set-up errors.
#
#   tsan           the suites that run threads or fork, under ThreadSanitizer (*)
#   asan           the whole make check under ASan+UBSan (tiers.sh without
#                  the vector files)
#   valgrind       the Check suites under memcheck
#   cross-aarch64, cross-riscv64   cross builds run under qemu-user
#   deb            dpkg-buildpackage -us -uc -b in a clean copy of this
#                  checkout (multiarch libdir; DEB_BUILD_OPTIONS=nocheck:
#                  the suites run in every other stage, the package's
#                  contents are what this stage checks) (*)
#   distcheck      make distcheck from a directory 150+ characters long
#                  (the tarball builds and passes make check out of its
#                  tree, every path long: issue 22 item 18, messages that
#                  name plugin paths, check_multi's refusals) (*); the CPU
#                  tiers (tiers.sh) skip here: check and asan run them
#   check          make check in this tree: the unit suites, the NIST
#                  vectors for every backend and CPU tier here, the jca
#                  command, exported symbols, plugins, PKCS#11 (SoftHSM2)
#   static         cppcheck and clang-tidy
#   ct             constant-time check (valgrind, gcc and clang)
#   fuzz           libFuzzer targets, FUZZ_SECONDS (default 30) each
# Bounded, for time: (*) runs without the NIST vector files (vectors.sh
# prints SKIP; the suites' own known answers run): they run in check (every
# tier), asan (once, not per tier), valgrind and the cross builds, and
# change nothing in a race (tsan), a path or a package.
# tests/README.md says what each covers and how to run one test alone.
#
# Environment: NO_DEPS=1, SLOTS (stages at a time, default 2), JOBS (make
# -j in each stage, default 2), FUZZ_SECONDS (default 30), STAGE_TIMEOUT
# (seconds, default 2400: a stage still running then is killed and fails),
# JCA_VECTORS (default ../shared/vectors beside the tree), KEEP=1 (keep
# the work directory; without it only the logs are kept when all passed).
set -u
cd "$(dirname "$0")/.."
top=$(pwd)

# longest first (CPU time on 2 cores), so that the last to end are short
all_stages="tsan asan valgrind cross-aarch64 cross-riscv64 deb distcheck check static ct fuzz"

SLOTS=${SLOTS:-2}
JOBS=${JOBS:-2}
FUZZ_SECONDS=${FUZZ_SECONDS:-30}
STAGE_TIMEOUT=${STAGE_TIMEOUT:-2400}
export JOBS FUZZ_SECONDS
if [ -z "${JCA_VECTORS:-}" ] && [ -d ../shared/vectors ]; then
	JCA_VECTORS=$(cd ../shared/vectors && pwd)
	export JCA_VECTORS
fi

# ---- the stages (each runs as `tests/all.sh --stage NAME`, its output in
# its log; ALL_WORK is the run's work directory, ALL_SRC a clean unconfigured
# copy of the tree for the out-of-tree builds, ALL_DEBSRC one for the deb)
st_check() {
	make -j"$JOBS" check && return 0
	cat test-suite.log
	return 1
}

# (*) the stages that run without the NIST vector files, see above:
# novectors [NAME=VALUE]... COMMAND...
novectors() { env -u JCA_VECTORS "$@"; }

st_distcheck() {
	# out of this tree, so that it runs beside the check stage, and from a
	# directory 150+ characters long (issue 22 item 18: messages that name
	# plugin paths, check_multi's refusals), so that every path of the
	# tarball's build and of its make check is long: one make check for
	# both (the deep-path stage of earlier rounds ran a second one)
	d=$ALL_WORK/distcheck
	while [ ${#d} -lt 150 ]; do d=$d/a-directory-this-long-to-make-every-path-long; done
	rm -rf "$ALL_WORK/distcheck"
	mkdir -p "$d" && cd "$d" || return 1
	echo "build directory (${#d} characters): $d"
	"$ALL_SRC/configure" -q || return 1
	novectors JCA_TIERS=no make -j"$JOBS" distcheck
}

st_asan() { JCA_TIER_VECTORS=no tests/sanitize.sh asan -d "$ALL_WORK/asan"; }
st_tsan() { novectors tests/sanitize.sh tsan -d "$ALL_WORK/tsan"; }
st_valgrind() { tests/sanitize.sh valgrind -d "$ALL_WORK/valgrind"; }
st_static() { tests/sanitize.sh static -d "$ALL_WORK/static"; }
st_cross_aarch64() { tests/cross.sh aarch64 "$ALL_WORK/cross-aarch64"; }
st_cross_riscv64() { tests/cross.sh riscv64 "$ALL_WORK/cross-riscv64"; }
st_fuzz() { FUZZ_WORK=$ALL_WORK/fuzz tests/fuzz/run.sh; }
st_ct() { CT_WORK=$ALL_WORK/ct tests/ct/run.sh; }

st_deb() {
	command -v dpkg-buildpackage >/dev/null 2>&1 ||
		{ echo "SKIP: dpkg-buildpackage not installed (dpkg-dev; tests/deps.sh test installs it)"; return 77; }
	[ -n "$ALL_DEBSRC" ] ||
		{ echo "SKIP: not a git checkout with debian/: nothing to build a package from"; return 77; }
	cd "$ALL_DEBSRC" || return 1
	novectors DEB_BUILD_OPTIONS="parallel=$JOBS nocheck${DEB_BUILD_OPTIONS:+ $DEB_BUILD_OPTIONS}" dpkg-buildpackage -us -uc -b ||
		return 1
	fail=0
	for p in libjca0 libjca-dev jca libjca-plugin-example libjca-plugin-openssl; do
		deb=$(ls ../"${p}"_*.deb 2>/dev/null | head -1)
		[ -n "$deb" ] || { echo "FAIL: no $p package built"; fail=1; continue; }
		echo "built $deb"
	done
	multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	dpkg-deb -c ../libjca-dev_*.deb | grep -q "/usr/lib/$multiarch/pkgconfig/jca.pc\$" ||
		{ echo "FAIL: libjca-dev lacks /usr/lib/$multiarch/pkgconfig/jca.pc"; fail=1; }
	return $fail
}

# ---- one stage, run by the scheduler below as a child process
if [ "${1:-}" = --stage ]; then
	fn=st_$(echo "$2" | tr - _)
	"$fn"
	rc=$?
	# the CPU seconds (user + system) of the stage's processes: with other
	# work on the machine, its wall time says little
	# (not in a pipeline: its subshell has no children)
	times >"$ALL_WORK/logs/$2.times"
	awk 'function sec(x, a) { split(x, a, "m"); sub("s", "", a[2]); return a[1] * 60 + a[2] }
		NR == 2 { printf "%d\n", sec($1) + sec($2) }' "$ALL_WORK/logs/$2.times" >"$ALL_WORK/logs/$2.cpu"
	exit $rc
fi

if [ "${1:-}" = --list ]; then
	echo "$all_stages"
	exit 0
fi
stages=$all_stages
if [ $# -gt 0 ]; then
	for s in "$@"; do
		case " $all_stages " in *" $s "*) ;; *) echo "all.sh: unknown stage '$s' (tests/all.sh --list)" >&2; exit 2 ;; esac
	done
	stages=""
	for s in $all_stages; do
		case " $* " in *" $s "*) stages="$stages $s" ;; esac
	done
fi

# ---- set-up: packages, the configured and built tree, clean copies
[ "${NO_DEPS:-0}" = 1 ] || sh tests/deps.sh test || exit 2
if [ ! -f Makefile ]; then
	[ -x configure ] || autoreconf -fi || exit 2
	./configure --enable-werror || exit 2
elif ! grep -q '^CHECK_LIBS = .*check' Makefile; then
	# configured before Check was installed: the same options again
	{ ./config.status --recheck && ./config.status; } || exit 2
fi
make -j"$JOBS" >/dev/null || { make; exit 2; }

ALL_WORK=$(mktemp -d "${TMPDIR:-/tmp}/jca-all.XXXXXX") || exit 2
logs=$ALL_WORK/logs
mkdir -p "$logs"
# The out-of-tree builds share a clean, unconfigured copy of the tree, with
# the autotools output of this one; the Debian build gets its own. Made
# before the stages start: the check stage writes into this tree.
# copy_checkout DEST: the checkout's files (tracked, and untracked but not
# ignored: uncommitted work too).
copy_checkout() {
	mkdir -p "$1" &&
		git ls-files -z -c -o --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null |
		(cd "$1" && tar xf -)
}
ALL_SRC=$ALL_WORK/src
ALL_DEBSRC=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	copy_checkout "$ALL_SRC" &&
		tar cf - configure Makefile.in aclocal.m4 config.h.in build-aux m4 | (cd "$ALL_SRC" && tar xf -) ||
		{ echo "all.sh: could not copy the tree to $ALL_SRC" >&2; exit 2; }
	if [ -d debian ]; then
		ALL_DEBSRC=$ALL_WORK/deb/src
		copy_checkout "$ALL_DEBSRC" || { echo "all.sh: could not copy the tree to $ALL_DEBSRC" >&2; exit 2; }
	fi
else
	# a release tarball: its distribution tree is the clean copy
	make distdir distdir="$ALL_SRC" >/dev/null || exit 2
fi
export ALL_WORK ALL_SRC ALL_DEBSRC SRCDIR="$ALL_SRC"

t_start=$(date +%s)
clock() { s=$(($(date +%s) - t_start)); printf '%d:%02d' $((s / 60)) $((s % 60)); }

# run_stage NAME: runs it (in the background), leaves "rc start seconds"
# in $logs/NAME.status when it ends (rc 124 or 137: timed out)
run_stage() {
	t0=$(date +%s)
	timeout -k 60 "$STAGE_TIMEOUT" sh "$top/tests/all.sh" --stage "$1" </dev/null >"$logs/$1.log" 2>&1 &
	echo $! >"$logs/$1.pid"
	wait $!
	rc=$?
	rm -f "$logs/$1.pid"
	t1=$(date +%s)
	echo "$rc $((t0 - t_start)) $((t1 - t0))" >"$logs/$1.status.tmp"
	mv "$logs/$1.status.tmp" "$logs/$1.status"
}

# Interrupted: each stage's timeout passes the signal on to its processes.
stop() {
	for f in "$logs"/*.pid; do
		[ -f "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
	done
	echo "all.sh: interrupted; logs: $logs" >&2
	exit 130
}
trap stop INT TERM HUP

echo "all.sh: work directory $ALL_WORK; $SLOTS at a time:$stages"
queue=$stages running="" order=""
while [ -n "$queue$running" ]; do
	still=""
	for s in $running; do
		if [ -f "$logs/$s.status" ]; then
			read -r rc start secs <"$logs/$s.status"
			case $rc in
			0) r=PASS ;; 77) r=SKIP ;; 124 | 137) r="FAIL (timed out after ${STAGE_TIMEOUT}s)" ;; *) r="FAIL (exit $rc)" ;;
			esac
			echo "[$(clock)] $s: $r in ${secs}s"
		else
			still="$still $s"
		fi
	done
	running=$still
	set -- $running
	while [ $# -lt "$SLOTS" ] && [ -n "$queue" ]; do
		set -- $queue
		s=$1
		shift
		queue="$*"
		echo "[$(clock)] $s: started"
		run_stage "$s" &
		running="$running $s"
		order="$order $s"
		set -- $running
	done
	[ -n "$running" ] && sleep 2
done
wait
total=$(($(date +%s) - t_start))

# ---- the table, then the end of every failed stage's log
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
passed=0 failed=0 skipped=0 sum=0 cpusum=0 failures=""
echo
printf '%-14s %-8s %7s %7s %7s\n' stage result start wall cpu
for s in $order; do
	if [ -f "$logs/$s.status" ]; then
		read -r rc start secs <"$logs/$s.status"
	else
		rc=255 start=0 secs=0
	fi
	case $rc in
	0) r=PASS; passed=$((passed + 1)) ;;
	77) r=SKIP; skipped=$((skipped + 1)) ;;
	124 | 137) r=TIMEOUT; failed=$((failed + 1)); failures="$failures $s" ;;
	*) r=FAIL; failed=$((failed + 1)); failures="$failures $s" ;;
	esac
	cpu=$(cat "$logs/$s.cpu" 2>/dev/null) || cpu=""
	sum=$((sum + secs))
	cpusum=$((cpusum + ${cpu:-0}))
	printf '%-14s %-8s %7s %7s %7s\n' "$s" "$r" "$(mmss "$start")" "$(mmss "$secs")" \
		"$([ -n "$cpu" ] && mmss "$cpu" || echo -)"
done
printf '%-14s %-8s %7s %7s %7s\n' total "" "" "$(mmss $total)" "$(mmss $cpusum)"
echo "(wall: $SLOTS stages at a time, their wall times add up to $(mmss $sum); cpu: user+system"
echo " seconds of each stage's processes, $(mmss $cpusum) in all, that is at least $(mmss $((cpusum / 2))) on 2 idle cores;"
echo " load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
for s in $failures; do
	echo
	echo "==== $s failed: the end of $logs/$s.log"
	tail -n 80 "$logs/$s.log"
	grep '^SKIP' "$logs/$s.log" | head -5
done
for s in $order; do
	[ -f "$logs/$s.status" ] && [ "$(cut -d' ' -f1 "$logs/$s.status")" = 77 ] &&
		echo "skipped: $s: $(grep -m1 '^SKIP' "$logs/$s.log")"
done
# A test run as root once replaced /dev/null with a regular file.
if [ ! -c /dev/null ]; then
	echo "FAIL: /dev/null is no longer a character device after the tests"
	failed=$((failed + 1))
fi
echo
if [ $failed -eq 0 ] && [ "${KEEP:-0}" != 1 ]; then
	find "$ALL_WORK" -mindepth 1 -maxdepth 1 ! -name logs -exec rm -rf {} +
fi
echo "logs: $logs"
echo "stages: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
