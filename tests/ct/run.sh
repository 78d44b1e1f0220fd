#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Constant-time check (ctgrind style): builds libjca (static, optimised as
# shipped) and tests/ct/ct_check.c with each compiler, runs ct_check under
# valgrind memcheck with the secrets marked undefined, once with the
# portable code forced (JCA_CPU=generic) and once with the backends that
# valgrind's CPU offers, and fails on any "Conditional jump or move depends
# on uninitialised value(s)" or "Use of uninitialised value" that is not one
# of the two accepted places of the PKCS#5 check (see ct_check.c).
# ct_check also covers X25519 and Ed25519 (both backends where the host has
# them), ML-KEM (ct_mlkem.c: keygen, encaps, decaps; ct_kem.c: the KEM
# engine's key decoding and decapsulation, ML-KEM-768 and X-Wing) and ML-DSA (keygen,
# signing, pk_from_sk); the library is built with -DJCA_CT_VALGRIND, which
# tells valgrind that ML-KEM's rho, published in ek, is public and makes
# ML-DSA declassify (valgrind client
# requests, no-ops outside valgrind) what FIPS 204 lets leak or publishes:
# each signing attempt's accept/reject decision and its challenge c~,
# ExpandS's rejected half-bytes, rho, pk_from_sk's verdict (see
# src/algs/mldsa_impl.h).
# The accepted places of the PKCS#5 check (see ct_check.c):
#   - the padding final's branch (jca__block_final, cipher.c) on its validity ("if (!pad)"): the
#     status it returns is public;
#   - the copy of bs - pad bytes of the last block on success: the length it
#     returns in *out_len is public.
# Both are located by their source text in src/api/cipher.c; if that text
# changes they are no longer accepted and the check fails until this script
# is updated. Everything else, wherever it happens (libjca, or libc called
# from it), is a finding.
#
#   tests/ct/run.sh
# Environment: CT_COMPILERS (default "gcc clang", those installed),
# CT_CFLAGS (default "-O2 -g"), CT_WORK (default: a new temporary directory,
# removed on success unless KEEP=1), SRCDIR, EXTRA_CONFIGURE.
# Nothing is installed: needs valgrind (and its headers, valgrind package).
set -u

here=$(cd "$(dirname "$0")" && pwd)
src=${SRCDIR:-$(cd "$here/../.." && pwd)}
src=$(cd "$src" && pwd) || exit 2
cflags=${CT_CFLAGS:--O2 -g}
made_work=0
work=${CT_WORK:-}
if [ -z "$work" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/jca-ct.XXXXXX") || exit 2
	made_work=1
fi
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2

log() { printf '%s\n' "ct/run.sh: $*"; }
run() { printf '+ %s\n' "$*"; "$@"; }

command -v valgrind >/dev/null 2>&1 || { log "missing valgrind (CI installs it)"; exit 2; }
[ -f /usr/include/valgrind/memcheck.h ] || log "warning: /usr/include/valgrind/memcheck.h not found"

# The two accepted lines, found by their text.
cfile=$src/src/api/cipher.c
l_valid=$(grep -n 'if (!pad)' "$cfile" | head -1 | cut -d: -f1)
l_copy=$(grep -n 'memcpy(o + n, last, bs - pad)' "$cfile" | head -1 | cut -d: -f1)
log "accepted: cipher.c:${l_valid:-?} (validity branch), cipher.c:${l_copy:-?} (copy of the unpadded length)"
[ -n "$l_valid" ] || log "warning: the validity branch of the padding check was not found in $cfile"

# Library source file names: a frame in one of them is in libjca.
libfiles=$(cd "$src/src" && find . -name '*.c' | sed 's|.*/||; s|\.c$||' | sort -u | tr '\n' '|' | sed 's/|$//')

# A clean source tree for out-of-tree builds.
tree=$src
if [ ! -x "$src/configure" ] || [ -f "$src/config.status" ]; then
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

# classify LOG: prints findings and accepted reports; exit 0 clean, 1
# findings, 3 if the validity branch was never reported (the marking did
# not reach the library: the check would be blind).
classify() {
	awk -v lv="cipher.c:$l_valid" -v lc="cipher.c:$l_copy" -v libre="\\(([^()]*/)?(${libfiles})\\.c:[0-9]+\\)" '
	function flush() {
		if (!inerr)
			return
		inerr = 0
		if (firstlib ~ ("^(cipher_do_final|jca__block_final) \\(([^()]*/)?" lv "\\)$") && top == firstlib) {
			accepted++; seen_valid = 1
			printf "accepted (padding validity is public): %s\n", kind
			return
		}
		if (firstlib ~ ("^(cipher_do_final|jca__block_final) \\(([^()]*/)?" lc "\\)$") && top ~ /^(memmove|memcpy|__memcpy|__memmove)/) {
			accepted++
			printf "accepted (returned length is public): %s in %s\n", kind, top
			return
		}
		findings++
		printf "FINDING: %s\n%s\n", kind, frames
	}
	/^==[0-9]+== (Conditional jump or move depends on uninitialised value|Use of uninitialised value|Syscall param .* uninitialised)/ {
		flush()
		inerr = 1; kind = $0; sub(/^==[0-9]+== /, "", kind)
		frames = ""; top = ""; firstlib = ""
		next
	}
	inerr && /^==[0-9]+== +(at|by) / {
		f = $0
		sub(/^==[0-9]+== +(at|by) 0x[0-9A-Fa-f]+: /, "", f)
		frames = frames "    " f "\n"
		if (top == "") top = f
		if (firstlib == "" && f ~ libre) firstlib = f
		next
	}
	inerr && /Uninitialised value was created/ { next }
	inerr { flush() }
	END {
		flush()
		printf "%d finding(s), %d accepted report(s)\n", findings, accepted
		if (findings) exit 1
		if (!seen_valid) exit 3
		exit 0
	}' "$1"
}

# valgrind's CPUID hides ADX; the host's says whether ct_check may run the
# Curve25519 MULX/ADX backend (valgrind executes it)
if [ "$(uname -m)" = x86_64 ] && grep -qw adx /proc/cpuinfo 2>/dev/null && grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
	CT_C25519_MULX=1
	export CT_C25519_MULX
fi

compilers=${CT_COMPILERS:-gcc clang}
fail=0
ran=0
summary=""
for cc in $compilers; do
	command -v "$cc" >/dev/null 2>&1 || { log "skipping $cc: not installed"; continue; }
	t0=$(date +%s)
	b=$work/build-$cc
	ccflags=$cflags
	# valgrind 3.19 cannot read clang 14's default DWARF 5
	case "$cc" in *clang*) ccflags="$cflags -gdwarf-4" ;; esac
	rm -rf "$b"
	mkdir -p "$b"
	# shellcheck disable=SC2086
	(cd "$b" && run "$tree/configure" -q --disable-shared CC="$cc" CFLAGS="$ccflags -DJCA_CT_VALGRIND" ${EXTRA_CONFIGURE:-} \
		>configure.out 2>&1) || { cat "$b/configure.out"; exit 2; }
	(cd "$b" && run make -j2 libjca.la >make.out 2>&1) || { tail -40 "$b/make.out"; exit 2; }
	# shellcheck disable=SC2086
	run "$cc" $ccflags -Wall -Wextra -I"$src/include" "$here/ct_check.c" "$here/ct_mlkem.c" "$here/ct_kem.c" "$b/.libs/libjca.a" -lpthread -ldl \
		-o "$b/ct_check" || exit 2
	for cpu in generic default; do
		vlog=$b/valgrind-$cpu.log
		ran=1
		if [ "$cpu" = generic ]; then
			(JCA_CPU=generic run valgrind --error-limit=no --num-callers=30 --track-origins=yes \
				--log-file="$vlog" "$b/ct_check")
		else
			(unset JCA_CPU; run valgrind --error-limit=no --num-callers=30 --track-origins=yes \
				--log-file="$vlog" "$b/ct_check")
		fi
		prc=$?
		classify "$vlog" >"$b/classify-$cpu.out"
		crc=$?
		grep -v '^accepted' "$b/classify-$cpu.out"
		grep '^accepted' "$b/classify-$cpu.out" | sort | uniq -c
		res=PASS
		if [ $prc -ne 0 ]; then
			log "$cc, JCA_CPU=$cpu: ct_check itself failed (exit $prc)"
			res=FAIL
		fi
		if [ $crc -eq 1 ]; then
			log "$cc, JCA_CPU=$cpu: secret-dependent branches or indices (full report: $vlog)"
			res=FAIL
		elif [ $crc -eq 3 ]; then
			log "$cc, JCA_CPU=$cpu: the padding check's validity branch was not seen: the secrets did not reach the library"
			res=FAIL
		fi
		[ "$res" = PASS ] || fail=1
		summary="$summary
  $cc JCA_CPU=$cpu: $res ($(tail -1 "$b/classify-$cpu.out"))"
	done
	log "$cc done in $(($(date +%s) - t0))s"
done
[ $ran -eq 1 ] || { log "no compiler found"; exit 2; }
log "summary (work directory $work):$summary"
if [ $fail -ne 0 ]; then
	log FAILED
	exit 1
fi
[ "$made_work" = 1 ] && [ "${KEEP:-0}" != 1 ] && rm -rf "$work"
log "no secret-dependent branch or memory index found"
exit 0
