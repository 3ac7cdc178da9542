#!/bin/sh
# Installs what is missing (the runtime set of scripts/install-deps), builds clings, and starts
# the tutorial in the learner's own workspace.
#   ./run.sh [--lang pt-BR] [--device SPEC]             the tutorial: lesson, edit, save, verdict, next
#   ./run.sh [--lang pt-BR] EXERCISE [CHECK OPTIONS]    checks one exercise once (as `clings check`)
#   ./run.sh COMMAND [ARGS]                              any clings command (init, grade, list, ...)
# The exercises a learner edits live in a workspace apart from this clone (as `clings init`
# makes one): $CLINGS_WORKSPACE, by default ~/clings-exercises, made on the first run; the
# clone's stubs stay the course's, so the clone stays clean. The commands about a learner's
# files (the tutorial, check, list, lesson, hint, reset, bench) run in the workspace; those
# about the course or the machine (validate, new, grade, devices, init) run in the clone.
set -e
clone=$(cd "$(dirname "$0")" && pwd)
cd "$clone"
scripts/install-deps
make -s --no-print-directory all

in_workspace() {   # makes the workspace once, then runs clings there with these arguments
	ws=${CLINGS_WORKSPACE:-${HOME:?HOME is not set: name a workspace in CLINGS_WORKSPACE}/clings-exercises}
	[ -f "$ws/clings.ini" ] || "$clone/clings" --course "$clone" init "$ws" >&2
	cd "$ws"
	exec "$clone/clings" "$@"
}

# The first operand that is not an option's value: a command of clings runs as it is; anything
# else names an exercise to check. With none, the tutorial.
skip=0
for a in "$@"; do
	if [ $skip = 1 ]; then skip=0; continue; fi
	case $a in
	--) break ;;
	--lang|--device|--course|--file|--out|--format|--exercises|--jobs|--seed|--class|--shard|--time-budget|--roster|--from) skip=1 ;;
	-h|--help) exec ./clings "$@" ;;
	-*) ;;
	init|devices|validate|new|grade|help) exec ./clings "$@" ;;
	watch|list|check|bench|lesson|hint|reset) in_workspace "$@" ;;
	*) in_workspace check "$@" ;;
	esac
done
in_workspace "$@"
