# validate's table within the width its problems' lines wrap at (the terminal's, COLUMNS', 80
# in a pipe): at 80 each row is two lines, the exercise and what, then the result and time,
# each wrapped at its words; no line is over 80 and no word is cut: the narrow run's words are
# the wide run's, in English and in Portuguese. A wrong kernel with a long name and one whose
# expectation fails (a problem line, and its row's result) are among the rows.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
mv "$C/wrong/vadd/no_restrict.cl" \
	"$C/wrong/vadd/adds_without_restrict_which_the_compiler_may_not_mind_at_all.cl"
sed -i '1s/.*/\/\/ expect: out_of_bounds line 5/' "$C/wrong/vadd/subtracts.cl"
run() {   # run COLUMNS [--lang pt-BR]: the table and its problems, each time made "T s"
	COLUMNS=$1 "$CLINGS" --course "$C" ${2:+"$2"} ${3:+"$3"} validate vadd 2>&1 |
		sed 's/[0-9]*[.,][0-9] s$/T s/'
}
words() { tr -s ' \n' '\n\n' | sed '/^$/d' | sort; }
for lang in en pt-BR; do
	opt=()
	[ "$lang" = en ] || opt=(--lang "$lang")
	wide=$(run 200 "${opt[@]}")
	narrow=$(run 80 "${opt[@]}")
	printf '%s\n' "$wide" | grep -q '^vadd  *wrong/vadd/adds_without_restrict_which_the_compiler_may_not_mind_at_all.cl ' &&
		printf '%s\n' "$wide" | awk 'length > 100 { n++ } END { exit !n }' ||
		fail "$lang: the wide table: $wide"
	long=$(printf '%s\n' "$narrow" | awk 'length > 80')
	[ -z "$long" ] && ok "$lang: no line over 80 columns at COLUMNS=80" || fail "$lang: over 80: $long"
	[ "$(printf '%s\n' "$wide" | words)" = "$(printf '%s\n' "$narrow" | words)" ] &&
		ok "$lang: the same words as the wide table, none cut" ||
		fail "$lang: words differ: $(diff <(printf '%s\n' "$wide" | words) <(printf '%s\n' "$narrow" | words) | head -5)"
	printf '%s\n' "$narrow" | grep -q '^  wrong/vadd/adds_without_restrict_which_the_compiler_may_not_mind_at_all.cl$' &&
		ok "$lang: a path too long for its column goes on a line of its own, whole" ||
		fail "$lang: long path: $narrow"
done
exit 0
