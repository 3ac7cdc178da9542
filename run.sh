#!/bin/sh
# Installs what is missing, builds clings, and starts the tutorial.
#   ./run.sh [--lang pt-BR] [--device SPEC]             the tutorial: lesson, edit, save, verdict, next
#   ./run.sh [--lang pt-BR] EXERCISE [CHECK OPTIONS]    checks one exercise once (as `clings check`)
#   ./run.sh COMMAND [ARGS]                              any clings command (init, grade, list, ...)
set -e
cd "$(dirname "$0")"
scripts/install-deps
make -s --no-print-directory all
# The first operand that is not an option's value: a command of clings runs as it is; anything
# else names an exercise to check. With none, the tutorial.
skip=0
for a in "$@"; do
	if [ $skip = 1 ]; then skip=0; continue; fi
	case $a in
	--) break ;;
	--lang|--device|--course|--file|--out|--format|--exercises|--jobs|--seed|--class|--shard|--time-budget) skip=1 ;;
	-*) ;;
	watch|init|list|check|bench|lesson|hint|reset|devices|validate|new|grade|help) exec ./clings "$@" ;;
	*) exec ./clings check "$@" ;;
	esac
done
exec ./clings "$@"
