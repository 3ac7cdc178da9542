# Ownership before trust, for what clings keeps: a cache or progress folder ($XDG_CACHE_HOME,
# $XDG_STATE_HOME, or their clings/) that belongs to another user is not used, for what is there
# could decide a verdict (a reference binary, a cached pass) and what clings writes there that
# user could read. The run says so and keeps its files in a folder of its own, removed at its end.
. tests/lib.sh
[ "$(id -u)" -eq 0 ] || skip_all "needs root to make files of another user (chown)"
other=65534
course=$(copy_course 2>/dev/null)
mkdir -p "$TMP/theirs/cache/clings" "$TMP/theirs/state"
chown -R "$other:$other" "$TMP/theirs"
chown 0:0 "$TMP/theirs/cache"   # the folder is root's, its clings/ another user's
export XDG_CACHE_HOME=$TMP/theirs/cache XDG_STATE_HOME=$TMP/theirs/state
private() { sed -n 's/.*this run keeps its files in \(\/tmp\/clings-[A-Za-z0-9]*\), removed.*/\1/p' "$TMP/err" | head -1; }

"$CLINGS" --course "$course" hint scale > /dev/null 2> "$TMP/err" || fail "hint: $(cat "$TMP/err")"
[ -z "$(find "$TMP/theirs" -mindepth 2 ! -path "$TMP/theirs/cache/clings")" ] &&
	ok "nothing is written into another user's progress folder" || fail "written there: $(find "$TMP/theirs")"
grep -q "^clings: warning: $TMP/theirs/state: belongs to another user (uid $other), so clings keeps nothing there" "$TMP/err" &&
	ok "and it is said, with the owner" || fail "not said: $(cat "$TMP/err")"
dir=$(private)
[ -n "$dir" ] && [ ! -e "$dir" ] && ok "the run's own folder is gone when it ends" || fail "left: '$dir' $(ls -d "$dir" 2>&1)"

# A check: its reference binary, compiled headers and verdict would all go to the cache.
"$CLINGS" --course "$course" check scale > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q "scale" "$TMP/out" && ok "the stub's check still runs, and fails" || fail "check: exit $rc: $(cat "$TMP/out" "$TMP/err")"
[ -z "$(find "$TMP/theirs" -mindepth 2 ! -path "$TMP/theirs/cache/clings")" ] &&
	ok "nothing of the check lands in another user's cache" || fail "written there: $(find "$TMP/theirs" | head)"
grep -q "$TMP/theirs/cache/clings: belongs to another user (uid $other)" "$TMP/err" && ok "said for the cache too" ||
	fail "cache not said: $(cat "$TMP/err")"
dir=$(private)
[ -n "$dir" ] && [ ! -e "$dir" ] && ok "and its folder is gone too" || fail "left: '$dir'"
# One's own is used as ever.
mkdir -p "$TMP/mine"
XDG_CACHE_HOME=$TMP/mine/cache XDG_STATE_HOME=$TMP/mine/state "$CLINGS" --course "$course" hint scale > /dev/null 2> "$TMP/err"
[ -s "$(XDG_STATE_HOME=$TMP/mine/state learner_dir state "$course")/progress.ini" ] && [ ! -s "$TMP/err" ] &&
	ok "one's own progress folder is used, and nothing said" || fail "own: $(cat "$TMP/err")"
exit 0
