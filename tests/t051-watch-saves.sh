# Every way an editor saves triggers exactly one check: a plain overwrite, a rename over the file
# (`mv tmp file`), vim writing a new file after renaming the old one to a backup, vim writing in
# place, and a burst of writes. Runs the watcher without a terminal, where it prints each verdict.
. tests/lib.sh
. tests/lib-watch.sh
course=$(copy_course 2>/dev/null)
file="$course/exercises/memory_4.cl"
out="$TMP/out"
printf '[clings]\nversion = 1\ncurrent = memory_4\n' > "$(state_file "$course")"
CLINGS_TRACE="$TMP/trace" start_watch "$course" "$out"

checks() { count_checks "$out" memory_4; }
# expect_checks N WHAT: waits for check N, then makes sure no other follows: a file touched
# beside the exercise's comes after every event of the saves before it, and once the watcher
# says it is idle after reading it (CLINGS_TRACE), whatever those saves caused has happened.
syncs=0
expect_checks() {
	wait_checks "$out" "$1" memory_4
	syncs=$((syncs + 1))
	touch "$course/exercises/.sync-$syncs"
	wait_lines "$TMP/trace" "^clings: trace: idle after check [0-9]+, last event \.sync-$syncs\$"
	idle=$(sed -n "s/^clings: trace: idle after check \([0-9]*\), last event \.sync-$syncs\$/\1/p" "$TMP/trace" | tail -1)
	[ "$(checks)" -eq "$1" ] && [ "$idle" = "$1" ] && ok "$2: check $1, and no other after it" ||
		fail "$2: $(checks) checks, $idle when idle, want $1: $(cat "$out")"
}

expect_checks 1 "start"
cp solutions/memory_4.cl "$TMP/new.cl"
cat solutions/memory_4.cl > "$file"
expect_checks 2 "plain overwrite"
grep -E "^memory_4: (PASS|FAIL)" "$out" | tail -n 1 | grep -q PASS &&
	ok "the solution written over the file passes" || fail "overwrite with the solution did not pass: $(cat "$out")"

cp wrong/memory_4/one_load.cl "$TMP/new.cl"
mv "$TMP/new.cl" "$file"
expect_checks 3 "rename over the file"
grep '^memory_4: ' "$out" | tail -1 | grep -q 'Wrong result' && ok "the wrong kernel renamed over the file is a wrong result" ||
	fail "rename: $(cat "$out")"

# vim's two ways: rename the old file to a backup and write a new one; or write in place.
if command -v vim >/dev/null; then
	vimsave() {
		(cd "$course/exercises" && vim -Es -u NONE -n -c "set $1 writebackup nobackup backupskip=" \
			-c '%d' -c "0r $2" -c 'wq' memory_4.cl </dev/null >/dev/null 2>&1)
	}
	vimsave backupcopy=no "$PWD/solutions/memory_4.cl"
	expect_checks 4 "vim, backupcopy=no (rename)"
	vimsave backupcopy=yes "$PWD/wrong/memory_4/one_load.cl"
	expect_checks 5 "vim, backupcopy=yes (in place)"
	next=6
else
	# What vim does with backupcopy=no, by hand.
	mv "$file" "$file~" && cp solutions/memory_4.cl "$file" && rm "$file~"
	expect_checks 4 "backup, new file, remove backup"
	next=5
fi
cmp -s solutions/memory_4.cl "$file" || cmp -s wrong/memory_4/one_load.cl "$file" &&
	ok "the editor wrote what was asked" ||
	fail "the editor did not write what was asked"

# A burst of writes closer together than the settle time is one save.
for i in 1 2 3 4 5; do
	cat solutions/memory_4.cl > "$file"
	sleep 0.03   # check-sleeps: paces the burst, 30 ms apart, within the 200 ms settle time
done
expect_checks $next "a burst of five writes"

# Files beside it do not count.
echo x > "$course/exercises/transpose_naive.cl.bak"
touch "$course/exercises/memory_4.cl.swp"
expect_checks $next "writes to other files"

# A deleted file is checked once more: its verdict says it is gone and how to get it back.
rm "$file"
next=$((next + 1))
expect_checks $next "the file deleted"
grep -q "memory_4.cl is gone: .clings reset" "$out" && ok "a deleted file's verdict says it is gone and how to get it back" ||
	fail "deleted: $(tail -5 "$out")"
cp solutions/memory_4.cl "$file"
next=$((next + 1))
expect_checks $next "the file back"

stop_watch
exit 0
