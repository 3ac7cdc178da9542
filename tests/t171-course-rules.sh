# A course adds rules to the repair's error model (repairs.ini, course/repairs.c): the search
# tries them as its own, and names them with the course's words in the learner's language;
# validate reads them (a `// fix:` line may name one) and refuses a broken file, a rule named
# as one of clings' own, and a rule without its words in a language of the course, each at
# its line; a check with a broken file keeps its verdict and says the search could not run.
. tests/lib.sh
unset CLINGS_REPAIR   # the repair is this test's subject
cp -r tests/fixtures/course "$TMP/course"
rules=$TMP/course/repairs.ini
cat > "$rules" <<'INI'
# A copy that reads its elements backwards.
[rule reads_reversed]
find = in[len - 1 - i]
replace = in[i]
kind = a copy that reads the elements in reverse order
kind.pt-BR = uma cópia que lê os elementos em ordem inversa
place = in the read of in
place.pt-BR = na leitura de in
INI
k=$TMP/rev.cl
sed 's/out\[i\] = in\[i\];/out[i] = in[len - 1 - i];/' tests/fixtures/course/solutions/copy.cl > "$k"
got=$("$CLINGS" --course "$TMP/course" check copy --file "$k" --json 2>"$TMP/err" |
	jq -r '[.repair.rule, .repair.before, .repair.after, .repair.tests == .repair.tests_passed, .repair.place, .repair.kind] | @tsv')
[ "$got" = "$(printf 'reads_reversed\tin[len - 1 - i]\tin[i]\ttrue\tThe smallest change that makes every test pass is on line 6, in the read of in. (The tests pass with it; the analysis did not run.)\ta copy that reads the elements in reverse order')" ] &&
	ok "the course's rule repairs the kernel, in its English words" || fail "course rule: $got $(cat "$TMP/err")"
got=$("$CLINGS" --course "$TMP/course" --lang pt-BR check copy --file "$k" --json | jq -r '[.repair.place, .repair.kind] | @tsv')
[ "$got" = "$(printf 'A menor mudança que faz todos os testes passarem está na linha 6, na leitura de in. (Os testes passam com ela; a análise não rodou.)\tuma cópia que lê os elementos em ordem inversa')" ] &&
	ok "and in its Portuguese ones" || fail "pt-BR: $got"
# validate: a wrong kernel may declare the course's rule as its fix
mkdir -p "$TMP/course/wrong/copy"
{ printf '// expect: wrong_result [--no-analysis]\n// diagnosis: none\n'; cat "$k"; printf '// fix: reads_reversed @8\n'; } \
	> "$TMP/course/wrong/copy/reversed.cl"
out=$("$CLINGS" --course "$TMP/course" validate copy 2>&1)
printf '%s\n' "$out" | grep -q 'wrong/copy/reversed.cl fix  *ok: reads_reversed @8' &&
	printf '%s\n' "$out" | grep -q '^ *repairs.ini  *ok: 1' &&
	ok "validate: the course's rules read, its declared fix found" || fail "validate: $out"
rm -r "$TMP/course/wrong"
cp "$rules" "$TMP/good.ini"
sed -i '/^replace/d' "$rules"
out=$("$CLINGS" --course "$TMP/course" validate --quick copy 2>&1) && fail "validate accepts a rule without replace: $out" ||
	{ printf '%s\n' "$out" | grep -q "repairs.ini:2: \[rule reads_reversed\] needs replace" &&
	ok "validate: a rule without its rewrite, at its line" || fail "no replace: $out"; }
json=$("$CLINGS" --course "$TMP/course" check copy --file "$k" --json 2>"$TMP/err")
[ "$(printf '%s' "$json" | jq -r '[.verdict, .repair] | @tsv')" = "$(printf 'wrong_result\t')" ] &&
	grep -q 'no repair was looked for: .*repairs.ini:2: \[rule reads_reversed\] needs replace' "$TMP/err" &&
	ok "check: a broken repairs.ini leaves the verdict, and no search, clings' own error" || fail "broken check: $json $(cat "$TMP/err")"
sed 's/^\[rule reads_reversed\]/[rule cmp_tighten]/' "$TMP/good.ini" > "$rules"
out=$("$CLINGS" --course "$TMP/course" validate --quick copy 2>&1) && fail "validate accepts a rule named as clings' own: $out" ||
	{ printf '%s\n' "$out" | grep -q "repairs.ini:2: \[rule cmp_tighten\] has the name of a rule of clings' error model" &&
	ok "validate: a rule named as one of clings' own" || fail "clash: $out"; }
grep -v '^kind.pt-BR' "$TMP/good.ini" > "$rules"
out=$("$CLINGS" --course "$TMP/course" validate --quick copy 2>&1) && fail "validate accepts a rule without Portuguese: $out" ||
	{ printf '%s\n' "$out" | grep -q "repairs.ini:2: \[rule reads_reversed\] has no kind.pt-BR or place.pt-BR: the course is in pt-BR too" &&
	ok "validate: a rule without its words in a language of the course" || fail "no pt-BR: $out"; }
exit 0
