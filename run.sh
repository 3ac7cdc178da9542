#!/bin/sh
# Installs what is missing (the runtime set of scripts/install-deps), builds clings, and hands
# it every argument, as a learner's (--learner): clings decides what they mean.
#   ./run.sh [--lang pt-BR]              the tutorial in your workspace: lesson, edit, save, verdict, next
#   ./run.sh [--lang pt-BR] EXERCISE     checks one exercise once (as `clings check EXERCISE`)
#   ./run.sh COMMAND [ARGS]              any clings command (init, grade, list, ...)
# The exercises a learner edits live in a workspace apart from this clone (as `clings init`
# makes one): $CLINGS_WORKSPACE, by default ~/clings-exercises, made on the first run; the
# clone's stubs stay the course's, so the clone stays clean. The commands on a learner's files
# (the tutorial, check, list, ...) run in the workspace, the others (validate, new, grade, ...)
# in the clone: `clings --help` says which.
set -e
cd "$(dirname "$0")"
scripts/install-deps
make -s --no-print-directory all
exec ./clings --learner "$@"
