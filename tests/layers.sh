#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The layering rule of the README ("Layout"), held as a tested policy in
# the spirit of Go's go/build deps_test.go: every #include of every .c and
# .h under include/, src/, plugins/, tools/, bench/ and tests/ is resolved
# to the file the compiler would take (the including file's folder, then
# -I include and -I of the build directory, which is the top of the tree
# in an in-tree build, then -I src for tests/ and bench/), and the folder
# of that file must be allowed by the table below. A quoted include that
# resolves to no file of the tree fails too (but config.h and jca_paths.h,
# which configure and make write in the build directory), so that no edge
# goes unseen.
#
# Fails with file:line, the header and the rule it breaks.
set -u
cd "${top_srcdir:-.}" || exit 99

# ---- the allow matrix ----
# A file of the folder on the left may include, besides files of its own
# folder (src/algs with its x86/, arm/ and riscv/; each plugin apart),
# the public headers (include/) and the build directory's config.h and
# jca_paths.h: only the folders on its line. "-": none; "*": any.
RULES='
include         -
src             src/api src/registry src/providers src/util
src/api         src/registry src/util
src/registry    src/util
src/providers   src/algs src/util
src/algs        src/util
src/util        -
plugins/*       -
tools           -
bench           tools src/algs
tests           *
'
# src: the library's wiring, src/linked.c, the one file that names what
# libjca links in (the built-in provider, the generator behind
# jca_random(), the lookup the built-in DRBG makes) for the layers that
# declare what they need in their own headers.
#
# Besides, a header named *_int.h is private to its folder: only the
# lines with "*" may include it from elsewhere.
#
# Exceptions: one file, one header, the reason. An exception that matches
# nothing any more fails the test too: remove it.
EXCEPTIONS='
src/api/cipher_gcm_iv.c  src/algs/gcm.h  the engine works out J0 of every provider'"'"'s GCM IV (the IV-reuse guard, the 16-byte IV an AEAD table gets) with the portable constant-time GHASH of src/algs; no provider offers GHASH alone, and a second GHASH outside src/algs would be the same algorithm twice
'

files=$(find include src plugins tools bench tests -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
[ -n "$files" ] || { echo "FAIL: no source files found under $(pwd)"; exit 1; }

printf '%s\n' "$files" | RULES=$RULES EXCEPTIONS=$EXCEPTIONS awk '
function exists(p,   r, line) {
	if (p in known)
		return known[p]
	r = (getline line < p)
	if (r >= 0)
		close(p)
	return known[p] = (r >= 0)
}
# a/b/../c -> a/c; ./a -> a
function norm(p,   n, i, k, part, out) {
	n = split(p, part, "/")
	k = 0
	for (i = 1; i <= n; i++) {
		if (part[i] == "" || part[i] == ".")
			continue
		if (part[i] == ".." && k > 0 && stack[k] != "..")
			k--
		else
			stack[++k] = part[i]
	}
	out = ""
	for (i = 1; i <= k; i++)
		out = out (i > 1 ? "/" : "") stack[i]
	return out
}
function dirname(p) {
	return sub(/\/[^\/]*$/, "", p) ? p : "."
}
# The layer (folder) of a file of the tree.
function layer(p,   part, n) {
	n = split(p, part, "/")
	if (part[1] == "src")
		return n == 2 ? "src" : "src/" part[2]
	if (part[1] == "plugins")
		return n == 2 ? "plugins" : "plugins/" part[2]
	return part[1]
}
function rule_of(l) {
	if (l in allow)
		return l
	if (l ~ /^plugins\// && ("plugins/*" in allow))
		return "plugins/*"
	return ""
}
function bad(msg) {
	print "FAIL: " msg
	nbad++
}
BEGIN {
	n = split(ENVIRON["RULES"], line, "\n")
	for (i = 1; i <= n; i++) {
		if (split(line[i], w, " ") < 2)
			continue
		allow[w[1]] = " " substr(line[i], index(line[i], w[2])) " "
		if (w[1] !~ /\*/ && system("test -d " w[1]) != 0)
			bad("the table names folder " w[1] ", which does not exist")
	}
	n = split(ENVIRON["EXCEPTIONS"], line, "\n")
	for (i = 1; i <= n; i++) {
		if (split(line[i], w, " ") < 3)
			continue
		exc[w[1] SUBSEP w[2]] = 0
		why[w[1] SUBSEP w[2]] = substr(line[i], index(line[i], w[3]))
	}
}
{
	file = $0
	from = layer(file)
	r = rule_of(from)
	if (r == "") {
		bad(file ": folder " from " has no line in the table of tests/layers.sh")
		next
	}
	nfiles++
	lineno = 0
	while ((getline text < file) > 0) {
		lineno++
		if (text !~ /^[ \t]*#[ \t]*include[ \t]*["<]/)
			continue
		quoted = text ~ /^[ \t]*#[ \t]*include[ \t]*"/
		name = text
		sub(/^[ \t]*#[ \t]*include[ \t]*["<]/, "", name)
		sub(/[">].*$/, "", name)
		target = ""
		if (quoted && exists(norm(dirname(file) "/" name)))
			target = norm(dirname(file) "/" name)
		else if (exists(norm("include/" name)))
			target = norm("include/" name)
		else if (exists(norm(name)) && norm(name) ~ /\//)
			target = norm(name)
		else if ((from == "tests" || from == "bench") && exists(norm("src/" name)))
			target = norm("src/" name)
		if (target == "") {
			if (!quoted)
				continue                # a system header
			if (name == "config.h" || name == "jca_paths.h")
				continue                # made by configure or make
			bad(file ":" lineno ": #include \"" name "\" resolves to no file of the tree")
			continue
		}
		nincl++
		to = layer(target)
		if (to == from || to == "include")
			continue
		if ((file SUBSEP target) in exc) {
			exc[file SUBSEP target]++
			continue
		}
		if (allow[r] ~ / \* /)
			continue
		if (index(allow[r], " " to " ") == 0)
			bad(file ":" lineno ": includes " target ": " from " may not include " to \
			    " (its line: " r " ->" allow[r] "| besides include/)")
		else if (target ~ /_int\.h$/)
			bad(file ":" lineno ": includes " target ", private to " to " (a *_int.h header)")
	}
	close(file)
}
END {
	for (k in exc) {
		split(k, w, SUBSEP)
		if (exc[k] == 0)
			bad("exception " w[1] " -> " w[2] " matches no include any more: remove it")
		else
			print "exception: " w[1] " -> " w[2] ": " why[k]
	}
	if (nfiles == 0 || nincl == 0)
		bad("nothing checked")
	if (nbad) {
		print nbad " layering fault(s); the rule is the table in tests/layers.sh (README, \"Layout\")"
		exit 1
	}
	print "ok: " nincl " includes of the tree in " nfiles " files follow the layers"
}'
