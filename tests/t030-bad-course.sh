# Broken course files give "file:line: message" and exit 2: never a crash.
. tests/lib.sh
course=$(copy_course)
refused() { # FILE LINE-TO-INSERT-AFTER TEXT EXPECTED-LINE EXPECTED-TEXT
	cp "checks/memory_4.ini" "$course/checks/memory_4.ini"
	sed -i "$2a $3" "$course/checks/memory_4.ini"
	$CLINGS --course "$course" check memory_4 >/dev/null 2>"$TMP/err"; rc=$?
	[ $rc -eq 2 ] && ok "'$3' in a check ini exits 2" || fail "'$3': exit $rc, want 2"
	grep -q "memory_4.ini:$4: .*$5" "$TMP/err" && ok "'$3' is refused at memory_4.ini:$4 with '$5'" ||
		fail "'$3': $(cat "$TMP/err")"
}
line=$(grep -n '^\[let\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$line" "oops = ceil_div(len, " $((line + 1)) "expected"
refused memory_4.ini "$line" "this line is not ini" $((line + 1)) "syntax"
line=$(grep -n '^\[check\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$line" "colour = blue" $((line + 1)) "unknown key 'colour'"
refused memory_4.ini "$line" "analysis_time_limit_ms = soon" $((line + 1)) "analysis_time_limit_ms"
line=$(grep -n '^\[test ' checks/memory_4.ini | head -1 | cut -d: -f1)
refused memory_4.ini "$line" "analyze = fast" $((line + 1)) "analyze must be yes, optimised or no"
refused memory_4.ini "$line" "analyze = optimised" "$line" "a test with analyze = optimised needs access = no"
# a kernel name no kernel can have is the course's mistake, not every learner's mismatch
cp checks/memory_4.ini "$course/checks/memory_4.ini"
kline=$(grep -n '^kernel = ' checks/memory_4.ini | cut -d: -f1)
sed -i 's/^kernel = .*/kernel = 2fast/' "$course/checks/memory_4.ini"
$CLINGS --course "$course" check memory_4 >/dev/null 2>"$TMP/err"
grep -q "memory_4.ini:$kline: kernel must be a C identifier" "$TMP/err" &&
	ok "a kernel name that is no C identifier is the course's error, at its line" || fail "kernel 2fast: $(cat "$TMP/err")"
line=$(grep -n '^\[buffer out\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$((line - 1))" "[buffer nothing]\nsize = 1" "$((line + 1))" "no argument .nothing."
line=$(grep -n '^\[let\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$line" "extra = len * nonsense" "$((line + 1))" "unknown name .nonsense."
# loads per item below 1, and a flops expression of no size of the bench
line=$(grep -n '^\[bench\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$((line - 1))" "[access in]\nloads_per_item = 0.5" "$((line + 1))" "loads_per_item must be a number from 1"
refused memory_4.ini "$line" "flops = 2 * nothing" "$line" "flops: .*nothing"
# the keys of a host program's check: each refused at its line
line=$(grep -n '^\[check\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$line" "tolerance.abs = -1" $((line + 1)) "tolerance must be a non-negative finite number"
line=$(grep -n '^\[buffer out\]' checks/memory_4.ini | cut -d: -f1)
refused memory_4.ini "$((line - 1))" "[derive d]\nvalue = sum(out)" "$line" "\\[derive d\\] needs 'expect'"
refused memory_4.ini "$((line - 1))" "[derive d]\nvalue = sum(in) + 1\nexpect = 1" "$((line + 1))" "sum(in): 'in' is not an output buffer"
refused memory_4.ini "$line" "init = file(../checks/memory_4.ini)" "$((line + 1))" "name a file under the course's data/"
refused memory_4.ini "$line" "init = file(missing.txt)" "$((line + 1))" "cannot read data/missing.txt"
# a data file past its limit is refused from its size, never read (sparse files: no disk used)
mkdir -p "$course/data"
truncate -s 17M "$course/data/big.bin"
truncate -s 1G "$course/data/huge.txt"
refused memory_4.ini "$line" "init = file(big.bin)" "$((line + 1))" "data/big.bin is 17825792 bytes; a data file holds at most 16777216"
refused memory_4.ini "$line" "init = file(huge.txt)" "$((line + 1))" "data/huge.txt is 1073741824 bytes; a data file holds at most 16777216"
rm -f "$course/data/big.bin" "$course/data/huge.txt"
# a test's figures counted or not, a step timed by the bench or not: yes or no
line=$(grep -n '^\[test ' checks/memory_4.ini | head -1 | cut -d: -f1)
refused memory_4.ini "$line" "access = sometimes" "$((line + 1))" "access must be yes or no"
cp checks/scan_fast.ini "$course/checks/scan_fast.ini"
line=$(grep -n '^\[step clear\]' checks/scan_fast.ini | cut -d: -f1)
sed -i "${line}a bench = later" "$course/checks/scan_fast.ini"
$CLINGS --course "$course" check scan_fast >/dev/null 2>"$TMP/err"
grep -q "scan_fast.ini:$((line + 1)): bench must be yes or no" "$TMP/err" &&
	ok "a step's bench = later is refused at its line" || fail "bench = later: $(cat "$TMP/err")"
cp checks/scan_fast.ini "$course/checks/scan_fast.ini"
cp checks/memory_4.ini "$course/checks/memory_4.ini"
sed -i 's/^signature = \(.*\)uint len$/signature = \1uint2 len/' "$course/checks/memory_4.ini"
$CLINGS --course "$course" check memory_4 >/dev/null 2>"$TMP/err"
grep -q "memory_4.ini:5: argument 'uint2 len': vector types such as 'uint2' are not accepted" "$TMP/err" &&
	ok "a vector type in a signature is refused at its line" || fail "uint2: $(cat "$TMP/err")"
cp checks/memory_4.ini "$course/checks/memory_4.ini"
# an expectation anchored to a marker no line has, or two lines have
mkdir -p "$course/wrong/memory_4"
printf '// expect: wrong_result line @load\n// diagnosis: index_offset\n__kernel void k(void) { }\n' > "$course/wrong/memory_4/anchor.cl"
out=$($CLINGS --course "$course" validate --quick memory_4 2>&1)
printf '%s' "$out" | grep -q 'wrong/memory_4/anchor.cl:1: no comment // @load marks the line this expectation means' &&
	ok "an expectation without its marker is refused at its line" || fail "anchor: $out"
printf '// expect: wrong_result here\n// diagnosis: index_offset\nint a; // <- here\nint b; // <- here\n' > "$course/wrong/memory_4/anchor.cl"
out=$($CLINGS --course "$course" validate --quick memory_4 2>&1)
printf '%s' "$out" | grep -q 'wrong/memory_4/anchor.cl:1: more than one comment // <- here marks' &&
	ok "an expectation with two markers is refused" || fail "anchor twice: $out"
rm -r "$course/wrong/memory_4"

# A file without [check] is refused at its first line, not loaded as a check of no kernel; the
# cases of the tests are limited.
printf '[test t]\nlen = 1, 2\n' > "$course/checks/memory_4.ini"
$CLINGS --course "$course" check memory_4 >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok "a check ini without [check] exits 2" || fail "no [check]: exit $rc, want 2"
grep -q "memory_4.ini:1: \[check\] needs 'kernel'" "$TMP/err" && ok "a check ini without [check] is refused at line 1" ||
	fail "no [check]: $(cat "$TMP/err")"
cp checks/memory_4.ini "$course/checks/memory_4.ini"
printf '[test many]\nlen = 1, 2, 3, 4, 5, 6, 7, 8\nwg = 64, 64, 64, 64, 64, 64, 64, 64\nrepeat = 1, 2, 3, 4, 5, 6, 7, 8\n' >> "$course/checks/memory_4.ini"
$CLINGS --course "$course" check memory_4 >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok "tests of more than 256 cases exit 2" || fail "too many cases: exit $rc, want 2"
grep -q "memory_4.ini:[0-9]*: the tests make more than 256 cases" "$TMP/err" &&
	ok "tests of more than 256 cases are refused at their line" || fail "too many cases: $(cat "$TMP/err")"

# A broken exercise ini
cp checks/memory_4.ini "$course/checks/memory_4.ini"
printf '[exercise]\ntitle = x\norder = first\n' > "$course/exercises/memory_4.ini"
$CLINGS --course "$course" list >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok "a broken exercise ini exits 2" || fail "bad exercise ini: exit $rc"
grep -q "exercises/memory_4.ini:3: order" "$TMP/err" && ok "a broken exercise ini is refused at its line" || fail "bad exercise ini: $(cat "$TMP/err")"
# A name too long for the runner is refused, not cut to another exercise's name.
long=$(printf 'a%.0s' $(seq 70))
cp exercises/scale.ini "$course/exercises/$long.ini"
$CLINGS --course "$course" list >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok "an exercise name too long exits 2" || fail "too long a name: exit $rc"
grep -q "$long.ini: an exercise name .*fewer than 64" "$TMP/err" && ok "an exercise name too long is refused, not cut" || fail "too long a name: $(cat "$TMP/err")"
rm "$course/exercises/$long.ini"

# A reference solution that disagrees with the host's own computation is a course error,
# never a learner's verdict: a wrong reference here loads only one element per work-item.
cp -r exercises solutions checks "$course/" 2>/dev/null
cp wrong/memory_4/one_load.cl "$course/solutions/memory_4.cl"
out=$($CLINGS --course "$course" check memory_4 --file solutions/memory_4.cl --json 2>&1); rc=$?
[ $rc -eq 2 ] && ok "a reference that disagrees with the host exits 2" || fail "wrong reference: exit $rc, want 2: $out"
printf '%s' "$out" | grep -q '"verdict": "error"' && ok "a wrong reference is the course's error, not the learner's verdict" ||
	fail "wrong reference: $out"
printf '%s' "$out" | grep -q 'disagrees with the host' && ok "the message says the reference disagrees with the host" ||
	fail "wrong reference: $out"
cp solutions/memory_4.cl "$course/solutions/memory_4.cl"

# An expression that fails only in a later pass (len = 3 after the tiny test's first pass) is the
# check file's fault, found when the check is loaded (every pass is evaluated) and named at its
# line: not a crash of the learner's kernel.
sed -i '/^\[scalar len\]/,/^$/ s/^value = .*/value = len + 0 \/ (len - 3)/' "$course/checks/memory_4.ini"
out=$($CLINGS --course "$course" check memory_4 --file solutions/memory_4.cl --json 2>&1); rc=$?
[ $rc -eq 2 ] && ok "an expression that fails in a later pass exits 2" ||
	fail "expression failing in a pass: exit $rc, want 2: $out"
printf '%s' "$out" | grep -q '"verdict": "error"' && ok "an expression that fails in a later pass is the course's error" ||
	fail "expression failing in a pass: $out"
printf '%s' "$out" | grep -q "memory_4.ini:[0-9]*: value of 'len' in test '[^']*, pass 2': division by zero" &&
	ok "an expression that fails in a later pass is named at its line, test and pass" ||
	fail "expression failing in a pass: $out"
cp checks/memory_4.ini "$course/checks/memory_4.ini"

# Every lesson and hint file exists in every language, with at least one hint each.
$CLINGS --course "$course" validate --quick >/dev/null 2>"$TMP/err" && ok "validate finds a copy of the course sound" ||
	fail "validate: $(cat "$TMP/err")"
printf 'no heading\n' > "$course/lessons/pt-BR/scale.hints.md"
rm "$course/lessons/en/memory_4.md"
$CLINGS --course "$course" validate --quick >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && ok "validate of a course with a missing lesson and hint exits 1" || fail "validate of a broken course: exit $rc"
grep -q "pt-BR/scale.hints.md:1: no hints" "$TMP/err" && ok "validate names a hints file with no hint" || fail "validate, hints: $(cat "$TMP/err")"
grep -q "en/memory_4.md:1: the lesson is missing" "$TMP/err" && ok "validate names a missing lesson" || fail "validate, lesson: $(cat "$TMP/err")"

# A course that is not one
$CLINGS --course "$TMP" list >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok "a directory that is no course exits 2" || fail "not a course: exit $rc"

# Path keys stay inside the course; untrusted text never reaches the terminal raw.
c2=$(copy_course 2>/dev/null)
sed -i 's/^title = .*/&\nfile = ..\/..\/outside.cl/' "$c2/exercises/memory_4.ini"
out=$("$CLINGS" --course "$c2" list 2>&1); rc=$?
[ $rc -eq 2 ] && ok "a path key out of the course exits 2" || fail "a path out of the course: exit $rc: $out"
printf '%s' "$out" | grep -q 'memory_4.ini:3: file must be a file name' && ok "a path key out of the course is refused at its line" ||
	fail "path key: $out"
c3=$(mktemp -d)
cp -r "$c2"/* "$c3/"
git -C . show HEAD:exercises/memory_4.ini > "$c3/exercises/memory_4.ini" 2>/dev/null || cp exercises/memory_4.ini "$c3/exercises/"
sed -i 's/^title = .*/title = Evil \x1b]0;owned\x07 title/' "$c3/exercises/scale.ini"
out=$("$CLINGS" --course "$c3" list)
printf '%s' "$out" | grep -q "$(printf '\x1b')" && fail "an ESC of a title reached the terminal" ||
	ok "no ESC of a title reaches the terminal"
printf '%s' "$out" | grep -qF 'Evil ^[]0;owned^G title' && ok "the title's escapes are made visible" ||
	fail "the title, made visible: $out"
printf '__kernel void scale(__global const float *in) { \x1b[2J }\n' > "$c3/e.cl"
out=$("$CLINGS" --course "$c3" check scale --file "$c3/e.cl" --no-analysis)
printf '%s' "$out" | grep -q "$(printf '\x1b')" && fail "an ESC of the source reached the terminal" ||
	ok "no ESC of the source reaches the terminal"
printf '%s' "$out" | jq . >/dev/null 2>&1 || true
out=$("$CLINGS" --course "$c3" check scale --file "$c3/e.cl" --no-analysis --json)
printf '%s' "$out" | jq -e . >/dev/null && ok "--json of a source with an ESC is JSON" || fail "--json is not JSON: $out"
rm -rf "$c3"
# A FIFO where the stub is: reset does not block.
rm -f "$c2/exercises/scale.cl"
mkfifo "$c2/exercises/scale.cl"
timeout 10 "$CLINGS" --course "$c2" reset scale >/dev/null 2>&1
[ $? -ne 124 ] && ok "reset does not block on a FIFO" || fail "reset blocked on a FIFO"
# A right kernel saved with a UTF-8 byte-order mark (as Windows editors do) passes; its lines
# keep their numbers.
{ printf '\xef\xbb\xbf'; cat solutions/scale.cl; } > "$TMP/bom.cl"
"$CLINGS" check scale --file "$TMP/bom.cl" >/dev/null && ok "a right kernel with a byte-order mark passes" || fail "a byte-order mark makes a right kernel fail"
{ printf '\xef\xbb\xbf'; printf '__kernel void scale(__global const float *in)\n{\n\tint x = ;\n}\n'; } > "$TMP/bom2.cl"
line=$("$CLINGS" check scale --file "$TMP/bom2.cl" --json | jq -r .location.line)
[ "$line" = 3 ] && ok "after a byte-order mark, an error keeps its line number" || fail "after a byte-order mark, the error's line is $line, want 3"
# A line longer than inih reads is an error at its line, not a cut whose tail becomes a key.
c4=$(mktemp -d)   # not copy_course: its folder holds a FIFO by now
cp -r exercises solutions checks lessons "$c4/"
long=$(printf 'x%.0s' $(seq 190))
sed -i "s/^time_limit_ms = 4000$/time_limit_ms = 4000\\n; $long time_limit_ms = 1/" "$c4/checks/memory_4.ini"
out=$("$CLINGS" --course "$c4" validate --quick 2>&1); rc=$?
[ $rc -ne 0 ] && ok "validate refuses a line longer than inih reads" || fail "a too long line passed validate: $out"
printf '%s' "$out" | grep -q 'checks/memory_4.ini:7: line too long' && ok "a line too long is named at its line" ||
	fail "long line: $out"
rm -rf "$c4"
# The watcher too: a title, a compiler's log and a kernel's printf with escapes reach its
# output made visible (without a terminal the watcher prints no escape of its own).
. tests/lib-watch.sh
c5=$(mktemp -d)
cp -r exercises solutions checks lessons "$c5/"
sed -i 's/^title = .*/title = Evil \x1b]0;owned\x07 title/' "$c5/exercises/scale.ini"
printf '[clings]\nversion = 1\ncurrent = scale\n' > "$(state_file "$c5")"
printf '__kernel void scale(__global const float *in) { \x1b[2J }\n' > "$c5/exercises/scale.cl"
start_watch "$c5" "$TMP/watch-esc"
wait_checks "$TMP/watch-esc" 1 scale
stop_watch
grep -q "$(printf '\x1b')" "$TMP/watch-esc" && fail "an escape reached the watcher's output: $(cat -v "$TMP/watch-esc")" ||
	ok "no escape reaches the watcher's output"
grep -qF '^[[2J' "$TMP/watch-esc" && ok "the watcher shows the source line's escape made visible" ||
	fail "the source line, made visible: $(cat -v "$TMP/watch-esc")"
rm -rf "$c5"
exit 0
