# One `why` per [access] property: a section that requires several properties gives each its own
# (conflicts.why, shared.why, ...), and a failure shows the why of the property that failed, never
# another one's. A plain why on a section of several properties, and a PROPERTY.why for a
# property the section does not require, are refused at the section's line.
. tests/lib.sh
course=$(copy_course)
run() { "$CLINGS" --course "$course" "$@"; }

refused() { # TEXT-TO-APPEND EXPECTED-TEXT [LINES-AFTER-THE-SECTION'S]
	cp checks/memory_4.ini "$course/checks/memory_4.ini"
	local line=$(($(wc -l < checks/memory_4.ini) + 2 + ${3:-0}))
	printf '\n%b\n' "$1" >> "$course/checks/memory_4.ini"
	run check memory_4 >/dev/null 2>"$TMP/err"; rc=$?
	[ $rc -eq 2 ] || fail "'$1': exit $rc, want 2: $(cat "$TMP/err")"
	grep -q "memory_4.ini:$line: .*$2" "$TMP/err" && ok "'$1' is refused at its line with '$2'" ||
		fail "'$1': $(cat "$TMP/err")"
}
refused '[access local]\nconflicts = none\nshared = yes\nwhy = One reason for both.' \
	'requires 2 properties, and one why would be shown for each'
refused '[access local]\nconflicts = none\nshared.why = Not required here.' \
	'shared.why explains a property the section does not require'
refused '[access local]\nconflicts = none\nshared.wy = typo' "unknown key 'shared.wy'" 2
cp checks/memory_4.ini "$course/checks/memory_4.ini"
printf '\n[access local]\nconflicts = none\nshared = yes\nconflicts.why = C.\nconflicts.why.pt-BR = C pt.\nshared.why = S.\n' \
	>> "$course/checks/memory_4.ini"
run validate --quick memory_4 > "$TMP/out" 2>&1 && ok "a why for each property of a section loads" ||
	fail "conflicts.why and shared.why: $(cat "$TMP/out")"

command -v oclgrind > /dev/null || skip_all "Oclgrind is not installed: the properties are measured there"
# transpose_padded's [access local] requires conflict-free and shared: the 32 x 32 tile breaks
# the first only.
conflicts_why='with rows of 33 ints, the 32 work-items of a warp'
shared_why='The transpose goes through the tile'
run check --no-cache --file wrong/transpose_padded/unpadded.cl transpose_padded > "$TMP/out" 2>&1
grep -q requirement_unmet "$TMP/out" || grep -qi 'requirement not met' "$TMP/out" ||
	fail "unpadded: not requirement_unmet: $(cat "$TMP/out")"
tr '\n' ' ' < "$TMP/out" | tr -s ' ' | grep -qF "$conflicts_why" && ok "a bank conflict shows the conflicts' why" ||
	fail "unpadded: no conflicts why: $(cat "$TMP/out")"
tr '\n' ' ' < "$TMP/out" | tr -s ' ' | grep -qF "$shared_why" && fail "a bank conflict shows the sharing's why: $(cat "$TMP/out")"
ok "a bank conflict does not show the sharing's why"
# scan_workgroup's [access local] requires the same two: a scan without local memory breaks the
# sharing only.
run --lang pt-BR check --no-cache --file wrong/scan_workgroup/global_loop.cl scan_workgroup > "$TMP/out" 2>&1
flat=$(tr '\n' ' ' < "$TMP/out" | tr -s ' ')
case $flat in *'cada passo lê uma posição que outro item escreveu'*) ok "an unshared scan shows the sharing's why, in Portuguese" ;;
*) fail "global_loop: no sharing why: $(cat "$TMP/out")" ;; esac
case $flat in *'itens vizinhos leem palavras vizinhas'*) fail "an unshared scan shows the conflicts' why: $(cat "$TMP/out")" ;; esac
ok "an unshared scan does not show the conflicts' why"
exit 0
