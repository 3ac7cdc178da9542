# validate --quick refuses `local = auto` in a step with a __local argument, at the step's local
# line and with its reason, in both languages: the runtime chooses the work-group when the kernel
# runs, and the local memory sized before cannot follow (the full run would only fail with a
# wrong result that names no cause). A step without a __local argument keeps auto.
. tests/lib.sh
course=$(copy_course)
# reduce_sequential: one step, a [local scratch] argument; scale: none
sed -i '/^\[ndrange\]/,/^$/s/^local = .*/local = auto/' "$course/checks/reduce_sequential.ini" "$course/checks/scale.ini"
line=$(grep -n '^local = auto' "$course/checks/reduce_sequential.ini" | cut -d: -f1)
[ -n "$line" ] && grep -q '^local = auto' "$course/checks/scale.ini" || fail "the checks were not changed"

out=$($CLINGS --course "$course" validate --quick reduce_sequential 2>&1) && fail "validate --quick accepts local = auto with a __local argument: $out"
grep -q "checks/reduce_sequential.ini:$line: local = auto with the __local argument scratch: the device's runtime chooses the work-group" <<<"$out" &&
	ok "validate --quick refuses local = auto with a __local argument, at its line, with its reason" ||
	fail "local = auto with __local: $out"
out=$($CLINGS --course "$course" --lang pt-BR validate --quick reduce_sequential 2>&1)
grep -q "checks/reduce_sequential.ini:$line: local = auto com o argumento __local scratch: o runtime do dispositivo escolhe" <<<"$out" &&
	ok "and says so in Portuguese" || fail "in Portuguese: $out"
out=$($CLINGS --course "$course" validate --quick scale 2>&1) && grep -q ', 0 problems' <<<"$out" &&
	ok "a kernel without __local arguments keeps local = auto" || fail "scale with local = auto: $out"

# In two dimensions auto assumes a group of at most 256 work-items (16 x 16), which the default
# max_work_group_size allows: a 2-D exercise keeps local = auto without raising it.
sed -i '/^\[ndrange\]/,/^$/s/^local = .*/local = auto/' "$course/checks/transpose_naive.ini"
grep -q '^local = auto' "$course/checks/transpose_naive.ini" || fail "transpose_naive's check was not changed"
out=$($CLINGS --course "$course" validate --quick transpose_naive 2>&1) && grep -q ', 0 problems' <<<"$out" &&
	ok "local = auto in two dimensions needs no max_work_group_size" || fail "2-D local = auto: $out"
