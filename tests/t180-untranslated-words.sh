# A Portuguese learner reads no English: every text of the course in Portuguese (lessons and
# hints, titles, the checks' texts, the stubs' comments, the reference solutions' comments as s
# shows them) and every message of the catalog is scanned for common English words
# (tests/untranslated-words, its lists in tests/untranslated/). The scan finds English planted in
# a copy of the course, and s shows a solution's comments in the learner's language.
. tests/lib.sh
. tests/lib-watch.sh
scan=tests/untranslated-words

out=$($scan "$PWD" po/pt_BR.po) && ok "no English word in the course's Portuguese or the catalog" ||
	fail "English in Portuguese: $(printf '%s\n' "$out" | head -20)"

# The scan can fail: English in a Portuguese lesson, a title, a check's text, a solution's comment
# with no Portuguese, and a title that calls a scan otherwise.
course=$(copy_course)
echo 'The last group is ragged.' >> "$course/lessons/pt-BR/scale.md"
sed -i 's/^title.pt-BR = .*/title.pt-BR = Work-items and the range/' "$course/exercises/compact.ini"
printf '\n[advice]\nguard_missing.pt-BR = Guard every access\n' >> "$course/checks/reduce_max.ini"
sed -i 's|^\t// \[pt-BR\] O último grupo.*||' "$course/solutions/scale.cl"
sed -i 's/^title.pt-BR = Um scan /title.pt-BR = Uma varredura /' "$course/exercises/scan_device.ini"
out=$($scan "$course" po/pt_BR.po) && fail "nothing found in a course with English planted"
for where in lessons/pt-BR/scale.md:.*ragged exercises/compact.ini:3:.*Work-items \
	checks/reduce_max.ini:.*Guard "solutions/scale.cl:[0-9]*: work-group" "exercises/scan_device.ini:3: varredura"; do
	grep -q "^$where" <<<"$out" || fail "the scan did not find $where: $out"
done
ok "the scan finds English in a lesson, a title, a check's text and a solution's comment, and a title's other word for scan"

# s in Portuguese shows the solution's comments in Portuguese, and in English in English.
for ex in scale matmul_register; do
	course=$(copy_course)
	cp "solutions/$ex.cl" "$course/exercises/$ex.cl"
	printf '[clings]\nversion = 1\ncurrent = %s\n\n[exercise]\nname = %s\ndone = yes\nhints = 0\n' "$ex" "$ex" \
		> "$(state_file "$course")"
	for lang in pt-BR en; do
		start_watch "$course" "$TMP/out" --lang $lang
		wait_lines "$TMP/out" "^$ex: PASS" 1
		echo s >&3
		wait_lines "$TMP/out" "^(Solução de|Solution of) $ex"
		wait_lines "$TMP/out" '^    }$'   # the kernel's last line
		stop_watch "s ($lang)"
		sed -n "/^\(Solução de\|Solution of\) $ex/,\$p" "$TMP/out" > "$TMP/shown-$lang"
		grep -q '\[pt-BR\]' "$TMP/shown-$lang" && fail "$lang: a language marker is shown: $(cat "$TMP/shown-$lang")"
	done
	out=$($scan "$course" po/pt_BR.po "$TMP/shown-pt-BR") && ok "$ex: s in Portuguese shows no English word" ||
		fail "$ex: English in s in Portuguese: $(printf '%s\n' "$out" | head)"
	grep -q 'The reference solution' "$TMP/shown-en" && grep -qw 'the' "$TMP/shown-en" &&
		! grep -q 'ção' "$TMP/shown-en" && ok "$ex: s in English shows the English comments alone" ||
		fail "$ex: s in English: $(cat "$TMP/shown-en")"
done
