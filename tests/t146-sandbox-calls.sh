# What a kernel may ask of the system (sandbox.c's allow-list, isolate.c's dropped capabilities):
# a kernel that calls the mount API, the keyrings, ptrace, bpf, userfaultfd or io_uring gets the
# sandbox's verdict (its run ended by SIGSYS, said as a call no kernel may make), never the call's
# effect; its process holds no capability; and a kernel that clones the mount an installed course
# lies on (open_tree without the tmpfs that covers its solutions/) reads nothing of them.
. tests/lib.sh
command -v jq >/dev/null || fail "jq is missing (scripts/install-deps installs it)"
course=$(copy_course)
refusal='a system call that no kernel may make'

call_kernel() {   # call_kernel OUT NR [ARGS...]: tests/hostile/denied_call.cl making call NR
	local out=$1 nr=$2 i=0 a
	shift 2
	{ printf '#define CLINGS_HOSTILE_NR %s\n' "$nr"
	  for a in "$@"; do printf '#define CLINGS_HOSTILE_A%d %s\n' $i "$a"; i=$((i + 1)); done
	  cat tests/hostile/denied_call.cl; } > "$out"
}

# The control: a call the list allows (getpid) comes back, and the kernel's output shows it.
call_kernel "$TMP/getpid.cl" 39
"$CLINGS" --course "$course" check memory_4 --file "$TMP/getpid.cl" --no-analysis --json > "$TMP/getpid.json" 2>&1
v=$(jq -r .verdict "$TMP/getpid.json")
[ "$v" = wrong_result ] && ! grep -q "$refusal" "$TMP/getpid.json" &&
	ok "an allowed call comes back: the kernel's output shows its effect ($v)" ||
	fail "getpid: verdict ${v:-none}: $(head -c 300 "$TMP/getpid.json")"

# FAMILY|CALL|NUMBER|ARGUMENTS (x86_64; z: a zeroed buffer of the kernel's)
calls='mount API|open_tree|428|-100L (long)"/usr" 1L
mount API|fsopen|430|(long)"tmpfs" 0L
mount API|fspick|433|-100L (long)"/usr" 0L
mount API|fsconfig|431|-1L 0L 0L 0L 0L
mount API|fsmount|432|-1L 0L 0L
mount API|move_mount|429|-100L (long)"/usr" -100L (long)"/tmp" 0L
mount API|mount_setattr|442|-100L (long)"/tmp" 0L (long)z 32L
keyrings|add_key|248|(long)"user" (long)"clings" (long)z 4L -2L
keyrings|keyctl|250|0L -3L 1L
keyrings|request_key|249|(long)"user" (long)"clings" 0L 0L
ptrace|ptrace|101|0L 0L 0L 0L
ptrace|process_vm_readv|310|1L (long)z 1L (long)z 1L
bpf|bpf|321|0L (long)z 72L
userfaultfd|userfaultfd|323|1L
io_uring|io_uring_setup|425|8L (long)z
io_uring|io_uring_enter|426|-1L 0L 0L 0L 0L
io_uring|io_uring_register|427|-1L 0L 0L 0L'
while IFS='|' read -r family name nr args; do
	# shellcheck disable=SC2086
	call_kernel "$TMP/$name.cl" "$nr" $args
	"$CLINGS" --course "$course" check memory_4 --file "$TMP/$name.cl" --no-analysis --json > "$TMP/$name.json" 2>&1
	v=$(jq -r .verdict "$TMP/$name.json")
	[ "$v" = crash ] && grep -q "$refusal" "$TMP/$name.json" &&
		ok "$family: $name ends the run as the sandbox's refusal" ||
		fail "$family: $name: verdict ${v:-none}, not the sandbox's refusal: $(head -c 300 "$TMP/$name.json")"
done <<< "$calls"

# No capability: the kernel finds its process's capability sets all empty in /proc/self/status
# (tests/hostile/read_needle.cl matches them whole, then copies the 16 bytes after: "0000" of the
# bounding set, then its ambient set), which it shows as 808464432 ("0000") in out[0].
{ printf '#define CLINGS_HOSTILE_PATH "/proc/self/status"\n'
  printf '#define CLINGS_HOSTILE_NEEDLE "CapInh:\\t0000000000000000\\nCapPrm:\\t0000000000000000\\nCapEff:\\t0000000000000000\\nCapBnd:\\t000000000000"\n'
  cat tests/hostile/read_needle.cl; } > "$TMP/caps.cl"
"$CLINGS" --course "$course" check memory_4 --file "$TMP/caps.cl" --no-analysis --json > "$TMP/caps.json" 2>&1
grep -q 'got 808464432' "$TMP/caps.json" && ok "the kernel's process holds no capability, not even in its bounding set" ||
	fail "capabilities: $(head -c 300 "$TMP/caps.json")"

# An installed course: under /usr, its solutions/ covered in the kernel's root. The test mounts
# one at /usr/local in a mount namespace of its own; the kernel clones that mount. (No verdict
# cache: the control's verdict, reached without namespaces, would be served to the others.)
secret="Sup3r-s3cret-$$-XYZZY"
tree_kernel() {   # tree_kernel OUT [PLAIN]
	{ printf '#define CLINGS_HOSTILE_PATH "/usr/local"\n#define CLINGS_HOSTILE_FILE "share/clings/solutions/memory_4.cl"\n'
	  printf '#define CLINGS_HOSTILE_NEEDLE "MARK:"\n'
	  [ -n "${2:-}" ] && printf '#define CLINGS_HOSTILE_PLAIN 1\n'
	  cat tests/hostile/clone_tree.cl; } > "$1"
}
tree_kernel "$TMP/clone.cl"
tree_kernel "$TMP/plain.cl" plain
cat > "$TMP/installed.sh" <<SCRIPT
set -e
mount -t tmpfs tmpfs /usr/local
mkdir -p /usr/local/share/clings
cp -r "$course"/. /usr/local/share/clings/
echo "// MARK:$secret" >> /usr/local/share/clings/solutions/memory_4.cl
run() { "$CLINGS" --course /usr/local/share/clings check memory_4 --no-analysis --no-cache --json --file "\$@"; }
CLINGS_NO_NAMESPACES=1 run "$TMP/plain.cl" > "$TMP/plain-self.json" 2>&1 || true
run "$TMP/plain.cl" > "$TMP/plain.json" 2>&1 || true
run "$TMP/clone.cl" > "$TMP/clone.json" 2>&1 || true
SCRIPT
if ! unshare -rm true 2>/dev/null; then
	tap_record skip "no mount namespace for the test: the installed course's case is not run"
	exit 0
fi
unshare -rm bash "$TMP/installed.sh" || fail "the installed course could not be set up: $(cat "$TMP"/*.json 2>/dev/null | head -c 300)"
leaked() {   # leaked FILE: the secret's first 16 bytes, as text or as the ints a wrong result shows
	local n
	grep -Fqs -- "${secret:0:8}" "$1" && return 0
	for n in $(printf '%s' "${secret:0:16}" | od -An -td4); do
		grep -Eqs -- "(^|[^0-9])$n([^0-9]|$)" "$1" && return 0
	done
	return 1
}
leaked "$TMP/plain-self.json" && ok "without namespaces, the kernel reads the installed solution (the test can fail)" ||
	fail "the kernel reads nothing even without namespaces: $(head -c 300 "$TMP/plain-self.json")"
leaked "$TMP/plain.json" && fail "the installed solutions are in sight: $(head -c 300 "$TMP/plain.json")" ||
	ok "the installed course's solutions/ is covered in the kernel's root"
v=$(jq -r .verdict "$TMP/clone.json")
[ "$v" = crash ] && grep -q "$refusal" "$TMP/clone.json" && ok "open_tree of /usr/local: the sandbox's refusal" ||
	fail "open_tree of /usr/local: verdict ${v:-none}: $(head -c 300 "$TMP/clone.json")"
leaked "$TMP/clone.json" && fail "a clone of /usr/local read the solution: $(head -c 300 "$TMP/clone.json")" ||
	ok "no byte of the installed solution reaches the verdict through a cloned mount"
exit 0
