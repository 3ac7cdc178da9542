# "What the check tests" is made from the check file when a lesson is shown: every bundled
# lesson, in both languages, shows the section with its check's kernels and every test's values
# (read from the ini here with awk, not with clings); a size, a range, a tolerance and a work-group
# changed in a copy of a check show up in the lesson at once; a check that does not load is said
# so, in its place; validate refuses a hand-written section of that title (in English and in the
# lesson's language), a second marker and one inside a line, at file:line, and warns about a code
# block line wider than 76 columns, not about one of 76; the code blocks the section makes fit 80
# columns.
. tests/lib.sh
course=$(copy_course)
run() { "$CLINGS" --course "$course" "$@"; }

# ini_tests CHECK: "NAME KEY VALUES" for each key of each [test] that is a parameter with
# literal values ("len 5, 130"), read with awk
ini_tests() {
	awk '/^\[test / { t = $2; sub(/\]$/, "", t); next } /^\[/ { t = "" }
	t != "" && /^[A-Za-z_][A-Za-z0-9_]* *=/ {
		k = $1; v = $0; sub(/^[^=]*= */, "", v); sub(/ *$/, "", v)
		if (k != "analyze" && v ~ /^-?[0-9]+(, *-?[0-9]+)*$/) { gsub(/, */, ", ", v); print t, k, v }
	}' "$1"
}

for ini in checks/*.ini; do
	ex=$(basename "$ini" .ini)
	for lang in en pt-BR; do
		out=$(run --lang "$lang" lesson "$ex" 2>&1) || fail "lesson $ex in $lang: $out"
		case $lang in en) title='What the check tests' ;; *) title='O que a verificação testa' ;; esac
		printf '%s\n' "$out" | grep -qxF "$title" || fail "$ex in $lang: no section \"$title\": $out"
		case $out in *'{{check}}'*) fail "$ex in $lang: the marker is shown as written" ;; esac
		for k in $(awk '/^kernel *=/ { print $3 }' "$ini"); do
			printf '%s\n' "$out" | grep -qF "__kernel void $k(" ||
				fail "$ex in $lang: the section does not show the kernel $k"
		done
		n=0
		# one line a list item, its wrapped lines joined
		items=$(printf '%s\n' "$out" | tr '\n' ' ' | tr -s ' ' | sed 's/ - `/\n`/g')
		while read -r t key values; do
			item=$(printf '%s\n' "$items" | grep -m1 "^\`$t\`[ :]")
			case $item in *"\`$key\` = $values"*) ;;
			*) fail "$ex in $lang: test $t does not show \`$key\` = $values: $item" ;; esac
			n=$((n + 1))
		done < <(ini_tests "$ini")
		[ "$n" -gt 0 ] || fail "$ini: no test values read"
		ok "$ex in $lang: the section shows its kernels and the $n values of its tests"
	done
done

# Changed in a copy of the check, shown at once, in both languages.
sed -i 's/^len = 5, 130$/len = 7, 130/; s/^init = random(-1000, 1000)$/init = random(-3, 9)/;
	s/^tolerance = 1e-6$/tolerance = 2.5e-5/; s/^wg = 256$/wg = 128/' "$course/checks/scale.ini"
en=$(run lesson scale 2>&1 | tr '\n' ' ' | tr -s ' ')
pt=$(run --lang pt-BR lesson scale 2>&1 | tr '\n' ' ' | tr -s ' ')
for want in '`len` = 7, 130' 'from -3 to 9' 'tolerance of 2.5e-5' '`len` = 1000003; `wg` = 128'; do
	case $en in *"$want"*) ;; *) fail "after the check changed, the English lesson lacks '$want': $en" ;; esac
done
for want in '`len` = 7, 130' 'de -3 a 9' 'relativa de 2,5e-5' '`len` = 1000003; `wg` = 128'; do
	case $pt in *"$want"*) ;; *) fail "after the check changed, the Portuguese lesson lacks '$want': $pt" ;; esac
done
case $en in *'`len` = 5, 130'*) fail "the English lesson still shows the old sizes" ;; esac
ok "a size, a range, a tolerance and a work-group changed in the check show in the lesson, in both languages"

# A check that does not load: the section says so, the rest of the lesson is shown.
cp "$course/checks/scale.ini" "$TMP/scale.ini"
printf '\n[buffer nothing]\nsize = 1\n' >> "$course/checks/scale.ini"
out=$(run lesson scale 2>/dev/null) || fail "lesson with a broken check: exit $?"
case $out in *'has a problem'*'clings validate'*) ;; *) fail "broken check: $out" ;; esac
case $out in *'The ragged end'*) ok "a broken check's section says so; the lesson is still shown" ;;
*) fail "the lesson was not shown: $out" ;; esac
cp "$TMP/scale.ini" "$course/checks/scale.ini"

# The made code blocks fit 80 columns (each line of the render, indent included).
for ex in matmul_tiled scan_device histogram; do
	wide=$(run lesson "$ex" | awk 'length($0) > 80')
	[ -z "$wide" ] || fail "$ex: rendered lines wider than 80: $wide"
done
ok "the signatures the section makes fit 80 columns"

# validate: the bundled lessons have no hand-written section and no wide code line.
run validate --quick > "$TMP/out" 2>&1 || fail "validate --quick: $(grep -v ' ok ' "$TMP/out")"
grep -q 'warning' "$TMP/out" && fail "validate warns on the bundled course: $(grep warning "$TMP/out")"
ok "validate --quick: no hand-written section, no wide code line in the course"

# A hand-written section, in English and in Portuguese, and a second marker: problems at their lines.
printf '\n## What the check tests\n\n- something, {{check}} inside\n' >> "$course/lessons/en/scale.md"
n_en=$(($(wc -l < "$course/lessons/en/scale.md") - 2))
printf '\n## O que a verificação testa\n\n{{check}}\n' >> "$course/lessons/pt-BR/scale.md"
n_pt=$(($(wc -l < "$course/lessons/pt-BR/scale.md") - 2))
run validate --quick scale > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 1 ] && ok "validate fails on a hand-written section" || fail "validate: exit $rc: $(cat "$TMP/out")"
grep -qF "lessons/en/scale.md:$n_en: a hand-written 'What the check tests' section" "$TMP/out" &&
	ok "the English heading is named at its line" || fail "English: $(cat "$TMP/out")"
grep -qF "lessons/pt-BR/scale.md:$n_pt: a hand-written 'O que a verificação testa' section" "$TMP/out" &&
	ok "the Portuguese heading is named at its line" || fail "Portuguese: $(cat "$TMP/out")"
grep -qF "lessons/pt-BR/scale.md:$((n_pt + 2)): a second {{check}}" "$TMP/out" &&
	ok "a second marker is named at its line" || fail "second marker: $(cat "$TMP/out")"
grep -qF "lessons/en/scale.md:$((n_en + 2)): {{check}} stands on a line of its own" "$TMP/out" &&
	ok "a marker inside a line is named at its line" || fail "inline marker: $(cat "$TMP/out")"
grep -q '4 problems' "$TMP/out" && ok "four problems" || fail "count: $(cat "$TMP/out")"
cp lessons/pt-BR/scale.md "$course/lessons/pt-BR/scale.md"
cp lessons/en/scale.md "$course/lessons/en/scale.md"

# A code block line of 77 columns warns (validate still passes); one of 76 does not.
line76=$(printf 'x%.0s' $(seq 76))
printf '\n```\n%s\n```\n' "$line76" >> "$course/lessons/en/scale.hints.md"
run validate --quick scale > "$TMP/out" 2>&1 || fail "validate on a line of 76: $(cat "$TMP/out")"
grep -q 'warning' "$TMP/out" && fail "a line of 76 columns warns: $(cat "$TMP/out")"
ok "a code block line of 76 columns is no warning"
printf '```\n%sy\n```\n' "$line76" >> "$course/lessons/en/scale.hints.md"
n=$(($(wc -l < "$course/lessons/en/scale.hints.md") - 1))
run validate --quick scale > "$TMP/out" 2>&1 || fail "validate on a line of 77: $(cat "$TMP/out")"
grep "warning: " "$TMP/out" | grep -qF "lessons/en/scale.hints.md:$n: a line of a code block is 77 columns wide, more than 76" &&
	ok "a code block line of 77 columns warns at its line" || fail "77 columns: $(cat "$TMP/out")"
exit 0
