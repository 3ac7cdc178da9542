# The repair (engine/repair/repair.h): for one small wrong kernel a rule of the error model
# (tests/fixtures/repair/RULE.cl, its exercise on its first line), `clings check --json` finds a
# repair of that rule, proved by every test and a clean analysis; the first rung of the ladder in
# English and Portuguese after the verdict, never the edit itself; none for a pass or with
# --no-repair; and a parser's child killed is clings' own failure, never a repair claimed.
. tests/lib.sh
unset CLINGS_REPAIR   # the repair is this test's subject
for f in tests/fixtures/repair/*.cl; do
	rule=$(basename "$f" .cl)
	ex=$(sed -n '1s|^// exercise: ||p' "$f")
	json=$("$CLINGS" check "$ex" --file "$f" --json 2>"$TMP/err")
	got=$(printf '%s' "$json" | jq -r '[.repair.found, (.repair.edits // [] | map(.rule) | unique | join("+")),
		.repair.tests == .repair.tests_passed, .repair.analysis_clean] | @tsv')
	[ "$got" = "$(printf 'true\t%s\ttrue\ttrue' "$rule")" ] && ok "$rule: the search proves its rewrite" ||
		fail "$rule: $got $(printf '%s' "$json" | jq -c .repair) $(cat "$TMP/err")"
done
f=tests/fixtures/repair/cmp_tighten.cl
out=$("$CLINGS" check scale --file "$f")
printf '%s\n' "$out" | grep -qx 'The smallest change that makes every test pass is on line 5, in the guard.' &&
	ok "the first rung follows the verdict" || fail "first rung: $out"
printf '%s' "$out" | grep -q 'becomes\|Its kind' && fail "check shows more than the first rung: $out" ||
	ok "check shows neither the kind nor the edit"
out=$("$CLINGS" --lang pt-BR check scale --file "$f")
printf '%s\n' "$out" | grep -qx 'A menor mudança que faz todos os testes passarem está na linha 5, na guarda.' &&
	ok "the first rung in Portuguese" || fail "pt-BR first rung: $out"
json=$("$CLINGS" --lang pt-BR check scale --file "$f" --json)
[ "$(printf '%s' "$json" | jq -r .repair.kind)" = "uma comparação que deixa passar um item de trabalho a mais" ] && ok "JSON: the kind in Portuguese" ||
	fail "pt-BR kind: $(printf '%s' "$json" | jq .repair)"
[ "$(printf '%s' "$json" | jq -r '[.repair.line, .repair.column, .repair.rule, .repair.before, .repair.after] | @tsv')" = \
  "$(printf '5\t8\tcmp_tighten\t<=\t<')" ] && ok "JSON: the edit's place and text" || fail "JSON edit: $json"
json=$("$CLINGS" check scale --file "$f" --json --no-repair)
[ "$(printf '%s' "$json" | jq -c .repair)" = null ] && ok "--no-repair: no search" || fail "--no-repair: $json"
json=$("$CLINGS" check scale --file solutions/scale.cl --json)
[ "$(printf '%s' "$json" | jq -c .repair)" = null ] && ok "a pass: no search" || fail "pass: $json"
json=$("$CLINGS" check scale --file "$f" --json --no-analysis)
[ "$(printf '%s' "$json" | jq -r '[.repair.found, .repair.analysis_clean] | @tsv')" = "$(printf 'true\tfalse')" ] &&
	ok "without the analysis, a repair says its analysis did not run" || fail "no analysis: $(printf '%s' "$json" | jq -c .repair)"
for when in before inside after; do
	json=$(CLINGS_TEST_KILL=facts:end-facts:$when "$CLINGS" check scale --file "$f" --json 2>"$TMP/err")
	[ "$(printf '%s' "$json" | jq -r '[.verdict, .repair] | @tsv')" = "$(printf 'out_of_bounds\t')" ] &&
		grep -q 'no repair was looked for: the parser' "$TMP/err" &&
		ok "the parser killed $when its last line: the verdict stands, no repair, clings' own error" ||
		fail "killed $when: $json $(cat "$TMP/err")"
done
# A wrong kernel's `// fix:` line: validate finds the declared repair, and says so at the line of
# one that is not what the search finds.
cp -r tests/fixtures/course "$TMP/course"
mkdir -p "$TMP/course/wrong/copy"
k="$TMP/course/wrong/copy/local_id.cl"
{ printf '// expect: wrong_result [--no-analysis]\n// diagnosis: local_id_as_global_index\n'
  sed 's/get_global_id/get_local_id/' tests/fixtures/course/solutions/copy.cl
  printf '// fix: global_local_id @6\n'; } > "$k"
out=$("$CLINGS" --course "$TMP/course" validate copy 2>&1) &&
	printf '%s\n' "$out" | grep -q 'wrong/copy/local_id.cl fix  *ok: global_local_id @6' &&
	ok "validate: the declared fix is found, and named" || fail "validate fix: $out"
sed -i 's|^// fix: .*|// fix: cmp_tighten @6|' "$k"
out=$("$CLINGS" --course "$TMP/course" validate copy 2>&1) &&
	fail "validate accepts a fix the search does not find: $out" ||
	{ printf '%s\n' "$out" | grep -q "local_id.cl:10: the declared fix cmp_tighten @6 is not what the search finds: global_local_id @6" &&
	ok "validate: a declared fix the search does not find is an error at its line" || fail "wrong fix: $out"; }
sed -i 's|^// fix: .*|// fix: no_such_rule @6|' "$k"
out=$("$CLINGS" --course "$TMP/course" validate copy 2>&1) &&
	fail "validate accepts an unknown rule: $out" ||
	{ printf '%s\n' "$out" | grep -q "local_id.cl:10: no rule of the error model is named so: no_such_rule @6" &&
	ok "validate: an unknown rule is an error at its line" || fail "unknown rule: $out"; }
sed -i 's|^// fix: .*|// fix: global_local_id line 6|' "$k"
out=$("$CLINGS" --course "$TMP/course" validate copy 2>&1) &&
	fail "validate accepts a malformed fix: $out" ||
	{ printf '%s\n' "$out" | grep -q "local_id.cl:10: a fix reads // fix: RULE\[+RULE\] @LINE" &&
	ok "validate: a malformed fix line is an error at its line" || fail "malformed fix: $out"; }
exit 0
