# clings bench of compact, whose places come from one atomic counter: each timed run starts with
# the counter at its init (a counter that went on counting from the run before sent the second
# run's writes past out's end: the bench's process crashed), and out, compared as a multiset,
# agrees with the reference's whatever order the counter handed its places out in.
. tests/lib.sh
course=$(copy_course 2>/dev/null)
out=$($CLINGS --course "$course" bench compact --file solutions/compact.cl --json 2>&1) &&
	ok "bench of compact's solution exits 0" || fail "bench of compact's solution: $? $out"
q() { printf '%s\n' "$out" | jq -r "$1" 2>/dev/null; }
[ "$(q .status)" = ok ] && ok "the bench status of compact is ok" || fail "status: $out"
[ "$(q '[.rows[].work_group] | join(",")')" = "64,256" ] && ok "one row for each work-group size of [bench]" ||
	fail "work-groups: $out"
[ "$(q '[.rows[] | select(.results == "same" and .problem == null and .kernel.loop.gbps > 0
	and .reference.loop.gbps > 0)] | length')" = 2 ] &&
	ok "each row has figures, and the same results as the reference's in another order" || fail "rows: $out"
