#!/bin/bash
# When the precompiled-header build (engine/children/pch.c) cannot be trusted, it is not used: a damaged
# header or a changed record is made again before the build; with CLINGS_PCH=0, and for a kernel
# that does not compile (PoCL's own words and line), PoCL builds the kernel itself and the
# verdict is the same. The reference solution's kept binary (engine/children/refbin.c) likewise: damaged, it is
# built from source again, kept again, and used by the next check.
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
export XDG_CACHE_HOME="$TMP/cache"
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$HOME/.cache/pocl}"
$CLINGS devices 2>/dev/null | grep -q 'Portable Computing Language' || skip_all "no PoCL device here"
pch="$XDG_CACHE_HOME/clings/pch"

run() {   # run FILE [ENV...]: the check's output with the build's trace; $way: which way it went
	local file=$1
	shift
	out=$(env "$@" CLINGS_DEBUG=1 $CLINGS check memory_4 --file "$file" --no-cache --no-analysis 2>&1)
	way=$(printf '%s\n' "$out" | grep -m1 -o 'clings: pch: .*')
}
passed() { printf '%s\n' "$out" | grep -q '✓ memory_4'; }

run solutions/memory_4.cl
[ "$way" = "clings: pch: built through the PCH" ] && passed && ok "a first check builds the header and passes" ||
	fail "first check: $way: $out"

# A damaged header, or a record changed on disk (here: to name another platform), is never
# used: the parent checks both before a child builds (the header against the record's digest,
# the record by its seal), and makes them again.
for h in "$pch"/*.pch; do printf 'not a precompiled header\n' > "$h"; done
run solutions/memory_4.cl
[ "$way" = "clings: pch: built through the PCH" ] && passed && ! grep -qs 'not a precompiled header' "$pch"/*.pch &&
	ok "a damaged header is made again before the build, which goes through it" || fail "damaged header: $way: $out"

for o in "$pch"/*.opts; do sed -i '2s/.*/OpenCL 9.9 another platform/' "$o"; done
run solutions/memory_4.cl
[ "$way" = "clings: pch: built through the PCH" ] && passed && ! grep -qs 'another platform' "$pch"/*.opts &&
	ok "a record changed on disk does not verify: PoCL is probed again, and the build goes through the PCH" ||
	fail "changed record: $way: $out"

run solutions/memory_4.cl CLINGS_PCH=0
case "$way" in *"PoCL's own build"*) passed && ok "CLINGS_PCH=0: PoCL's own build, and the pass" ;; esac ||
	fail "CLINGS_PCH=0: $way: $out"

rm -f "$pch"/*.opts
printf '__kernel void memory_4(__global const float *in, __global float *out)\n{\n\tout[0] = in[0] +;\n}\n' > "$TMP/bad.cl"
run "$TMP/bad.cl"
with=$(printf '%s\n' "$out" | grep -v '^clings: pch' | grep -m1 'bad.cl:')
run "$TMP/bad.cl" CLINGS_PCH=0
without=$(printf '%s\n' "$out" | grep -v '^clings: pch' | grep -m1 'bad.cl:')
[ -n "$with" ] && [ "$with" = "$without" ] && ok "a build error names the same file:line:col both ways ($with)" ||
	fail "build error: '$with' against PoCL's '$without'"

ref="$XDG_CACHE_HOME/clings/ref"
ls "$ref"/*.bin >/dev/null 2>&1 && ok "the reference's binary is kept in the user's cache" || fail "no binary in $ref"
for b in "$ref"/*.bin; do printf 'not a binary\n' > "$b"; done
run solutions/memory_4.cl
passed && ! printf '%s\n' "$out" | grep -q 'clings: refbin' && ok "a damaged reference binary: built from source, and the pass" ||
	fail "damaged reference binary: $out"
run solutions/memory_4.cl
passed && printf '%s\n' "$out" | grep -q 'clings: refbin: the reference from its kept binary' &&
	ok "the next check takes the reference from the binary kept again" || fail "after damage: $out"
