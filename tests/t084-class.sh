# A class graded in two shards and merged: the same class.json, gradebook and page as the class
# graded in one process; the merge's refusals (another seed, another course, another clings
# version, another exercise list); students missing or graded twice named and left without a
# grade; a roster's identities in the gradebook, read back with Python's csv; the page rendered
# by headless Chromium, its charts' numbers those of class.json; the progress line on a
# terminal only.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-class-tests
class=$TMP/class
mkdir -p "$class"
unexpect() { grep -v '^// expect: ' "$1"; }
for s in ana bruno; do mkdir "$class/$s"; cp solutions/scale.cl "$class/$s/"; done
for w in off_by_one no_guard ignores_factor; do mkdir "$class/$w"; unexpect "wrong/scale/$w.cl" > "$class/$w/scale.cl"; done
mkdir "$class/empty" "$class/class.json"
echo 'not a kernel' > "$class/notes.txt"
args=(--exercises scale --format summary --jobs 1)

"$CLINGS" grade --class "$class" --out "$TMP/one" "${args[@]}" > "$TMP/one.out" 2> "$TMP/one.err" ||
	fail "grade --class: $(tail -3 "$TMP/one.err")"
for f in class.json gradebook.csv class.html clings-shard-0-of-1.json; do
	[ -s "$TMP/one/$f" ] || fail "grade --class wrote no $f"
done
ok "grade --class in one process writes class.json, gradebook.csv, class.html and its record"
grep -qx 'class.json: not graded: its name is one the class.s results take.*' "$TMP/one.out" &&
	ok "an entry named like a class output is named, not graded" || fail "class.json entry: $(cat "$TMP/one.out")"
tests/grade/class-check gradebook "$TMP/one" > "$TMP/msg" && ok "the gradebook, read by Python's csv, holds each student's clings.json points" ||
	fail "gradebook: $(cat "$TMP/msg")"
verdict() { jq -r --arg v "$2" '[.summary[] | select(.name == "scale") | .verdicts[] | select(.verdict == $v) | .count][0] // 0' "$1/class.json"; }
[ "$(verdict "$TMP/one" pass)" = 2 ] && [ "$(verdict "$TMP/one" out_of_bounds)" = 2 ] &&
	[ "$(verdict "$TMP/one" wrong_result)" = 1 ] && [ "$(verdict "$TMP/one" not_submitted)" = 1 ] &&
	ok "the summary counts the class's known verdicts (2 pass, 2 out_of_bounds, 1 wrong_result, 1 not submitted)" ||
	fail "verdicts: $(jq -c '.summary[0].verdicts' "$TMP/one/class.json")"
jq -e '[.summary[0].diagnoses[].id] | index("guard_off_by_one") and index("guard_missing")' "$TMP/one/class.json" > /dev/null &&
	ok "the summary names the known mistakes' diagnoses (guard_off_by_one, guard_missing)" ||
	fail "diagnoses: $(jq -c '.summary[0].diagnoses' "$TMP/one/class.json")"
jq -e '[.not_graded[].name] == ["class.json", "notes.txt"]' "$TMP/one/class.json" > /dev/null &&
	ok "class.json names the entries not graded" || fail "not_graded: $(jq -c .not_graded "$TMP/one/class.json")"

# Two shards, merged.
for i in 0 1; do
	"$CLINGS" grade --class "$class" --shard "$i/2" --out "$TMP/s$i" "${args[@]}" > /dev/null 2>&1 || fail "shard $i/2"
	[ ! -e "$TMP/s$i/class.json" ] && [ -s "$TMP/s$i/clings-shard-$i-of-2.json" ] || fail "shard $i/2 wrote $(ls "$TMP/s$i")"
done
"$CLINGS" grade --merge "$TMP/s0" "$TMP/s1" --out "$TMP/merged" 2> "$TMP/merge.err" && ok "the merge of both shards exits 0" ||
	fail "merge: $(cat "$TMP/merge.err")"
mask() { jq -S 'del(.shards) | del(.summary[].slowest) | walk(if type == "object" then del(.seconds) else . end)' "$1"; }
diff <(mask "$TMP/one/class.json") <(mask "$TMP/merged/class.json") > "$TMP/diff" &&
	ok "the merged class.json is the one-process one (times, the slowest kernels and the shard count aside)" || fail "class.json differs: $(head -20 "$TMP/diff")"
cmp -s "$TMP/one/gradebook.csv" "$TMP/merged/gradebook.csv" && ok "the merged gradebook is the one-process one, byte for byte" ||
	fail "gradebook differs: $(diff "$TMP/one/gradebook.csv" "$TMP/merged/gradebook.csv")"

# Missing and duplicated students.
"$CLINGS" grade --merge "$TMP/s0" --out "$TMP/half" 2> "$TMP/half.err"
rc=$?
[ $rc = 1 ] && ok "a merge without shard 1 exits 1" || fail "merge of one shard of two: exit $rc"
missing=$(jq -r '[.class[]] | to_entries[] | select(.key % 2 == 1) | .value' "$TMP/s1/clings-shard-1-of-2.json")
for m in $missing; do
	grep -q "^$m: missing: no record of shard 1/2" "$TMP/half.err" || fail "$m is not named missing: $(cat "$TMP/half.err")"
	grep -q "^$m,,,$m,,,\$" <(tr -d '\r' < "$TMP/half/gradebook.csv") || fail "$m has a grade: $(grep "^$m," "$TMP/half/gradebook.csv")"
done
ok "each student of the missing shard is named, and has empty cells in the gradebook"
tests/grade/class-check gradebook "$TMP/half" - "$TMP/s0" > "$TMP/msg" || fail "half: $(cat "$TMP/msg")"
cp -r "$TMP/s0" "$TMP/s0again"
"$CLINGS" grade --merge "$TMP/s0" "$TMP/s1" "$TMP/s0again" --out "$TMP/twice" 2> "$TMP/twice.err"
rc=$?
first=$(jq -r '.class[0]' "$TMP/s0/clings-shard-0-of-2.json")
[ $rc = 1 ] && grep -q "^$first: graded twice" "$TMP/twice.err" && jq -e --arg n "$first" \
	'.students[] | select(.name == $n) | .graded == false' "$TMP/twice/class.json" > /dev/null &&
	ok "a student in two records is named and gets no grade" || fail "twice: exit $rc, $(cat "$TMP/twice.err")"

# Refusals: nothing written, exit 2, the difference named.
refused() {   # refused WHAT DIR...: the merge of DIRs refuses, naming WHAT
	local what=$1
	shift
	rm -rf "$TMP/refused"
	"$CLINGS" grade --merge "$@" --out "$TMP/refused" 2> "$TMP/ref.err"
	local rc=$?
	[ $rc = 2 ] && grep -q "graded with different $what" "$TMP/ref.err" && [ ! -e "$TMP/refused/class.json" ] &&
		ok "shards of different $what are refused, nothing written" || fail "different $what: exit $rc, $(cat "$TMP/ref.err")"
}
"$CLINGS" grade --class "$class" --shard 1/2 --out "$TMP/seed" "${args[@]}" --seed 42 > /dev/null 2>&1
refused seeds "$TMP/s0" "$TMP/seed"
"$CLINGS" grade --class "$class" --shard 1/2 --out "$TMP/exs" --exercises scale,memory_4 --format summary --no-analysis > /dev/null 2>&1
refused exercises "$TMP/s0" "$TMP/exs"
course=$(copy_course)
sed -i 's/^points *=.*//; /^\[exercise\]/a points = 3' "$course/exercises/scale.ini" 2>/dev/null
grep -q '^points = 3' "$course/exercises/scale.ini" || printf '\n[exercise]\npoints = 3\n' >> "$course/exercises/scale.ini"
"$CLINGS" --course "$course" grade --class "$class" --shard 1/2 --out "$TMP/course" "${args[@]}" > /dev/null 2> "$TMP/c.err" ||
	fail "grading with another course: $(tail -2 "$TMP/c.err")"
refused courses "$TMP/s0" "$TMP/course"
cp -r "$TMP/s1" "$TMP/version"
jq '.clings = "0.9"' "$TMP/s1/clings-shard-1-of-2.json" > "$TMP/version/clings-shard-1-of-2.json"
refused "clings versions" "$TMP/s0" "$TMP/version"
"$CLINGS" grade --merge "$TMP/class" --out "$TMP/refused" 2> "$TMP/ref.err"
[ $? = 2 ] && grep -q "no clings-shard-\*.json" "$TMP/ref.err" && ok "a directory that holds no record is refused" ||
	fail "no record: $(cat "$TMP/ref.err")"

# A roster: its identities in the gradebook, a roster student without a submission named.
printf 'Student,ID,submission,SIS Login ID,Section\n"Silva, Ana",101,ana,asilva,A\n"Bruno ""B"" Costa",102,bruno,bcosta,A\nZoe,103,zoe,zoe,B\n' > "$TMP/roster.csv"
"$CLINGS" grade --merge "$TMP/s0" "$TMP/s1" --roster "$TMP/roster.csv" --out "$TMP/rostered" 2> "$TMP/r.err" || fail "roster merge: $(cat "$TMP/r.err")"
tests/grade/class-check gradebook "$TMP/rostered" "$TMP/roster.csv" "$TMP/s0" "$TMP/s1" > "$TMP/msg" &&
	ok "with a roster, the gradebook carries its columns and rows (quotes and commas kept), read back by csv" || fail "roster: $(cat "$TMP/msg")"
jq -e '.not_graded[] | select(.name == "zoe") | .reason | test("roster")' "$TMP/rostered/class.json" > /dev/null &&
	grep -q '^off_by_one: not on the roster' "$TMP/r.err" &&
	ok "a roster student without a submission, and a submission not on the roster, are named" || fail "roster names: $(cat "$TMP/r.err")"
printf 'Student,ID\n"broken,1\n' > "$TMP/bad.csv"
"$CLINGS" grade --merge "$TMP/s0" "$TMP/s1" --roster "$TMP/bad.csv" --out "$TMP/refused" 2> "$TMP/ref.err"
[ $? = 2 ] && grep -q "bad.csv:2: a quoted field is never closed" "$TMP/ref.err" && ok "a broken roster is named with file:line" ||
	fail "broken roster: $(cat "$TMP/ref.err")"
printf 'Student,ID\nAna,1\n' > "$TMP/nosub.csv"
"$CLINGS" grade --merge "$TMP/s0" "$TMP/s1" --roster "$TMP/nosub.csv" --out "$TMP/refused" 2> "$TMP/ref.err"
[ $? = 2 ] && grep -q "nosub.csv:1: the roster has no .submission. column" "$TMP/ref.err" && ok "a roster without a submission column is refused" ||
	fail "roster without submission: $(cat "$TMP/ref.err")"

# The page, in a browser.
if command -v chromium > /dev/null 2>&1; then
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,1600 \
		--screenshot="$TMP/page.png" "file://$TMP/merged/class.html" > "$TMP/chromium.log" 2>&1
	[ -s "$TMP/page.png" ] || fail "chromium wrote no screenshot: $(tail -3 "$TMP/chromium.log")"
	tests/grade/class-check page "$TMP/merged" "$TMP/page.png" > "$TMP/msg" &&
		ok "class.html rendered by Chromium: not blank, its bars drawn, its charts' numbers class.json's, nothing fetched" ||
		fail "page: $(cat "$TMP/msg")"
else
	tap_record skip "chromium is not installed: the page is not rendered (scripts/install-deps installs it)"
fi

# The progress line: on a terminal, not in a pipe.
mkdir -p "$TMP/small/a"
cp solutions/scale.cl "$TMP/small/a/"
mkdir "$TMP/small/b"
script -qec "$CLINGS grade --class $TMP/small --out $TMP/tty ${args[*]}" /dev/null > "$TMP/tty.log" 2>&1
grep -q '1 done, 1 left' "$TMP/tty.log" && ok "on a terminal, a progress line says done and left" || fail "no progress line: $(cat -v "$TMP/tty.log")"
"$CLINGS" grade --class "$TMP/small" --out "$TMP/pipe" "${args[@]}" > "$TMP/pipe.log" 2>&1
grep -q ' done, ' "$TMP/pipe.log" && fail "a progress line in a pipe: $(cat -v "$TMP/pipe.log")" || ok "no progress line when stderr is no terminal"
