#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs the test suites of libjca under dynamic and static analysers.
#
#   tests/sanitize.sh [asan|tsan|valgrind|static|all]... [-d WORKDIR]
#
#   asan      out-of-tree build with AddressSanitizer + UndefinedBehaviorSanitizer
#             (-fno-sanitize-recover=all, LeakSanitizer on), then the whole
#             `make check`
#   tsan      out-of-tree build with ThreadSanitizer, then the suites that
#             run threads or fork ($TSAN_TESTS, default the list in
#             mode_tsan; TSAN_TESTS=all for the whole `make check`)
#             (check_hardening's malloc-interposing wipe tests print SKIP
#             there: TSan owns malloc)
#   valgrind  plain -O1 -g build, every Check suite under valgrind memcheck
#             (--leak-check=full --error-exitcode), CK_FORK=no, JCA_RECYCLE=0
#             (check_hardening too once it is built)
#   static    cppcheck over src/ (fails on findings) and clang-tidy (prints
#             its findings; fails only with TIDY_STRICT=1), see HARDENING.md
#   all       asan tsan valgrind static, in that order
#
# The source tree is the one holding this script (or $SRCDIR). Nothing is
# written into it: if it is configured in place or has no ./configure yet, a
# clean copy is made under WORKDIR first. WORKDIR defaults to a new temporary
# directory, removed on success unless KEEP=1. Nothing is installed (run
# tests/deps.sh test first): the tools (gcc or clang, valgrind, cppcheck,
# clang-tidy, check, uthash) must already be there.
#
# Environment: SRCDIR, CC (asan/valgrind, default gcc: its libasan has
# LeakSanitizer built in), TSAN_CC (default clang, else gcc), JOBS (default:
# number of CPUs), KEEP=1, JCA_VECTORS (default: <src>/../shared/vectors when
# it exists), EXTRA_CONFIGURE (more ./configure arguments), TIDY_STRICT=1.
#
# Exit status: 0 when every mode passed, 1 when any failed (a sanitizer or
# valgrind report, a test failure or a static-analysis finding), 2 on usage
# or setup errors. Every mode prints what it ran and PASS/FAIL with its time.
set -u

here=$(cd "$(dirname "$0")" && pwd)
src=${SRCDIR:-$(cd "$here/.." && pwd)}
src=$(cd "$src" && pwd) || exit 2
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
modes=""
work=""
while [ $# -gt 0 ]; do
	case "$1" in
	asan | tsan | valgrind | static) modes="$modes $1" ;;
	all) modes="$modes asan tsan valgrind static" ;;
	-d) shift; work=${1:-} ;;
	-h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "sanitize.sh: unknown argument '$1' (asan|tsan|valgrind|static|all [-d DIR])" >&2; exit 2 ;;
	esac
	shift
done
[ -n "$modes" ] || modes=" asan tsan valgrind static"

made_work=0
if [ -z "$work" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/jca-sanitize.XXXXXX") || exit 2
	made_work=1
fi
mkdir -p "$work" || exit 2
work=$(cd "$work" && pwd)

if [ -z "${JCA_VECTORS:-}" ] && [ -d "$src/../shared/vectors" ]; then
	JCA_VECTORS=$(cd "$src/../shared/vectors" && pwd)
	export JCA_VECTORS
fi

log() { printf '%s\n' "sanitize.sh: $*"; }
run() {
	# prints and runs a command
	printf '+ %s\n' "$*"
	"$@"
}
now() { date +%s; }

need() {
	for t in "$@"; do
		if ! command -v "$t" >/dev/null 2>&1; then
			log "missing tool: $t (CI installs it; this script installs nothing)"
			return 1
		fi
	done
}

# ---- a configurable source tree (out-of-tree builds need an unconfigured one)
srctree=""
prepare_src() {
	[ -n "$srctree" ] && return 0
	if [ -x "$src/configure" ] && [ ! -f "$src/config.status" ]; then
		srctree=$src
		return 0
	fi
	log "source tree $src is configured in place or has no configure script: using a clean copy"
	rm -rf "$work/src"
	mkdir -p "$work/src" || return 1
	(cd "$src" && tar cf - --exclude=.git --exclude='./b' .) |
		(cd "$work/src" && tar xf -) || return 1
	if [ -f "$work/src/config.status" ]; then
		(cd "$work/src" && make distclean >/dev/null 2>&1) || true
		# whatever distclean could not remove must not shadow the VPATH build
		(cd "$work/src" && find . \( -name '*.o' -o -name '*.lo' -o -name '*.la' -o -name '*.so' \
			-o -name '*.a' -o -name '*.log' -o -name '*.trs' -o -name .libs -o -name .deps \) \
			-prune -exec rm -rf {} + 2>/dev/null)
		rm -f "$work/src/config.status" "$work/src/Makefile" "$work/src/config.h" "$work/src/libtool" \
			"$work/src/stamp-h1" "$work/src/jca" "$work/src/jca.pc"
	fi
	if [ ! -x "$work/src/configure" ]; then
		need autoreconf || return 1
		(cd "$work/src" && run autoreconf -fi >"$work/autoreconf.log" 2>&1) ||
			{ cat "$work/autoreconf.log"; return 1; }
	fi
	srctree=$work/src
}

# configure_build DIR CC CFLAGS LDFLAGS
configure_build() {
	d=$1; cc=$2; cflags=$3; ldflags=$4
	rm -rf "$d"
	mkdir -p "$d" || return 1
	# shellcheck disable=SC2086
	(cd "$d" && run "$srctree/configure" -q CC="$cc" CFLAGS="$cflags" LDFLAGS="$ldflags" \
		${EXTRA_CONFIGURE:-} >configure.out 2>&1) || { cat "$d/configure.out"; return 1; }
	(cd "$d" && run make -j"$jobs" >make.out 2>&1) || { tail -50 "$d/make.out"; return 1; }
	(cd "$d" && run make -j"$jobs" check TESTS= >make-check-build.out 2>&1) ||
		{ tail -50 "$d/make-check-build.out"; return 1; }
}

# Sanitizer reports in the logs under DIR: prints them, returns 1 if any.
scan_reports() {
	pat='ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|WARNING: ThreadSanitizer|ThreadSanitizer: reported|ERROR: ThreadSanitizer|SUMMARY: (Address|Leak|Thread|UndefinedBehavior)Sanitizer'
	hits=$(grep -rlIE "$pat" "$@" 2>/dev/null)   # -I: not the binaries, which hold these strings
	[ -z "$hits" ] && return 0
	for f in $hits; do
		log "sanitizer report in $f:"
		grep -nE -A40 "$pat" "$f" | head -150
	done
	return 1
}

# ---- modes
mode_asan() {
	cc=${CC:-gcc}
	need "$cc" make || return 2
	prepare_src || return 2
	d=$work/asan
	flags="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	configure_build "$d" "$cc" "$flags" "-fsanitize=address,undefined" || return 2
	ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
	UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
	LSAN_OPTIONS="${LSAN_OPTIONS:-}"
	export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
	log "ASAN_OPTIONS=$ASAN_OPTIONS"
	log "UBSAN_OPTIONS=$UBSAN_OPTIONS"
	rc=0
	(cd "$d" && run make -j"$jobs" check >make-check.out 2>&1) || rc=1
	grep -E '^(PASS|FAIL|SKIP|XFAIL|ERROR|# )' "$d/make-check.out"
	[ $rc -eq 0 ] || { for f in "$d"/tests/*.log; do log "== $f"; tail -60 "$f"; done; }
	scan_reports "$d/make-check.out" "$d/tests" || rc=1
	return $rc
}

mode_tsan() {
	cc=${TSAN_CC:-}
	if [ -z "$cc" ]; then
		if command -v clang >/dev/null 2>&1; then cc=clang; else cc=gcc; fi
	fi
	need "$cc" make || return 2
	prepare_src || return 2
	d=$work/tsan
	configure_build "$d" "$cc" "-O1 -g -fsanitize=thread -fno-omit-frame-pointer" "-fsanitize=thread" || return 2
	TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1:history_size=4${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
	export TSAN_OPTIONS
	log "TSAN_OPTIONS=$TSAN_OPTIONS"
	# Linux >= 6.5 randomises mmap with 32 bits, which the TSan runtime of
	# clang 14 / gcc 12 cannot map around ("unexpected memory mapping"):
	# run without address randomisation when setarch can do that.
	norand=""
	if setarch "$(uname -m)" -R true >/dev/null 2>&1; then
		norand="setarch $(uname -m) -R"
	fi
	rc=0
	# The suites whose code runs threads or forks: the registry's lock-free
	# lookups and lazy loading from many threads, the per-thread random
	# generators, the plugin loader, the PKCS#11 session pool, the jca
	# command's threaded speed harness. The single-threaded suites run
	# under ASan, valgrind and plainly; TSan has nothing to find in them.
	# (Check's fork mode: each test in a child; TSan handles that, the
	# parent has no threads when it forks.) check_hardening skips its
	# malloc-interposing wipe tests in this build and says so.
	tests=${TSAN_TESTS:-tests/check_md tests/check_config tests/check_loader tests/check_multi tests/check_plugin tests/check_random tests/check_hardening tests/pkcs11.sh tests/cli.sh}
	if [ "$tests" = all ]; then
		(cd "$d" && run $norand make -j"$jobs" check >make-check.out 2>&1) || rc=1
	else
		(cd "$d" && run $norand make -j"$jobs" check TESTS="$tests" >make-check.out 2>&1) || rc=1
	fi
	grep -E '^(PASS|FAIL|SKIP|XFAIL|ERROR|# )' "$d/make-check.out"
	[ $rc -eq 0 ] || { for f in "$d"/tests/*.log; do log "== $f"; tail -60 "$f"; done; }
	grep -h '^SKIP' "$d"/tests/*.log 2>/dev/null | sort -u
	scan_reports "$d/make-check.out" "$d/tests" || rc=1
	return $rc
}

mode_valgrind() {
	cc=${CC:-gcc}
	need "$cc" make valgrind || return 2
	prepare_src || return 2
	d=$work/valgrind
	configure_build "$d" "$cc" "-O1 -g -fno-omit-frame-pointer" "" || return 2
	rm -rf "$d/vg"
	mkdir -p "$d/vg"
	rc=0
	# JCA_RECYCLE=0: freed instance blocks go back to malloc, so memcheck
	# sees every use after free. CK_FORK=no: the tests run in the process
	# valgrind watches (check_plugin needs a fresh registry per test and
	# counts plugin entry calls per process, so it keeps fork mode;
	# valgrind follows fork() into the children and checks them too).
	for t in check_md check_registry check_cipher check_mac check_backends check_plugin check_hardening check_keystore \
		check_ccm check_kem check_mldsa_sig; do
		[ -f "$d/tests/$t" ] || continue
		fork=no
		[ "$t" = check_plugin ] && fork=yes
		trc=0
		(cd "$d" && top_builddir=$d top_srcdir=$srctree CK_FORK=$fork JCA_RECYCLE=0 \
			CK_TIMEOUT_MULTIPLIER=20 \
			run ./libtool --mode=execute valgrind -q --error-exitcode=99 --leak-check=full \
			--show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
			--track-origins=yes --num-callers=30 --log-file="$d/vg/$t.%p.log" \
			"tests/$t" >"vg/$t.out" 2>&1) || trc=$?
		case $trc in
		0) log "valgrind: $t passed" ;;
		# check_backends when valgrind's CPU leaves only the portable code
		77) log "valgrind: $t skipped: $(grep '^SKIP' "$d/vg/$t.out")" ;;
		*) log "valgrind: $t FAILED (exit $trc)"; tail -40 "$d/vg/$t.out"; rc=1 ;;
		esac
		grep -E '^[0-9]+%: Checks' "$d/vg/$t.out"
	done
	for f in "$d"/vg/*.log; do
		[ -s "$f" ] || continue
		log "valgrind report $f:"
		head -200 "$f"
		rc=1
	done
	return $rc
}

mode_static() {
	rc=0
	need cppcheck || return 2
	d=$work/static
	mkdir -p "$d/inc"
	# uthash's macros must be seen, or cppcheck reports their loop variables
	# as uninitialised; an empty config.h stands in for the build's.
	for u in /usr/include/uthash.h /usr/local/include/uthash.h; do
		[ -f "$u" ] && ln -sf "$u" "$d/inc/uthash.h" && break
	done
	: >"$d/inc/config.h"
	# and jca_paths.h, which make writes from configure's directories
	printf '#define JCA_SYSCONFDIR "/usr/local/etc"\n#define JCA_PLUGINDIR "/usr/local/lib/jca/plugins"\n' \
		>"$d/inc/jca_paths.h"
	# Only the portable code and this machine's backends.
	arch=$(uname -m)
	skip=""
	for isa in x86 arm riscv; do
		case "$isa:$arch" in
		x86:x86_64 | arm:aarch64 | riscv:riscv64) ;;
		*) skip="$skip -i $src/src/algs/$isa" ;;
		esac
	done
	archdef=""
	[ "$arch" = x86_64 ] && archdef="-D__x86_64__"
	# shellcheck disable=SC2086
	if run cppcheck -q --std=c11 --enable=warning,performance,portability --error-exitcode=1 \
		--inline-suppr -D__GNUC__ $archdef -DJCA_BUILDING_LIBRARY -I "$src/include" -I "$d/inc" \
		$skip "$src/src" >"$d/cppcheck.out" 2>&1; then
		log "cppcheck: clean"
	else
		log "cppcheck: findings"
		cat "$d/cppcheck.out"
		rc=1
	fi
	# clang-tidy: bugprone-*, cert-*, clang-analyzer-*, less the checks that
	# only flag this code base's conventions or uthash's macros. Its findings
	# are printed; they fail this mode only with TIDY_STRICT=1 (see
	# tests/HARDENING.md for the current state).
	if ! command -v clang-tidy >/dev/null 2>&1; then
		log "clang-tidy: not installed, skipped"
		return $rc
	fi
	checks='-*,bugprone-*,cert-*,clang-analyzer-*,-bugprone-easily-swappable-parameters,-bugprone-macro-parentheses,-bugprone-implicit-widening-of-multiplication-result,-bugprone-reserved-identifier,-cert-dcl37-c,-cert-dcl51-cpp,-cert-err33-c,-clang-analyzer-security.insecureAPI.DeprecatedOrUnsafeBufferHandling'
	files=$(cd "$src" && ls src/*.c src/util/*.c src/registry/*.c src/api/*.c src/providers/*.c src/algs/*.c)
	printf '+ clang-tidy -checks=%s src/*.c src/{util,registry,api,providers,algs}/*.c -- -std=c11 ...\n' "$checks"
	: >"$d/clang-tidy.out"
	for f in $files; do
		clang-tidy --quiet -checks="$checks" "$src/$f" -- -std=c11 -D_GNU_SOURCE -DJCA_BUILDING_LIBRARY \
			-I"$src/include" -I"$src/src" -I"$d/inc" >>"$d/clang-tidy.out" 2>/dev/null
	done
	n=$(grep -cE ': (warning|error):' "$d/clang-tidy.out")
	if [ "$n" -eq 0 ]; then
		log "clang-tidy: clean"
	else
		log "clang-tidy: $n finding(s):"
		grep -E ': (warning|error):' "$d/clang-tidy.out" | sed "s|$src/||" | sort -u
		if [ "${TIDY_STRICT:-0}" = 1 ]; then rc=1; else log "clang-tidy: advisory (TIDY_STRICT=1 makes it fail)"; fi
	fi
	return $rc
}

total=0
failed=""
summary=""
for m in $modes; do
	log "==== $m ===="
	t0=$(now)
	mode_$m
	r=$?
	t1=$(now)
	dt=$((t1 - t0))
	total=$((total + dt))
	case $r in
	0) res=PASS ;;
	2) res="FAIL (setup)"; failed="$failed $m" ;;
	*) res=FAIL; failed="$failed $m" ;;
	esac
	log "==== $m: $res (${dt}s)"
	summary="$summary
  $m: $res (${dt}s)"
done
log "summary (work directory $work):$summary"
if [ -n "$failed" ]; then
	log "FAILED:$failed"
	exit 1
fi
if [ "$made_work" = 1 ] && [ "${KEEP:-0}" != 1 ]; then
	rm -rf "$work"
fi
log "all passed (${total}s)"
exit 0
