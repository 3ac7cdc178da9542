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

# The caches: no kernel reads the reference's compiled program, its kept binary (clings' ref/) or
# a classmate's compiled kernel. The reference and bob's kernel carry a string of their own into
# what is compiled; tests/hostile/walk_cache.cl walks PoCL's kernel cache and ref/, every file.
cache_course=$TMP/cache-course
cp -r "$course" "$cache_course"
mark_kernel() {   # mark_kernel SOURCE TEXT: SOURCE with TEXT in its compiled program
	printf '__constant char clings_mark[] = "%s";\n' "$2"
	sed 's/^{$/{\n\tif (len == 0xfffffffe) out[0] = clings_mark[get_local_id(0)];/' "$1"
}
mark_kernel solutions/memory_4.cl "MARK:ref-$secret" > "$cache_course/solutions/memory_4.cl"
mark_kernel solutions/memory_4.cl "MARK:bob-$secret" > "$TMP/bob-marked.cl"
grep -q 'clings_mark\[get_local_id' "$cache_course/solutions/memory_4.cl" || fail "the marked solution: $(cat "$cache_course/solutions/memory_4.cl")"
pocl=$TMP/pocl-cache refs=$XDG_CACHE_HOME/clings/ref
POCL_CACHE_DIR=$pocl "$CLINGS" --course "$cache_course" check memory_4 --file "$TMP/bob-marked.cl" --no-analysis --json > "$TMP/bob.json" 2>&1
[ "$(jq -r .verdict "$TMP/bob.json")" = pass ] && ok "bob's marked kernel passes beside the marked reference" ||
	fail "bob, marked: $(head -c 300 "$TMP/bob.json")"
grep -rqsF "MARK:ref-" "$pocl" && ok "the reference's program is in PoCL's cache (the test's premise)" ||
	fail "no compiled reference in $pocl: $(find "$pocl" | head)"
grep -rqsF "MARK:ref-" "$refs" && ok "the reference's kept binary is in ref/ (the test's premise)" ||
	fail "no kept reference binary in $refs: $(ls -la "$refs" 2>&1)"
grep -rqsF "MARK:bob-" "$pocl" && fail "bob's compiled kernel was left in the shared PoCL cache" ||
	ok "bob's compiled kernel is not left in the shared PoCL cache"
walker() {   # walker DIR OUT: walk_cache.cl aimed at DIR
	{ printf '#define CLINGS_HOSTILE_PATH "%s"\n#define CLINGS_HOSTILE_NEEDLE "MARK:"\n' "$1"
	  cat tests/hostile/walk_cache.cl; } > "$2"
}
# The walker finds the marks where it can read (no namespaces): the test can fail.
walker "$pocl" "$TMP/walk-pocl.cl"
walker "$refs" "$TMP/walk-ref.cl"
CLINGS_NO_NAMESPACES=1 POCL_CACHE_DIR=$pocl "$CLINGS" --course "$cache_course" check memory_4 --file "$TMP/walk-ref.cl" \
	--no-analysis --json > "$TMP/walk-self.json" 2>&1
leaked "ref-$secret" "$TMP/walk-self.json" && ok "without namespaces, the walker reads ref/: the mark shows in its result" ||
	fail "the walker leaks nothing even where it can read ref/: $(head -c 300 "$TMP/walk-self.json")"
for dir in pocl ref; do
	for how in check grade; do
		rm -rf "$TMP/walk-out"
		if [ $how = check ]; then
			POCL_CACHE_DIR=$pocl "$CLINGS" --course "$cache_course" check memory_4 --file "$TMP/walk-$dir.cl" \
				--json > "$TMP/walk.json" 2>&1
			v=$(jq -r .verdict "$TMP/walk.json")
		else
			mkdir -p "$TMP/walk-class/eve"
			cp "$TMP/walk-$dir.cl" "$TMP/walk-class/eve/memory_4.cl"
			POCL_CACHE_DIR=$pocl "$CLINGS" --course "$cache_course" grade --class "$TMP/walk-class" \
				--out "$TMP/walk-out" --exercises memory_4 --format all > "$TMP/walk.json" 2>&1
			v=$(jq -r '.exercises[] | select(.name == "memory_4") | .verdict' "$TMP/walk-out/eve/clings.json")
		fi
		[ -n "$v" ] && [ "$v" != pass ] && [ "$v" != error ] && ok "$how, a kernel walking $dir: a failure ($v)" ||
			fail "$how, walking $dir: verdict ${v:-none}: $(head -c 300 "$TMP/walk.json")"
		for who in ref bob; do
			leaked "$who-$secret" "$TMP/walk.json" $( [ $how = grade ] && echo "$TMP/walk-out/eve"/*) &&
				fail "$how, walking $dir: bytes of the $who's compiled kernel reached the results" ||
				ok "$how, walking $dir: no byte of the $who's compiled kernel in the results"
		done
	done
done

# A child that cannot build its root does not run: an error of clings, not the learner's fail.
POCL_CACHE_DIR=/proc/self/no-such-dir "$CLINGS" --course "$course" check memory_4 --file solutions/memory_4.cl --json --no-cache > "$TMP/setup.json" 2>&1
[ "$(jq -r .verdict "$TMP/setup.json")" = error ] && ok "a child without its root: verdict error" ||
	fail "a child without its root: $(cat "$TMP/setup.json")"
exit 0
