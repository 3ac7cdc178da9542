# The caches' walk is off the hot path (engine/seal/seal.h, seal_prune_cache): clings' cache and
# PoCL's are pruned to their bound after the first check and then every SEAL_PRUNE_EVERY (8)
# checks, counted per user in clings' cache, not after each one; a count that is missing prunes
# at once, and one that is no regular file (a FIFO, a link) prunes every time, never waits on it
# and never writes through it.
. tests/lib.sh
# PoCL's cache of its own: a bound of 10 MiB walked over the scripts' shared one would take other
# scripts' entries from under them.
export POCL_CACHE_DIR=$TMP/pocl/kcache
cp -r tests/fixtures/course "$TMP/course"
every=8
check_copy() {   # one check that runs its children (no verdict cache); its verdict
	"$CLINGS" --course "$TMP/course" check copy --file tests/fixtures/course/solutions/copy.cl --no-cache \
		--json 2>>"$TMP/err" | jq -r .verdict
}
junk="$XDG_CACHE_HOME/clings/junk"
plant() {   # two entries of 6 MiB, an hour and two old: a bound of 10 MiB keeps one
	mkdir -p "$junk"
	head -c $((6 << 20)) /dev/zero > "$junk/oldest"
	head -c $((6 << 20)) /dev/zero > "$junk/older"
	touch -d '2 hours ago' "$junk/oldest"
	touch -d '1 hour ago' "$junk/older"
}
export CLINGS_CACHE_MAX_MB=10
[ "$(check_copy)" = pass ] && ok "the first check passes" || fail "first check: $(cat "$TMP/err")"
count="$XDG_CACHE_HOME/clings/prune-count"
[ -f "$count" ] && ok "it keeps the count of checks since the caches' walk" || fail "no count: $(ls -a "$XDG_CACHE_HOME/clings")"
plant
kept=0
for i in $(seq 2 "$every"); do
	[ "$(check_copy)" = pass ] && [ -e "$junk/oldest" ] && kept=$((kept + 1))
done
[ "$kept" = $((every - 1)) ] && ok "the $((every - 1)) checks after a walk walk nothing (the oldest entry stays)" ||
	fail "kept through $kept of $((every - 1)) checks: $(ls "$junk" 2>&1) $(cat "$TMP/err")"
[ "$(check_copy)" = pass ] && [ ! -e "$junk/oldest" ] && [ -e "$junk/older" ] &&
	[ "$(du -sk "$XDG_CACHE_HOME/clings" | cut -f1)" -le 10240 ] &&
	ok "check $((every + 1)) walks: the cache is within its bound, least recently used gone first" ||
	fail "after check $((every + 1)): $(ls "$junk" 2>&1); $(du -sk "$XDG_CACHE_HOME/clings")"

# A count that is missing: the next check walks.
plant
rm -f "$count"
[ "$(check_copy)" = pass ] && [ ! -e "$junk/oldest" ] && ok "a missing count walks at once" ||
	fail "missing count: $(ls "$junk" 2>&1)"

# A FIFO in its place: no wait on it, and a walk every time.
plant
rm -f "$count"
mkfifo "$count"
[ "$(check_copy)" = pass ] && [ ! -e "$junk/oldest" ] && [ -p "$count" ] &&
	ok "a FIFO for a count is not waited on, and the check walks" || fail "FIFO count: $(ls -l "$count") $(ls "$junk" 2>&1)"

# A link in its place: not written through, and a walk every time.
plant
rm -f "$count"
printf 'x' > "$TMP/target"
ln -s "$TMP/target" "$count"
[ "$(check_copy)" = pass ] && [ ! -e "$junk/oldest" ] && [ "$(cat "$TMP/target")" = x ] &&
	ok "a link for a count is not written through, and the check walks" ||
	fail "linked count: $(cat "$TMP/target") $(ls "$junk" 2>&1)"

# A learner source's entry in PoCL's cache whose files are old but whose directory a check has
# just touched (isolate.c, sandbox_source_cache: before its children bind it) is in use: the walk
# keeps it; the same entry untouched for an hour goes.
sources="$POCL_CACHE_DIR-sources"
mkdir -p "$sources/touched" "$sources/idle"
head -c $((6 << 20)) /dev/zero > "$sources/touched/program.so"
head -c $((6 << 20)) /dev/zero > "$sources/touched/program.so.o"
head -c $((6 << 20)) /dev/zero > "$sources/idle/program.so"
touch -d '3 hours ago' "$sources/touched/program.so" "$sources/touched/program.so.o"
touch -d '2 hours ago' "$sources/idle/program.so" "$sources/idle"
rm -f "$count"
[ "$(check_copy)" = pass ] && [ -e "$sources/touched/program.so" ] && [ ! -e "$sources/idle" ] &&
	ok "PoCL's cache: an entry whose directory was just touched stays, an idle one goes" ||
	fail "sources after a walk: $(ls -l "$sources" 2>&1)"
