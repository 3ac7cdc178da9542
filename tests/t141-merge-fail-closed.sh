# The merge of a class's shards fails closed: a record an older run left beside students' newer
# clings.json, a re-run that did not finish, shard fields out of range or naming another file, a
# record holding another shard's student, a record that is a FIFO or a link, a record that
# contradicts itself or draws markup into class.html, results written through a planted OUT/NAME
# link, a roster whose rows claim one submission twice or hold a NUL byte, two names that differ
# only in bytes that are no text, and cells a spreadsheet would read as formulas (also after `;`
# or `,`).
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-merge-tests
class=$TMP/class
mkdir -p "$class/ana" "$class/bad" "$class/empty"
cp solutions/scale.cl "$class/ana/"
grep -v '^// expect: ' wrong/scale/off_by_one.cl > "$class/bad/scale.cl"
args=(--exercises scale --format summary --no-analysis --jobs 1)
# The listing is ana, bad, empty: shard 0 of 2 grades ana and empty, shard 1 bad.
for i in 0 1; do
	"$CLINGS" grade --class "$class" --shard "$i/2" --out "$TMP/out" "${args[@]}" > /dev/null 2> "$TMP/g.err" ||
		fail "shard $i/2: $(tail -3 "$TMP/g.err")"
done
rec1=clings-shard-1-of-2.json
merge() {   # merge OUT DIR...: the merge's exit status in $rc, its stderr in $TMP/m.err (20 s at most)
	local out=$1
	shift
	rm -rf "$out"
	timeout 20 "$CLINGS" grade --merge "$@" --out "$out" > /dev/null 2> "$TMP/m.err"
	rc=$?
}
merge "$TMP/whole" "$TMP/out"
[ $rc = 0 ] && ok "the class as graded merges whole" || fail "merge: exit $rc, $(cat "$TMP/m.err")"

# A shard graded again whose run did not finish: its old record beside the newer clings.json.
cp -r "$TMP/out" "$TMP/again"
cp "$TMP/out/$rec1" "$TMP/old-record"
cp solutions/scale.cl "$class/bad/scale.cl"
"$CLINGS" grade --class "$class" --shard 1/2 --out "$TMP/again" "${args[@]}" > /dev/null 2>&1 || fail "regrading shard 1/2"
jq -e '.score == 1' "$TMP/again/bad/clings.json" > /dev/null || fail "the regraded bad is not 1/1: $(cat "$TMP/again/bad/clings.json")"
cp "$TMP/old-record" "$TMP/again/$rec1"   # as if the re-run was killed before its record
merge "$TMP/m" "$TMP/again"
[ $rc = 1 ] && grep -q '^bad: .*clings.json' "$TMP/m.err" &&
	jq -e '.students[] | select(.name == "bad") | .graded == false' "$TMP/m/class.json" > /dev/null &&
	grep -q $'^bad,,,bad,,,\r$' "$TMP/m/gradebook.csv" &&
	ok "a record its student's clings.json contradicts is named, and merged with no grade (exit 1)" ||
	fail "an old record beside a newer clings.json: exit $rc, $(cat "$TMP/m.err"); $(grep '^bad' "$TMP/m/gradebook.csv")"
rm -f "$TMP/again/bad/clings.json"
mkdir "$TMP/again/bad/clings.json"   # this re-run cannot write bad's results: it ends midway
"$CLINGS" grade --class "$class" --shard 1/2 --out "$TMP/again" "${args[@]}" > /dev/null 2>&1
rc=$?
[ $rc = 2 ] && [ ! -e "$TMP/again/$rec1" ] && ok "a shard's re-run that does not finish leaves no record (its old one is gone)" ||
	fail "a re-run that failed: exit $rc, $(ls "$TMP/again")"
grep -v '^// expect: ' wrong/scale/off_by_one.cl > "$class/bad/scale.cl"

# Shard fields out of range: refused with the record named, nothing written, never a signal.
edited() {   # edited DIR JQ: a copy of the graded output whose shard 1's record jq edits
	rm -rf "$1"
	cp -r "$TMP/out" "$1"
	jq "$2" "$TMP/out/$rec1" > "$1/$rec1"
}
edited "$TMP/zero" '.shards = 0'
rm "$TMP/zero/clings-shard-0-of-2.json"   # its students missing: the merge names their shard
merge "$TMP/m" "$TMP/zero"
[ $rc = 2 ] && grep -q "$rec1: .*shard" "$TMP/m.err" && [ ! -e "$TMP/m/class.json" ] &&
	ok "\"shards\": 0 is refused (exit 2), not a SIGFPE" || fail "shards 0: exit $rc, $(cat "$TMP/m.err")"
edited "$TMP/past" '.shard = 7'
merge "$TMP/m" "$TMP/past"
[ $rc = 2 ] && grep -q "$rec1: .*shard" "$TMP/m.err" && [ ! -e "$TMP/m/class.json" ] &&
	ok "a shard index past the count is refused" || fail "shard 7 of 2: exit $rc, $(cat "$TMP/m.err")"

rm -rf "$TMP/renamed" && cp -r "$TMP/out" "$TMP/renamed" && cp "$TMP/out/$rec1" "$TMP/renamed/clings-shard-0-of-2.json"
merge "$TMP/m" "$TMP/renamed"
[ $rc = 2 ] && grep -q "clings-shard-0-of-2.json: its shard fields name another file" "$TMP/m.err" &&
	ok "a record under another shard's name is refused" || fail "renamed record: exit $rc, $(cat "$TMP/m.err")"
rm -rf "$TMP/stray" && cp -r "$TMP/out" "$TMP/stray" && rm "$TMP/stray/clings-shard-0-of-2.json"
jq --slurpfile zero "$TMP/out/clings-shard-0-of-2.json" '.students += [$zero[0].students[] | select(.name == "ana")]' \
	"$TMP/out/$rec1" > "$TMP/stray/$rec1"
merge "$TMP/m" "$TMP/stray"
[ $rc = 2 ] && grep -q "$rec1: its student 1 .* is not one shard 1/2 grades" "$TMP/m.err" &&
	ok "a record holding a student of another shard is refused" || fail "stray student: exit $rc, $(cat "$TMP/m.err")"

# Only regular files are records: a FIFO does not hang the merge, a link is not followed.
rm -rf "$TMP/fifo" && cp -r "$TMP/out" "$TMP/fifo" && rm "$TMP/fifo/$rec1" && mkfifo "$TMP/fifo/$rec1"
merge "$TMP/m" "$TMP/fifo"
[ $rc = 2 ] && grep -q "$rec1: not a regular file" "$TMP/m.err" && ok "a FIFO record is refused at once" ||
	fail "FIFO record: exit $rc, $(cat "$TMP/m.err")"
echo 'hunter2 is the password' > "$TMP/secret"
rm -rf "$TMP/link" && cp -r "$TMP/out" "$TMP/link" && ln -sf "$TMP/secret" "$TMP/link/$rec1"
merge "$TMP/m" "$TMP/link"
[ $rc = 2 ] && grep -q "$rec1: a symbolic link" "$TMP/m.err" && ! grep -q hunter2 "$TMP/m.err" &&
	ok "a linked record is refused, nothing of the file it names quoted" || fail "linked record: exit $rc, $(cat "$TMP/m.err")"

# Records that contradict themselves, or whose verdict is markup: named, never merged, escaped.
contradicts() {   # contradicts WHAT JQ: bad's exercise edited in its record and its clings.json alike
	edited "$TMP/self" "(.students[] | select(.name == \"bad\") | .result) |= ($2)"
	jq "$2" "$TMP/out/bad/clings.json" > "$TMP/self/bad/clings.json"
	merge "$TMP/m" "$TMP/self"
	[ $rc = 1 ] && grep -q '^bad: .*contradicts itself' "$TMP/m.err" &&
		jq -e '.students[] | select(.name == "bad") | .graded == false' "$TMP/m/class.json" > /dev/null &&
		ok "a record of $1 is named, with no grade" || fail "$1: exit $rc, $(cat "$TMP/m.err")"
}
contradicts "999 of 2 points" '.exercises[0].points = 999 | .exercises[0].max_points = 2 | .score = 999 | .max_score = 2'
contradicts "points on wrong_result" '.exercises[0].points = 1 | .score = 1'
contradicts "a verdict that is markup" '.exercises[0].verdict = "<img src=x onerror=alert(1)>"'
grep -q '<img' "$TMP/m/class.html" && fail "a record's markup is in class.html" ||
	ok "nothing of a record's markup reaches class.html unescaped"

# Results are never written through a link planted at OUT/NAME.
rm -rf "$TMP/planted" "$TMP/victim" && mkdir -p "$TMP/planted" "$TMP/victim" && ln -s "$TMP/victim" "$TMP/planted/bad"
"$CLINGS" grade --class "$class" --shard 1/2 --out "$TMP/planted" "${args[@]}" > /dev/null 2> "$TMP/p.err"
rc=$?
[ $rc = 2 ] && [ -z "$(ls -A "$TMP/victim")" ] && grep -q 'planted/bad: a symbolic link' "$TMP/p.err" &&
	[ ! -e "$TMP/planted/$rec1" ] && ok "a link planted at OUT/NAME is refused, nothing written through it" ||
	fail "planted link: exit $rc, victim holds $(ls -A "$TMP/victim"), $(cat "$TMP/p.err")"

# A roster: one submission claimed twice, a NUL byte, formulas after ; or , neutralised.
printf 'Student,ID,submission\nAna,1,ana\nMallory,2,ana\nBad,3,bad\n' > "$TMP/twice.csv"
merge "$TMP/m" "$TMP/out" --roster "$TMP/twice.csv"
[ $rc = 2 ] && grep -q "twice.csv:3: .*'ana'.* line 2" "$TMP/m.err" && [ ! -e "$TMP/m/gradebook.csv" ] &&
	ok "two roster rows claiming one submission are refused, the row named" || fail "roster twice: exit $rc, $(cat "$TMP/m.err")"
printf 'Student,ID,submission\nAna,1,ana\nEve,2,e\0ve\nBad,3,bad\n' > "$TMP/nul.csv"
merge "$TMP/m" "$TMP/out" --roster "$TMP/nul.csv"
[ $rc = 2 ] && grep -q 'nul.csv:3: .*NUL' "$TMP/m.err" && ok "a roster holding a NUL byte is refused at its line" ||
	fail "roster NUL: exit $rc, $(cat "$TMP/m.err")"
printf 'Student,ID,submission\n"x;=1+1",1,ana\n"y, @SUM(A1)",2,bad\n-3,3,empty\n' > "$TMP/formula.csv"
merge "$TMP/m" "$TMP/out" --roster "$TMP/formula.csv"
[ $rc = 0 ] || fail "roster with formulas: exit $rc, $(cat "$TMP/m.err")"
grep -q "\"x;'=1+1\"" "$TMP/m/gradebook.csv" && grep -q "\"y, '@SUM(A1)\"" "$TMP/m/gradebook.csv" &&
	grep -q "^\"'-3\"," "$TMP/m/gradebook.csv" &&
	ok "a formula after ; or , is neutralised as at a cell's start" || fail "formulas: $(cat "$TMP/m/gradebook.csv")"

# Two names that differ only in bytes that are no text are two students.
utf=$TMP/utf
mkdir -p "$utf/x"$'\xff' "$utf/x"$'\xfe'
cp solutions/scale.cl "$utf/x"$'\xff'/
grep -v '^// expect: ' wrong/scale/off_by_one.cl > "$utf/x"$'\xfe'/scale.cl
"$CLINGS" grade --class "$utf" --out "$TMP/utf-out" "${args[@]}" > /dev/null 2> "$TMP/u.err"
rc=$?
[ $rc = 0 ] && [ "$(jq '[.students[] | select(.graded)] | length' "$TMP/utf-out/class.json")" = 2 ] &&
	[ "$(jq '[.students[].score] | sort' -c "$TMP/utf-out/class.json")" = '[0,1]' ] &&
	[ "$(jq '[.students[].name] | unique | length' "$TMP/utf-out/class.json")" = 2 ] &&
	ok "names that differ only in invalid UTF-8 keep their own grades and names" ||
	fail "invalid UTF-8 names: exit $rc, $(jq -c .students "$TMP/utf-out/class.json" 2>&1 | cut -c1-300) $(cat "$TMP/u.err")"
