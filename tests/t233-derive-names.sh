# Whether a parameter is read outside [derive] is asked of the parsed check's expressions (the
# names each reads), not of its text: a comment that names the parameter no longer keeps it in
# the test names the learner reads, while an expression that reads it (a [let]) still does,
# and a name that only contains it (cellsize) is another name.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
life="$C/checks/life.ini"
sed -i 's/^gen = 1$/gen = 1\ncells = 8/' "$life"
cat >> "$life" <<'INI'

; cells: the live cells [derive live] counts, in the glider test alone
[derive live]
value = count(next)
expect = cells
test = glider
INI
names() {
	"$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json |
		jq -r '.verdict + ": " + ([.tests[].name] | join(","))'
}
out=$(names)
[ "$out" = "pass: glider n=16 gen=1" ] &&
	ok "a comment that names the parameter keeps it in no test name" || fail "comment: $out"
sed -i 's/^\[repeat\]$/[let]\ncellsize = 1\n\n[repeat]/' "$life"
out=$(names)
[ "$out" = "pass: glider n=16 gen=1" ] &&
	ok "a [let] whose name only contains it does not read it" || fail "cellsize: $out"
sed -i 's/^cellsize = 1$/cellsize = cells \/ 8/' "$life"
out=$(names)
[ "$out" = "pass: glider n=16 gen=1 cells=8" ] &&
	ok "a [let] that reads it keeps it in the name" || fail "let: $out"
exit 0
