# Without a terminal, l and v print the lesson and the whole last verdict (the compiler's log
# once, under its heading, in the learner's language) and leave the keys as they were: n, p
# and l work after them, and one q quits.
. tests/lib.sh
. tests/lib-watch.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
out="$TMP/out"
printf '__kernel void copy(__global int *x) { x[0] = undeclared_y; }\n' > "$TMP/bad.cl"
cp "$TMP/bad.cl" "$file"
printf '[clings]\nversion = 1\ncurrent = copy\n' > "$(state_file "$course")"

start() { start_watch "$course" "$out" "$@"; }
seen() { wait_lines "$out" "$@"; }
quits() { stop_watch "$1"; }

start
seen '^copy: FAIL Does not compile'
echo v >&3
seen '^Last verdict for copy$'
echo l >&3
seen '^Lesson: Copy a buffer$'
seen 'COPY-LESSON-MARKER'
ok "without a terminal, v prints the last verdict and l the lesson"
report=$(sed -n '/^Last verdict for copy$/,/^Lesson: /p' "$out")
[ "$(printf '%s\n' "$report" | grep -c 'Compiler log:')" -eq 1 ] && ok "v prints one 'Compiler log:' heading" || fail "v: no one 'Compiler log:': $report"
[ "$(printf '%s\n' "$report" | grep -c 'failed to build the program')" -eq 1 ] &&
	ok "v prints the compiler's log once" ||
	fail "v: the compiler's log is not there once: $report"

# n still moves on (the pass is checked as it was), p comes back, v on a wrong result.
cp "$course/solutions/copy.cl" "$file"
seen '^copy: PASS'
echo n >&3
seen '^1/2 done\. Exercise 2: Scale a buffer'
seen '^scale: FAIL'
echo v >&3
seen '^Last verdict for scale$'
echo p >&3
seen '^1/2 done\. Exercise 1: Copy a buffer'
echo l >&3
seen 'COPY-LESSON-MARKER' 2
ok "after v and l, n moves on from a pass, v works on a wrong result, p comes back, l again"
quits "l"

# The same in Portuguese, and one q after v.
cp "$TMP/bad.cl" "$file"
start --lang pt-BR
seen '^copy: FAIL Não compila'
echo v >&3
seen '^Último veredito de copy$'
seen 'Saída do compilador:'
ok "in Portuguese, v prints 'Último veredito' and 'Saída do compilador:'"
grep -q 'Compiler log' "$out" && fail "v in Portuguese: $(cat "$out")" || ok "v in Portuguese has no English heading"
quits "v"
exit 0
