#!/bin/bash
# The learner's kernel built through PoCL's clang and a precompiled header (engine/children/pch.c) gets the
# same verdict, message and line as PoCL's own build (CLINGS_PCH=0): the stub and solution of a
# few exercises chosen for what their builds differ in (local memory and a repeat, steps, a 2-D
# tiled kernel, doubles) and every wrong kernel that does not compile; with PCH_ALL=1 (scripts/bench
# runs that) every stub, solution and wrong kernel of the course. The header is built on first use
# in a cache of the test's own, and the builds really go through it.
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
export XDG_CACHE_HOME="$TMP/cache"
# PoCL's kernel cache stays where it was: the reference solutions' builds are not what is compared.
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$HOME/.cache/pocl}"
$CLINGS devices 2>/dev/null | grep -q 'Portable Computing Language' || skip_all "no PoCL device here"

# What is compared of a report: its verdict and location, and a build error's whole message (the
# compiler's first error, file:line:col). Other messages name the first failing test, which a
# kernel that reads memory it never wrote (wrong/*/accumulate_in_scratch.cl) changes from run to
# run with PoCL's own build as well.
verdict() {   # verdict EXERCISE FILE
	local json
	json=$($CLINGS check "$1" --file "$2" --no-cache --no-analysis --json 2>/dev/null)
	printf '%s' "$json" | grep -oE '"verdict": "[a-z_]*"|"location": (\{[^}]*\}|null)' | tr '\n' ' '
	case "$json" in *'"verdict": "build_error"'*) printf '%s' "$json" | grep -o '"message": "[^"]*"' ;; esac
}

# The first build makes the header; the trace says which way each build went.
out=$(CLINGS_DEBUG=1 $CLINGS check memory_4 --file solutions/memory_4.cl --no-cache --no-analysis 2>&1)
printf '%s\n' "$out" | grep -q 'clings: pch: built through the PCH' &&
	ok "the first check builds the header and the kernel through it" ||
	fail "the kernel was not built through the header: $(printf '%s\n' "$out" | grep 'clings: pch')"
ls "$XDG_CACHE_HOME"/clings/pch/*.pch >/dev/null 2>&1 && ok "the header is in the user's cache" ||
	fail "no header in $XDG_CACHE_HOME/clings/pch: $(ls -R "$XDG_CACHE_HOME" 2>&1)"

sample=" memory_4 scan_device matmul_tiled reduce_double "
kernels=()
for ex in exercises/*.cl; do
	ex=$(basename "$ex" .cl)
	[ -f "checks/$ex.ini" ] || continue
	[ "${PCH_ALL:-0}" = 1 ] || [[ "$sample" == *" $ex "* ]] || continue
	tests/pristine-stub "exercises/$ex.cl" > "$TMP/$ex.stub.cl"
	kernels+=("$ex:$TMP/$ex.stub.cl" "$ex:solutions/$ex.cl")
done
for dir in wrong/*/; do
	ex=$(basename "$dir")
	for k in "$dir"*.cl; do
		[ -f "$k" ] || continue
		if [ "${PCH_ALL:-0}" = 1 ] || grep -q '^// expect: build_error' "$k"; then
			kernels+=("$ex:$k")
		fi
	done
done
[ ${#kernels[@]} -ge 12 ] && ok "${#kernels[@]} kernels to compare" || fail "only ${#kernels[@]} kernels to compare"

differ=0 builds=0
for item in "${kernels[@]}"; do
	ex=${item%%:*} k=${item#*:}
	with=$(verdict "$ex" "$k")
	without=$(CLINGS_PCH=0 verdict "$ex" "$k")
	case "$with" in *'"verdict": "build_error"'*) builds=$((builds + 1)) ;; esac
	# A kernel PoCL itself answers two ways: the same when the header's answer is one of them.
	if [ -n "$with" ] && [ "$with" != "$without" ]; then
		again=$(CLINGS_PCH=0 verdict "$ex" "$k")
		[ "$again" != "$without" ] && [ "$with" = "$again" ] && without=$again &&
			echo "$ex $k: PoCL's own build answers two ways; the header's answer is one of them" >&2
	fi
	if [ -z "$with" ] || [ "$with" != "$without" ]; then
		differ=$((differ + 1))
		echo "$ex $k: through the header: $with" >&2
		echo "$ex $k: PoCL's own build:  $without" >&2
	fi
done
[ $differ = 0 ] && ok "${#kernels[@]} kernels get the same report both ways ($builds of them build errors, with the same lines)" ||
	fail "$differ of ${#kernels[@]} kernels get another report through the header (above)"
[ $builds -gt 0 ] && ok "build errors were among the compared kernels" || fail "no build error was compared"
