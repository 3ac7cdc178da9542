# A data file may list only its cells: "sparse ROWS COLUMNS" (or "sparse SIZE"), then one cell a
# line, its row and column (or index) and its value if not 1; every other element is 0. The life
# board of the instructor course written so checks as the dense board does; a cell outside the
# board, one given twice, a bad header or value are refused at the init line, naming the data
# file's line.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
cat > "$C/data/glider.txt" <<'DATA'
# a glider (top left, heading down and right) and a blinker: its live cells
sparse 16 16
0 1
1 2
2 0
2 1
2 2 1     # the value, 1 when left out
12 2
12 3
12 4
DATA
out=$("$CLINGS" --course "$C" validate life 2>&1) && printf '%s' "$out" | grep -q '0 problems' &&
	printf '%s' "$out" | grep -q 'life .*wrong/life/no_wrap.cl .*ok: wrong_result' &&
	ok "the board from its cells validates, its wrong kernel caught" || fail "validate: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/wrong/life/no_wrap.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'pass 53 of 150: next at (row 0, column 14)' &&
	ok "the same generation is named as from the dense board" || fail "life message: $out"

refused() {   # refused DESCRIPTION EXPECTED: validate --quick names the init line and the data line
	local out
	out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
	printf '%s' "$out" | grep -qF "checks/life.ini:9: init: data/glider.txt, line $2" &&
		ok "$1" || fail "$1: $out"
}
sed -i '10s/.*/12 16/' "$C/data/glider.txt"
refused "a cell outside the board is refused" "10: '16' is not a column from 0 to 15"
sed -i '10s/.*/12 3/' "$C/data/glider.txt"
refused "a cell given twice is refused" "10: this cell was given before"
sed -i '10s/.*/12 4 300/' "$C/data/glider.txt"
refused "a value that does not fit is refused" "10: '300' is not within the range of uchar"
sed -i '10s/.*/12/' "$C/data/glider.txt"
refused "a cell without its column is refused" "10: a cell is a row and a column, then its value if not 1"
sed -i '2s/.*/sparse 16 x/' "$C/data/glider.txt"
refused "a bad header is refused" "2: a sparse file starts with 'sparse SIZE' or 'sparse ROWS COLUMNS'"
sed -i '2s/.*/sparse 16 8/; 10s/.*/12 4/' "$C/data/glider.txt"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:9: .*glider.txt.* 128 .* 256" &&
	ok "a declared size that is not the buffer's is refused as a dense file's count" || fail "size: $out"
exit 0
