# The learner's files in a workspace: nothing is written through a link clings did not make
# (.clings/stubs, a kept stub, exercises/ or a kernel that is a link), a learner's own file is
# never written over (a newer stub goes to a free name: NAME.cl.new, else NAME.cl.2.new, ...),
# and `clings reset` takes away the stub an upgrade offered once the file is that stub again.
. tests/lib.sh
course=$(copy_course 2>/dev/null)
solution=$(cat solutions/scale.cl)
newer() {   # newer NAME: the course's stub of NAME changes, as an upgrade would bring
	printf '// a newer stub %s\n' "$RANDOM$RANDOM" | cat - "$course/exercises/$1.cl" > "$TMP/stub" &&
		mv "$TMP/stub" "$course/exercises/$1.cl"
}
fresh_ws() {   # fresh_ws DIR: a workspace of the course, scale solved there
	rm -rf "$1"
	"$CLINGS" --course "$course" init "$1" > /dev/null 2>&1 || fail "init $1"
	cp solutions/scale.cl "$1/exercises/scale.cl"
}
in_ws() { (cd "$1" && shift && "$CLINGS" "$@" 2>&1); }

# .clings/stubs led onto exercises/: the kept stubs would be the learner's files.
ws=$TMP/ws1
fresh_ws "$ws"
rm -rf "$ws/.clings/stubs"
ln -s ../exercises "$ws/.clings/stubs"
newer scale
out=$(in_ws "$ws" list); rc=$?
[ "$(cat "$ws/exercises/scale.cl")" = "$solution" ] && ok "a .clings/stubs link onto exercises/ never overwrites a solved kernel" ||
	fail "the solved kernel was overwritten through .clings/stubs: $(head -2 "$ws/exercises/scale.cl")"
[ $rc -eq 2 ] && printf '%s\n' "$out" | grep -q "^clings: $ws/.clings/stubs: a symbolic link: clings writes nothing through a link it did not make" &&
	ok "the link is refused by name, exit 2" || fail "exit $rc: $out"
rm "$ws/.clings/stubs"
out=$(in_ws "$ws" list); rc=$?
[ $rc -eq 0 ] && [ -d "$ws/.clings/stubs" ] && [ ! -L "$ws/.clings/stubs" ] && ok "removed, the next command makes the folder again" ||
	fail "after removing the link: exit $rc: $out"

# One kept stub led onto the learner's file: it would look untouched.
ws=$TMP/ws2
fresh_ws "$ws"
ln -sf ../../exercises/scale.cl "$ws/.clings/stubs/scale.cl"
newer scale
out=$(in_ws "$ws" list)
[ "$(cat "$ws/exercises/scale.cl")" = "$solution" ] && cmp -s "$ws/exercises/scale.cl.new" "$course/exercises/scale.cl" &&
	ok "a kept stub that is a link is no kept stub: the work stays, the newer stub beside it" ||
	fail "through a kept stub's link: $(head -2 "$ws/exercises/scale.cl"); $(cd "$ws/exercises" && echo scale*)"

# exercises/ itself a link: the stubs would be written where it leads.
ws=$TMP/ws3
fresh_ws "$ws"
mv "$ws/exercises" "$TMP/elsewhere"
ln -s "$TMP/elsewhere" "$ws/exercises"
newer local_reverse
before=$(cat "$TMP/elsewhere/local_reverse.cl")
out=$(in_ws "$ws" list); rc=$?
[ "$(cat "$TMP/elsewhere/local_reverse.cl")" = "$before" ] && [ $rc -eq 2 ] &&
	printf '%s\n' "$out" | grep -q "$ws/exercises: a symbolic link: clings writes nothing through a link" &&
	ok "exercises/ as a link is refused, nothing written where it leads" || fail "exercises link: exit $rc: $out"

# An upgrade over a learner's own scale.cl.new: it picks a free name.
ws=$TMP/ws4
fresh_ws "$ws"
echo "my notes" > "$ws/exercises/scale.cl.new"
newer scale
out=$(in_ws "$ws" list)
[ "$(cat "$ws/exercises/scale.cl.new")" = "my notes" ] && ok "a learner's own scale.cl.new is never written over" ||
	fail "scale.cl.new overwritten: $(head -2 "$ws/exercises/scale.cl.new")"
cmp -s "$ws/exercises/scale.cl.2.new" "$course/exercises/scale.cl" && printf '%s\n' "$out" | grep -q 'scale.cl.2.new' &&
	ok "the newer stub goes to scale.cl.2.new, and is said so" || fail "no scale.cl.2.new: $(cd "$ws/exercises" && echo scale*) $out"
out=$(in_ws "$ws" list)
printf '%s\n' "$out" | grep -q 'stub changed' && fail "offered twice: $out" || ok "offered once"
# reset: the offered stub is the file now, so it goes; the learner's own .new stays.
ws=$TMP/ws4
out=$(in_ws "$ws" reset scale)
cmp -s "$ws/exercises/scale.cl" "$course/exercises/scale.cl" || fail "reset: $out"
[ ! -e "$ws/exercises/scale.cl.2.new" ] && ok "reset removes the stale scale.cl.2.new" || fail "stale: $(cd "$ws/exercises" && echo scale*)"
[ "$(cat "$ws/exercises/scale.cl.new")" = "my notes" ] && ok "and keeps the learner's own scale.cl.new" || fail "notes gone"

# A link by that name is passed over too, never followed.
ws=$TMP/ws5
fresh_ws "$ws"
echo "keep me" > "$TMP/target"
ln -s "$TMP/target" "$ws/exercises/scale.cl.new"
newer scale
in_ws "$ws" list > /dev/null
[ "$(cat "$TMP/target")" = "keep me" ] && [ -L "$ws/exercises/scale.cl.new" ] && cmp -s "$ws/exercises/scale.cl.2.new" "$course/exercises/scale.cl" &&
	ok "a link named scale.cl.new is neither followed nor replaced" || fail "scale.cl.new link: $(cat "$TMP/target"); $(cd "$ws/exercises" && ls -l scale*)"

# A kernel that is a link (to the learner's own repository, say): an upgrade keeps the link.
ws=$TMP/ws6
fresh_ws "$ws"
mkdir -p "$TMP/repo"
mv "$ws/exercises/local_reverse.cl" "$TMP/repo/local_reverse.cl"
ln -s "$TMP/repo/local_reverse.cl" "$ws/exercises/local_reverse.cl"
before=$(cat "$TMP/repo/local_reverse.cl")
newer local_reverse
out=$(in_ws "$ws" list)
[ -L "$ws/exercises/local_reverse.cl" ] && [ "$(cat "$TMP/repo/local_reverse.cl")" = "$before" ] &&
	ok "an upgrade neither replaces a linked kernel with a copy nor writes through it" ||
	fail "linked kernel: $(ls -l "$ws/exercises/local_reverse.cl"); $(head -1 "$TMP/repo/local_reverse.cl")"
cmp -s "$ws/exercises/local_reverse.cl.new" "$course/exercises/local_reverse.cl" && ok "the newer stub is beside it" ||
	fail "no local_reverse.cl.new: $(cd "$ws/exercises" && echo local_reverse*)"
# The plain case of issue 45: an upgrade offered scale.cl.new; reset makes it stale.
ws=$TMP/ws7
fresh_ws "$ws"
newer scale
in_ws "$ws" list > /dev/null
cmp -s "$ws/exercises/scale.cl.new" "$course/exercises/scale.cl" || fail "not offered: $(cd "$ws/exercises" && echo scale*)"
in_ws "$ws" reset scale > /dev/null
[ ! -e "$ws/exercises/scale.cl.new" ] && [ -f "$ws/exercises/scale.cl.bak" ] &&
	ok "reset clears the scale.cl.new an upgrade offered (the work kept in scale.cl.bak)" || fail "after reset: $(cd "$ws/exercises" && echo scale*)"
exit 0
