# clings: `make` builds ./clings, `make check` installs what is missing and runs every test,
# `make check-hostile` prints the table of hostile cases, `make asan` builds ./clings-asan with
# AddressSanitizer and UBSan, `make bench` measures.
#
# Warnings stop the build only in `make check` and CI (WERROR=-Werror): a newer compiler's new
# warning must never stop a learner's ./run.sh.
CC      ?= cc
OPT     ?= -O2 -g
WERROR  ?=
PKGS    := OpenCL inih md4c libseccomp
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra $(WERROR) -Wshadow -Wstrict-prototypes $(OPT)
CFLAGS  += -DCL_TARGET_OPENCL_VERSION=120 -MMD -MP -Irunner
CFLAGS  += $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lOpenCL -linih -lmd4c -lseccomp) -lm

# The layers, lowest first: a file may include its own layer's header and those of lower layers.
LAYERS   := base course engine ui watch grade cmd
SRC      := $(foreach l,$(LAYERS),$(wildcard runner/$(l)/*.c))
OBJ      := $(SRC:runner/%.c=build/%.o)
ASAN_OBJ := $(SRC:runner/%.c=build/asan/%.o)
# The catalogs of po/, compiled by msgfmt (which checks them) and embedded in the program.
LANGS    := pt_BR
CATALOG  := build/catalog.o
LIB_OBJ  := $(filter-out build/cmd/%,$(OBJ)) $(CATALOG)
UNIT_SRC := $(wildcard tests/unit/test-*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/unit/%)
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: all asan check check-hostile unit test deps bench clean layers pot FORCE
all: clings

# Objects are rebuilt when the flags change (WERROR on or off).
build/cflags: FORCE
	@mkdir -p build
	@echo '$(CC) $(CFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS)' > $@

clings: $(OBJ) $(CATALOG)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/%.mo: po/%.po
	@mkdir -p build
	msgfmt --check -o $@ $<
build/catalog.c: $(LANGS:%=build/%.mo) scripts/mo2c
	scripts/mo2c $(foreach l,$(LANGS),$(subst _,-,$(l))=build/$(l).mo) > $@
$(CATALOG): build/catalog.c
	$(CC) -std=c11 -O2 -c -o $@ $<

# po/clings.pot from the marked strings of runner/; po/*.po brought up to date with it (new
# messages untranslated, for the translators). `make check` says when this is due.
pot:
	@scripts/check-catalog --update

build/%.o: runner/%.c build/cflags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

asan: clings-asan
clings-asan: $(ASAN_OBJ) $(CATALOG)
	$(CC) $(CFLAGS) $(SANITIZE) -o $@ $^ $(LDLIBS)
build/asan/%.o: runner/%.c build/cflags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SANITIZE) -c -o $@ $<

build/unit/%: tests/unit/%.c $(LIB_OBJ)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) -lcmocka

deps:
	@scripts/install-deps

# The table of hostile cases (docs/testing.md): course files, learner files, progress files,
# kill -9 and concurrency, one row each; `make check` runs it too (tests/t071-check-hostile.sh).
check-hostile: clings
	@tests/hostile/check-hostile

unit: $(UNIT_BIN)

# The layering rule, enforced: see scripts/check-layers.
layers:
	@scripts/check-layers

# Everything a change must keep green: the layering, unit tests, golden kernels, end-to-end scripts.
check: deps
	@$(MAKE) --no-print-directory WERROR=-Werror test

test: layers clings clings-asan unit
	@tests/run-all

bench: deps
	@$(MAKE) --no-print-directory clings
	@scripts/bench

clean:
	rm -rf build clings clings-asan

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d)
