#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# jca enc/dec --stream against tests/stream_ref.py (Tink's AES-GCM-HKDF
# streaming format written independently over Python's cryptography): each
# side decrypts what the other encrypted, AES-128-GCM, AES-256-GCM and,
# when a provider offers it, ChaCha20-Poly1305, sizes around the segment
# boundaries, with and without AAD; truncated, reordered, spliced and
# extended files refused with exit 1 and no output file; and the memory:
# a 256 MiB file encrypted and decrypted with a maximum RSS under 64 MiB.
#   top_builddir=DIR sh tests/stream.sh     (the binary is DIR/jca)
#   STREAM_BIG_MIB=N   size of the memory test's file (default 256)
set -u
jca="${top_builddir:-.}/jca"
src="${top_srcdir:-.}"
case "$jca" in /*) ;; *) jca="$(pwd)/$jca" ;; esac
case "$src" in /*) ;; *) src="$(pwd)/$src" ;; esac
ref="$src/tests/stream_ref.py"
[ -x "$jca" ] || { echo "FAIL: no jca binary at $jca"; exit 1; }
if ! python3 -c 'import cryptography.hazmat.primitives.ciphers.aead, cryptography.hazmat.primitives.kdf.hkdf' \
	2>/dev/null; then
	echo "SKIP: Python 'cryptography' not installed (python3-cryptography): no reference to check against"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jca-stream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

K16=000102030405060708090a0b0c0d0e0f
K32=603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4
aeads="AES/GCM/NoPadding:$K16 AES/GCM/NoPadding:$K32"
if "$jca" enc --stream -t ChaCha20-Poly1305 -K $K32 -in /dev/null -out /dev/null 2>/dev/null; then
	aeads="$aeads ChaCha20-Poly1305:$K32"
else
	echo "SKIP: ChaCha20-Poly1305: no provider offers it, its streams are not tested"
fi

# both directions, sizes 0, 1 and around the first two boundaries of a
# 4096-byte segment (H = 24 or 40), a few segments, and the default 1 MiB.
# The reference runs once for every file (Python starts slowly).
i=0
: > cases
: > batch
for a in $aeads; do
	t=${a%%:*} key=${a#*:}
	pyaead=aes-gcm; [ "$t" = ChaCha20-Poly1305 ] && pyaead=chacha20-poly1305
	h=$((1 + ${#key} / 2 + 7))
	p0=$((4096 - h - 16))
	for seg in 4096 1M; do
		pyseg=$seg; [ $seg = 1M ] && pyseg=1048576
		sizes="0 1 $((p0 - 1)) $p0 $((p0 + 1)) $((p0 + 4080)) $((p0 + 4081)) 30000"
		[ $seg = 1M ] && sizes="0 3000000"
		for size in $sizes; do
			for aad in - 0a0b0c; do
				i=$((i + 1))
				aopt="" pyaad=""
				[ $aad = - ] || { aopt="--aad $aad"; pyaad="--aad $aad"; }
				head -c $size /dev/urandom > p$i
				"$jca" enc --stream -t $t -K $key --segment-size $seg $aopt -in p$i -out c$i 2>>err ||
					bad "jca enc --stream: $t, segment $seg, $size bytes"
				echo "dec --aead $pyaead --key $key --segment-size $pyseg $pyaad c$i d$i" >> batch
				echo "enc --aead $pyaead --key $key --segment-size $pyseg $pyaad p$i r$i" >> batch
				echo "$i $t $key $seg $size $aad" >> cases
			done
		done
	done
done
n=$i
python3 "$ref" batch < batch 2>>err || bad "stream_ref.py failed"
while read -r i t key seg size aad; do
	aopt=""; [ $aad = - ] || aopt="--aad $aad"
	what="$t, ${#key}-hex key, segment $seg, $size bytes, aad $aad"
	cmp -s p$i d$i || bad "jca enc --stream -> stream_ref.py dec: $what"
	"$jca" dec --stream -t $t -K $key --segment-size $seg $aopt -in r$i -out e$i 2>>err && cmp -s p$i e$i ||
		bad "stream_ref.py enc -> jca dec --stream: $what"
done < cases
[ $fail -eq 0 ] || cat err
[ $fail -eq 0 ] && ok "jca --stream and stream_ref.py read each other's files ($n files: $(echo $aeads | wc -w) AEAD/key pairs, sizes at the boundaries, AAD)"

# the same bytes as the reference with a fixed salt and prefix: only in
# check_stream (jca has no option for them, on purpose)

# refusals: exit 1, a message, no output file
K=$K16
head -c 20000 /dev/urandom > p
"$jca" enc --stream -K $K --segment-size 4096 --aad 01 -in p -out c
"$jca" enc --stream -K $K --segment-size 4096 --aad 01 -in p -out o   # another file, same key
refuse() {   # refuse WHAT FILE EXPECTED-MESSAGE [options]
	what=$1 f=$2 m=$3
	shift 3
	rm -f out
	"$jca" dec --stream -K $K --segment-size 4096 --aad 01 "$@" -in "$f" -out out 2>err
	rc=$?
	if [ $rc -ne 1 ]; then
		bad "$what: exit $rc, not 1"; cat err
	elif [ -e out ]; then
		bad "$what: an output file was left"
	elif ! grep -q "$m" err; then
		bad "$what: message"; cat err
	fi
}
# the damaged files, made in one Python run: name, then the expression
python3 - <<'PY'
d = open("c", "rb").read()
o = open("o", "rb").read()
def put(name, b):
    open(name, "wb").write(b)
put("t_h10", d[:10]); put("t_h24", d[:24]); put("t_s0", d[:4096]); put("t_s1", d[:8192])
put("t_in2", d[:8200]); put("t_in2b", d[:9000])
put("t_swap", d[:4096] + d[8192:12288] + d[4096:8192] + d[12288:])
put("t_splice", d[:4096] + o[4096:8192] + d[8192:])
put("t_hdr", o[:24] + d[24:])
put("t_salt", d[:5] + bytes([d[5] ^ 1]) + d[6:])
put("t_len", bytes([40]) + d[1:])
put("t_tag", d[:-1] + bytes([d[-1] ^ 0x80]))
put("t_byte", d + b"x")
put("t_seg", d + d[4096:8192])
PY
refuse "cut inside the header" t_h10 "stream truncated"
refuse "cut after the header" t_h24 "stream truncated"
refuse "cut after segment 0" t_s0 "stream truncated after segment 0"
refuse "cut after segment 1" t_s1 "stream truncated after segment 1"
refuse "cut inside segment 2" t_in2 "stream truncated"
refuse "cut inside segment 2, a tag's worth" t_in2b "bad decrypt: .*wrong key, wrong AAD"
refuse "segments 1 and 2 swapped" t_swap "bad decrypt"
refuse "segment 1 from another file" t_splice "bad decrypt"
refuse "the other file's header" t_hdr "bad decrypt"
refuse "a flipped salt bit" t_salt "bad decrypt"
refuse "a header length byte for AES-256" t_len "bad decrypt"
refuse "a flipped tag bit" t_tag "bad decrypt"
refuse "a byte appended" t_byte "bad decrypt"
refuse "a segment appended" t_seg "bad decrypt"
refuse "wrong AAD" c "wrong key, wrong AAD" --aad 02
refuse "wrong key" c "wrong key, wrong AAD" -K 0f0e0d0c0b0a09080706050403020100
refuse "wrong segment size" c "bad decrypt" --segment-size 8192
"$jca" dec --stream -K $K --segment-size 4096 --aad 01 -in c -out out && cmp -s p out ||
	bad "the untouched file does not decrypt"
"$jca" dec --stream -K $K --segment-size 4k --aad 01 < c | cmp -s - p || bad "decrypt from and to a pipe"
"$jca" enc --stream -K $K --iv 00 -in p -out x 2>/dev/null && bad "--stream with --iv accepted"
"$jca" enc -t AES/GCM/NoPadding -K $K --segment-size 4096 -in p -out x 2>/dev/null &&
	bad "--segment-size without --stream accepted"
"$jca" enc --stream -K $K --segment-size 40 -in p -out x 2>/dev/null && bad "a 40-byte segment accepted"
"$jca" enc --stream -t AES/CBC/PKCS5Padding -K $K -in p -out x 2>/dev/null && bad "--stream over CBC accepted"
[ $fail -eq 0 ] && ok "truncated, reordered, spliced, extended, flipped files and wrong key/AAD refused (exit 1, no output file)"

# memory: one segment buffer each way, whatever the file's size
rss_of() {   # rss_of OUTFILE command...: runs it, writes its max RSS in KiB
	o=$1
	shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "$o" "$@"
		return $?
	fi
	"$@" &
	pid=$! hwm=0
	while kill -0 $pid 2>/dev/null; do
		v=$(awk '/^VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null)
		[ -n "$v" ] && hwm=$v
		sleep 0.05
	done
	wait $pid
	r=$?
	echo $hwm > "$o"
	return $r
}
mib=${STREAM_BIG_MIB:-256}
sanitized=""
[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ] && { sanitized=1; mib=16; }
head -c $((mib << 20)) /dev/urandom > big
if rss_of rss_enc "$jca" enc --stream -K $K32 -in big -out big.c &&
   rss_of rss_dec "$jca" dec --stream -K $K32 -in big.c -out big.d && cmp -s big big.d; then
	e=$(tail -1 rss_enc) d=$(tail -1 rss_dec)
	if [ -n "$sanitized" ]; then
		ok "a $mib MiB file through --stream (sanitizer build: max RSS ${e} KiB / ${d} KiB, not bounded)"
	elif [ "$e" -lt 65536 ] && [ "$d" -lt 65536 ]; then
		ok "a $mib MiB file through --stream: max RSS ${e} KiB encrypting, ${d} KiB decrypting (< 64 MiB)"
	else
		bad "a $mib MiB file through --stream: max RSS ${e} KiB encrypting, ${d} KiB decrypting (>= 64 MiB)"
	fi
else
	bad "a $mib MiB file through --stream does not round-trip"
fi
exit $fail
