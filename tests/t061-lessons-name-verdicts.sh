# Every exercise has at least two known-wrong kernels in wrong, and every verdict they
# expect is named in the exercise's lesson, in both languages, so the learner who meets it has
# read what it means (correct alternatives, expected to pass, aside). Lessons end with the line {{check}}, where the
# section that says what the check tests is made from the check file (t088).
. tests/lib.sh
expected_verdicts() { # KERNEL...: the verdicts named in their leading "// expect:" lines
	for k in "$@"; do
		sed -n '/^\/\/ expect: /!q; s|^// expect: \([a-z_]*\).*|\1|p' "$k"
	done | grep -vx pass | sort -u  # a correct alternative is not a mistake
}
for ini in exercises/*.ini; do
	ex=$(basename "$ini" .ini)
	kernels=(wrong/"$ex"/*.cl)
	wrong=$(grep -L '^// expect: pass' "${kernels[@]}" 2>/dev/null | wc -l)
	[ "$wrong" -ge 2 ] && ok "$ex has $wrong known-wrong kernels in wrong/" ||
		fail "$ex: $wrong known-wrong kernels in wrong/$ex (want at least 2)"
	verdicts=$(expected_verdicts "${kernels[@]}")
	[ -n "$verdicts" ] && ok "$ex's wrong kernels expect verdicts" ||
		fail "$ex: no expected verdict in wrong/$ex"
	for lang in en pt-BR; do
		lesson="lessons/$lang/$ex.md"
		[ -f "$lesson" ] && ok "$lesson exists" || fail "$lesson is missing"
		for v in $verdicts; do
			grep -qF "\`$v\`" "$lesson" && ok "$lesson names \`$v\`" ||
				fail "$lesson does not name the verdict \`$v\` its wrong kernels get"
		done
		last=$(grep -v '^[[:space:]]*$' "$lesson" | tail -1)
		[ "$last" = '{{check}}' ] && ok "$lesson ends with what the check tests, made from the check" ||
			fail "$lesson ends with \"$last\", not with the line {{check}}"
	done
done
exit 0
