# [repeat] compare chooses the passes whose outputs leave the child and are compared: a pulsar
# (period 3) on the instructor course's 16 x 16 board, run for many generations with
# `compare = last`, passes with the solution and fails with a rule that kills cells of three
# neighbours, at the pass compared; `compare = every 1000` names the first pass it compares; a
# pass not compared is still judged when it writes past a buffer's end. Comparing each of
# 300,000 passes would send more than a run may (64 MB): validate refuses it at the compare
# line (at the while line without one). The runs here are 3,000 generations: 300,000 take about
# 45 s on PoCL with two processors, the same code.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
cat > "$C/data/pulsar.txt" <<'DATA'
# a pulsar, period 3, on a 16 x 16 board
sparse 16 16
1 3
1 4
1 5
1 9
1 10
1 11
3 1
3 6
3 8
3 13
4 1
4 6
4 8
4 13
5 1
5 6
5 8
5 13
6 3
6 4
6 5
6 9
6 10
6 11
8 3
8 4
8 5
8 9
8 10
8 11
9 1
9 6
9 8
9 13
10 1
10 6
10 8
10 13
11 1
11 6
11 8
11 13
13 3
13 4
13 5
13 9
13 10
13 11
DATA
life="$C/checks/life.ini"
sed -i -e 's/glider\.txt/pulsar.txt/' -e 's/^\[test glider\]$/[test pulsar]/' \
	-e 's/^kernel = life$/kernel = life\ntime_limit_ms = 60000/' \
	-e 's/^while = gen < 150$/while = gen < GENERATIONS\ncompare = COMPARE/' "$life"
cp "$life" "$TMP/life.ini"
loop() {   # loop GENERATIONS COMPARE: the check's loop
	sed -e "s/GENERATIONS/$1/" -e "s/COMPARE/$2/" "$TMP/life.ini" > "$life"
}
# the solution's rule, but a live cell of three neighbours dies
sed 's/alive == 3 || (self \&\& alive == 2)/(!self \&\& alive == 3) || (self \&\& alive == 2)/' \
	"$C/solutions/life.cl" > "$TMP/kill3.cl"
# the solution, writing past next's end from the one cell alive only in the pulsar's second
# phase: passes 2, 5, 8... and never the last of 3,000 (which reads the third)
sed 's/^\tnext\[y \* n + x\] = .*/&\n\tif (x == 0 \&\& y == 0 \&\& board[4])\n\t\tnext[n * n + 5] = 1;/' \
	"$C/solutions/life.cl" > "$TMP/past_end.cl"
grep -q 'next\[n \* n + 5\]' "$TMP/past_end.cl" && grep -q '!self' "$TMP/kill3.cl" || fail "the wrong kernels"

loop 3000 last
out=$("$CLINGS" --course "$C" validate --quick life 2>&1) && printf '%s' "$out" | grep -q '0 problems' &&
	ok "3,000 generations compared at the last validate" || fail "validate: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = pass ] && ok "the solution passes" || fail "solution: $out"
out=$("$CLINGS" --course "$C" check life --file "$TMP/kill3.cl" --no-analysis --json)
msg=$(printf '%s' "$out" | jq -r .message)
[ "$(printf '%s' "$out" | jq -r .verdict)" = wrong_result ] &&
	printf '%s' "$msg" | grep -q '^Test pulsar n=16 gen=1: pass 3000 of 3000: next at (row ' &&
	ok "a rule that kills cells of three neighbours is wrong at the last pass, named" ||
	fail "kill3: $out"
out=$("$CLINGS" --course "$C" check life --file "$TMP/past_end.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r '.verdict, .facts.pass, .facts.index' | tr '\n' ' ')" = "out_of_bounds 2 261 " ] &&
	printf '%s' "$out" | jq -r .message | grep -q "wrote past the end of 'next'" &&
	ok "a pass not compared that writes past the end is named, its pass in the facts" ||
	fail "past_end: $out"

out=$("$CLINGS" --course "$C" lesson life | tr -s ' \n' '  ')
printf '%s' "$out" | grep -q 'within the time limit. Only the last pass is compared: the loop.s result.' &&
	ok "the lesson's generated section says only the last pass is compared" || fail "lesson: $out"
out=$("$CLINGS" --lang pt-BR --course "$C" lesson life | tr -s ' \n' '  ')
printf '%s' "$out" | grep -q 'dentro do limite de tempo. Só a última passada é comparada: o resultado do laço.' &&
	ok "in Portuguese too" || fail "lesson pt-BR: $out"

loop 3000 'every 1000'
out=$("$CLINGS" --course "$C" lesson life | tr -s ' \n' '  ')
printf '%s' "$out" | grep -q 'within the time limit. Passes 1000, 2000, 3000... and the last are compared.' &&
	ok "and with every 1000, which passes" || fail "lesson every 1000: $out"
out=$("$CLINGS" --course "$C" check life --file "$TMP/kill3.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q '^Test pulsar n=16 gen=1: pass 1000 of 3000: next at (row ' &&
	ok "compare = every 1000 names the first pass it compares" || fail "every 1000: $out"

loop 300000 every
line=$(grep -n '^compare = every$' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] compare = every: by pass [0-9]* of test 'pulsar n=16 gen=1', the run sends 64 MB of results with the tests before it, more than a run may send (64 MB); compare = last or compare = every N compares fewer passes" &&
	ok "comparing each of 300,000 passes is refused at the compare line, the cap named" ||
	fail "every: $out"
sed -i '/^compare = every$/d' "$life"
line=$(grep -n '^while = gen < 300000$' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] compare = every: by pass" &&
	ok "without the key, at the while line" || fail "no key: $out"
loop 300000 sometimes
line=$(grep -n '^compare = sometimes$' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] compare: 'sometimes' is not every, last or every N" &&
	ok "a value that is none of them is refused at its line" || fail "bad value: $out"
exit 0
