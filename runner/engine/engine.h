/*
 * engine.h: one check of one kernel, the engine's whole interface for the layers above it (ui/,
 * watch/, grade/, cmd/). The engine is in folders, each with one header and its contract, lowest
 * first: report/ (what a check found, its codec and the children's lines), source/ (the
 * learner's source as text), compute/ (the OpenCL host layer, host oracles, the comparison),
 * analysis/ (Oclgrind and the access figures), seal/ (the caches' seal), children/ (the confined
 * children and what runs in them), diagnose/ (naming the mistake), check/ (the stages of a
 * check, the judge, the verdict cache), then repair/ and bench/ on top of a check. A folder
 * includes only its own header and those of the folders below it (scripts/check-layers); no file
 * inside the engine includes this one.
 */
#ifndef ENGINE_ENGINE_H
#define ENGINE_ENGINE_H

#include "engine/report/report.h"
#include "engine/source/source.h"
#include "engine/compute/compute.h"
#include "engine/analysis/analysis.h"
#include "engine/seal/seal.h"
#include "engine/children/children.h"
#include "engine/diagnose/diagnose.h"
#include "engine/check/check.h"
#include "engine/repair/repair.h"
#include "engine/bench/bench.h"

#endif
