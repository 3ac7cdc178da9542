# tests/fuzz/fuzz.mk: fuzzing, included by the Makefile (how to run and add a target: docs/testing.md).
#   make fuzz          builds build/fuzz/fuzz-NAME (clang, libFuzzer, ASan, UBSan) for every
#                      tests/fuzz/fuzz-NAME.c and runs each for FUZZ_SECONDS (tests/fuzz/run)
#   make fuzz-build    only builds them
#   make fuzz-replay   builds build/fuzz/replay-NAME: the same target with replay.c's main(), gcc,
#                      ASan and UBSan; `make check` runs them over the corpora (tests/t090)
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 100
FUZZ_NAMES   := $(patsubst tests/fuzz/fuzz-%.c,%,$(wildcard tests/fuzz/fuzz-*.c))
FUZZ_SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# clang, unlike gcc, warns of the fields that libseccomp's SCMP_A0() leaves to their default
FUZZ_WARN    := -Wno-missing-field-initializers
# The runner without its commands: the targets call the layers below cmd/ directly.
FUZZ_OBJ     := $(patsubst runner/%.c,build/fuzz/obj/%.o,$(filter-out runner/cmd/%,$(SRC)))
REPLAY_OBJ   := $(filter-out build/asan/cmd/%,$(ASAN_OBJ))
# A target's program is linked from several sources at once: no dependency files for it.
FUZZ_CFLAGS   = $(filter-out -MMD -MP,$(CFLAGS)) -Itests/fuzz

build/fuzz/obj/%.o: runner/%.c build/cflags
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CFLAGS) $(FUZZ_WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<

build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(FUZZ_OBJ) $(CATALOG)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(CATALOG) $(LDLIBS)

build/fuzz/replay-%: tests/fuzz/replay.c tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(REPLAY_OBJ) $(CATALOG)
	@mkdir -p build/fuzz
	$(CC) $(FUZZ_CFLAGS) $(SANITIZE) -o $@ tests/fuzz/replay.c tests/fuzz/fuzz-$*.c $(REPLAY_OBJ) \
		$(CATALOG) $(LDLIBS)

fuzz-build: $(FUZZ_NAMES:%=build/fuzz/fuzz-%)
fuzz-replay: $(FUZZ_NAMES:%=build/fuzz/replay-%)
fuzz: deps
	@$(MAKE) --no-print-directory fuzz-build
	@FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run $(FUZZ_NAMES)

# `make check` replays every corpus and regression input (tests/t090-fuzz-replay.sh).
test-build: fuzz-replay

-include $(FUZZ_OBJ:.o=.d)
