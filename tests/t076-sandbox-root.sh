# What a kernel's processes see (isolate.c): nothing of the class, the output directory, the
# course or the environment. Hostile kernels (tests/hostile/read_needle.cl) look for a marker in
# such a file and copy the 16 bytes after it into their output, where a wrong result shows them
# as ints: none of those bytes may reach a verdict or a result file, whatever the verdict.
. tests/lib.sh
command -v jq >/dev/null || fail "jq is missing (scripts/install-deps installs it)"
"$CLINGS" devices | grep -q 'Isolation: namespaces' || skip_all "no user namespaces here: kernels see what the user sees"
secret="Sup3r-s3cret-$$-XYZZY"
course=$(copy_course)

# leaked TEXT FILES...: whether the 16 bytes of TEXT, or the ints a wrong result would show of
# them (little-endian, as the kernel copied them), are in any of the files
leaked() {
	local text=$1 n
	shift
	grep -Fqs -- "${text:0:8}" "$@" && return 0
	for n in $(printf '%s' "${text:0:16}" | od -An -td4); do
		grep -Eqs -- "(^|[^0-9])$n([^0-9]|$)" "$@" && return 0
	done
	return 1
}
hostile_kernel() {   # hostile_kernel PATH NEEDLE OUT: read_needle.cl aimed at PATH
	{ printf '#define CLINGS_HOSTILE_PATH "%s"\n#define CLINGS_HOSTILE_NEEDLE "%s"\n' "$1" "$2"
	  cat tests/hostile/read_needle.cl; } > "$3"
}

# The test's own kernel finds its marker where it can read: the check is no test otherwise.
echo "// MARK:$secret" > "$TMP/visible.cl"
hostile_kernel "$TMP/visible.cl" "MARK:" "$TMP/k-self.cl"
CLINGS_NO_NAMESPACES=1 "$CLINGS" --course "$course" check memory_4 --file "$TMP/k-self.cl" --json > "$TMP/self.json" 2>&1
leaked "$secret" "$TMP/self.json" && ok "without namespaces, the kernel reads the file: the marker shows in its result" ||
	fail "the hostile kernel leaks nothing even where it can read the file: $(head -c 300 "$TMP/self.json")"

# A class: bob's kernel, an earlier result in the output directory, and the kernels of those
# who read them.
class=$TMP/class out=$TMP/out
mkdir -p "$class/bob" "$out/zoe"
{ cat solutions/memory_4.cl; echo "// MARK:$secret"; } > "$class/bob/memory_4.cl"
printf '{"submission": "zoe", "MARK:%s": 1}\n' "$secret" > "$out/zoe/clings.json"
echo "; MARK:$secret" >> "$course/checks/memory_4.ini"
cp tests/unit/data/oclgrind-reduction-correct.cl "$TMP/data.cl"
data_text=$(sed -n 's/.*__kernel void //p' "$TMP/data.cl" | head -1)
cases="classmate|$class/bob/memory_4.cl|MARK:
output|$out/zoe/clings.json|MARK:
course|$course/checks/memory_4.ini|MARK:
unit-data|$PWD/tests/unit/data/oclgrind-reduction-correct.cl|__kernel void 
environ|/proc/self/environ|CLINGS_GRADE_SECRET="
while IFS='|' read -r name path needle; do
	mkdir -p "$class/$name"
	hostile_kernel "$path" "$needle" "$class/$name/memory_4.cl"
done <<< "$cases"
CLINGS_GRADE_SECRET=$secret "$CLINGS" --course "$course" grade --class "$class" --out "$out" \
	--exercises memory_4 --format all > "$TMP/grade.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "the class is graded" || fail "grade: exit $rc: $(cat "$TMP/grade.out")"
while IFS='|' read -r name path _; do
	v=$(jq -r '.exercises[] | select(.name == "memory_4") | .verdict' "$out/$name/clings.json")
	[ -n "$v" ] && [ "$v" != pass ] && [ "$v" != error ] && ok "$name: a failure ($v)" ||
		fail "$name: verdict ${v:-none}: $(head -c 300 "$out/$name/clings.json")"
	what=$secret
	[ "$name" = unit-data ] && what=$data_text
	leaked "$what" "$out/$name"/* "$TMP/grade.out" && fail "$name: bytes of $path reached the results" ||
		ok "$name: no byte of $path in the results"
done <<< "$cases"
[ "$(jq -r '.exercises[] | select(.name == "memory_4") | .verdict' "$out/bob/clings.json")" = pass ] &&
	ok "bob's right kernel passes" || fail "bob: $(head -c 300 "$out/bob/clings.json")"

# The tutorial: a secret in clings' environment is no more in its checks' (an empty environment).
hostile_kernel /proc/self/environ "CLINGS_GRADE_SECRET=" "$TMP/k-env.cl"
CLINGS_GRADE_SECRET=$secret "$CLINGS" --course "$course" check memory_4 --file "$TMP/k-env.cl" --json > "$TMP/env.json" 2>&1
leaked "$secret" "$TMP/env.json" && fail "check: the environment's secret reached the verdict" ||
	ok "check: no byte of the environment's secret in the verdict"
# ... and where namespaces are refused too (the environment is emptied all the same).
CLINGS_NO_NAMESPACES=1 CLINGS_GRADE_SECRET=$secret "$CLINGS" --course "$course" check memory_4 --file "$TMP/k-env.cl" --json > "$TMP/env2.json" 2>&1
leaked "$secret" "$TMP/env2.json" && fail "check without namespaces: the environment's secret reached the verdict" ||
	ok "check without namespaces: no byte of the environment's secret in the verdict"

# Grading with a secret where kernels cannot be isolated: refused, nothing graded.
CLINGS_NO_NAMESPACES=1 CLINGS_GRADE_SECRET=$secret "$CLINGS" --course "$course" grade "$class/bob" \
	--out "$TMP/out2" --exercises memory_4 > "$TMP/refused.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q 'refusing to grade' "$TMP/refused.out" && [ ! -e "$TMP/out2/clings.json" ] &&
	ok "without namespaces, grading with a secret is refused (exit 2)" || fail "no namespaces, secret: exit $rc: $(cat "$TMP/refused.out")"

# A child that cannot build its root does not run: an error of clings, not the learner's fail.
POCL_CACHE_DIR=/proc/self/no-such-dir "$CLINGS" --course "$course" check memory_4 --file solutions/memory_4.cl --json --no-cache > "$TMP/setup.json" 2>&1
[ "$(jq -r .verdict "$TMP/setup.json")" = error ] && ok "a child without its root: verdict error" ||
	fail "a child without its root: $(cat "$TMP/setup.json")"
exit 0
