# clings: `make` builds ./clings, `make check` installs what is missing and runs every test,
# `make check-hostile` prints the table of hostile cases, `make asan` builds ./clings-asan with
# AddressSanitizer and UBSan, `make bench` measures.
#
# Warnings stop the build only in `make check` and CI (WERROR=-Werror): a newer compiler's new
# warning must never stop a learner's ./run.sh.
CC      ?= cc
OPT     ?= -O2 -g
WERROR  ?=
PKGS    := OpenCL inih md4c libseccomp jansson nettle
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra $(WERROR) -Wshadow -Wstrict-prototypes $(OPT)
CFLAGS  += -DCL_TARGET_OPENCL_VERSION=120 -MMD -MP -Irunner
CFLAGS  += $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libclang reads a learner's kernel (engine/repair/kernel-facts.c): its header at build time; the library
# itself is opened by name in the parsing child only (libclang-15-dev), never linked into clings.
LIBCLANG_INCLUDE ?= /usr/lib/llvm-15/include
CFLAGS  += -isystem $(LIBCLANG_INCLUDE)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lOpenCL -linih -lmd4c -lseccomp -ljansson -lnettle) -lm

# The layers, lowest first: a file may include its own layer's header and those of lower layers.
LAYERS   := base course engine ui watch grade validate cmd
SRC      := $(foreach l,$(LAYERS),$(wildcard runner/$(l)/*.c runner/$(l)/*/*.c))
OBJ      := $(SRC:runner/%.c=build/%.o)
ASAN_OBJ := $(SRC:runner/%.c=build/asan/%.o)
# The catalogs of po/, compiled by msgfmt (which checks them) and embedded in the program.
LANGS    := pt_BR
CATALOG  := build/catalog.o
LIB_OBJ  := $(filter-out build/cmd/%,$(OBJ)) $(CATALOG)
UNIT_SRC := $(wildcard tests/unit/test-*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/unit/%)
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# The memory-access analysis: a plugin Oclgrind loads (C++, Oclgrind's own API). Built without
# RTTI as Oclgrind is, linked against Oclgrind's runtime and LLVM (see engine/analysis/access-plugin.cpp).
PLUGIN   := build/clings-access.so
CXX      ?= c++
LLVM_CONFIG ?= llvm-config-14
OCLGRIND_LIB = $(firstword $(wildcard /usr/lib/*/liboclgrind-[0-9]*.so /usr/lib/liboclgrind-[0-9]*.so))
PLUGIN_FLAGS = -std=c++17 -O2 -g -shared -fPIC -fno-rtti -Wall -Wextra $(WERROR) \
	       -isystem $(shell $(LLVM_CONFIG) --includedir)
PLUGIN_LIBS  = -L$(shell $(LLVM_CONFIG) --libdir) -lLLVM-14 $(OCLGRIND_LIB)
NPROC   := $(shell nproc 2>/dev/null || echo 2)

.PHONY: all asan check check-container check-cluster check-hostile unit test test-build deps bench clean layers pot fuzz fuzz-build fuzz-replay FORCE
all: clings $(PLUGIN)

# Objects are rebuilt when the flags change (WERROR on or off).
build/cflags: FORCE
	@mkdir -p build
	@echo '$(CC) $(CFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS)' > $@

clings: $(OBJ) $(CATALOG)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(PLUGIN): runner/engine/analysis/access-plugin.cpp build/cflags
	$(CXX) $(PLUGIN_FLAGS) -o $@ $< $(PLUGIN_LIBS)

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
	@scripts/install-deps --dev

# The table of hostile cases (docs/testing.md): course files, learner files, progress files,
# kill -9 and concurrency, one row each; `make check` runs it too (tests/t071-check-hostile.sh).
check-hostile: clings
	@tests/hostile/check-hostile

unit: $(UNIT_BIN)

# The shape of runner/ (scripts/check-layers) and tests that wait on events (scripts/check-sleeps).
layers:
	@scripts/check-layers
	@scripts/check-sleeps

# Everything a change must keep green: the layering, unit tests, the course through `clings validate`
# (its wrong kernels included), end-to-end scripts.
# The build runs on every processor; tests/run-all runs its tests three at a time by itself.
check: deps
	@$(MAKE) --no-print-directory -j$(NPROC) WERROR=-Werror test-build
	@$(MAKE) --no-print-directory WERROR=-Werror test

test-build: layers clings $(PLUGIN) clings-asan unit
test: test-build
	@tests/run-all

# The grading image built from this machine's Debian sources and graded in for real, beside the
# same grading outside it (tests/container/check-container; root and podman, about ten minutes).
check-container: deps
	@$(MAKE) --no-print-directory WERROR=-Werror clings $(PLUGIN)
	@tests/container/check-container

# A class graded on a one-node Slurm cluster that the test starts and stops (about three minutes).
check-cluster: deps
	@$(MAKE) --no-print-directory WERROR=-Werror clings $(PLUGIN)
	@bash tests/cluster/t085-slurm-class.sh

bench: deps
	@$(MAKE) --no-print-directory clings $(PLUGIN)
	@scripts/bench

clean:
	rm -rf build clings clings-asan

# ---- install: `make install PREFIX=/usr/local DESTDIR=` (docs/install.md) ----
# The binary, the access plugin, clings(1) and the bash and zsh completion (made from the command
# table through `clings --help` by scripts/from-help), and the bundled course as data. The
# catalogs of po/ are compiled into the binary. The installed clings finds the course in
# PREFIX/share/clings/course and the plugin in PREFIX/lib/clings, from where it runs. COURSE=DIR
# installs another course as the bundled one. Then the installed clings prepares the course
# (`clings prepare`: the precompiled header with PoCL's probed options, each reference's kept
# binary and PoCL's kernels, the stubs' verdicts) in the caches of the user who installs, so that
# their first check is as fast as the tenth; not into a DESTDIR (a package's staging tree, whose
# caches are nobody's). PREPARE=0 leaves it out, PREPARE=1 asks for it with a DESTDIR too. A course
# that could not be prepared is said and leaves the install as it is: only the first checks are
# slower.
PREFIX  ?= /usr/local
DESTDIR ?=
COURSE  ?= .
PREPARE ?= $(if $(DESTDIR),0,1)
ROOT     = $(DESTDIR)$(PREFIX)
INSTALLED := bin/clings lib/clings/clings-access.so share/man/man1/clings.1 \
	share/bash-completion/completions/clings share/zsh/site-functions/_clings
.PHONY: install uninstall
build/clings.1: clings scripts/from-help
	scripts/from-help man ./clings > $@
build/completion/clings: clings scripts/from-help
	@mkdir -p build/completion
	scripts/from-help bash ./clings > $@
build/completion/_clings: clings scripts/from-help
	@mkdir -p build/completion
	scripts/from-help zsh ./clings > $@
install: all build/clings.1 build/completion/clings build/completion/_clings
	install -Dm755 clings $(ROOT)/bin/clings
	install -Dm644 $(PLUGIN) $(ROOT)/lib/clings/clings-access.so
	install -Dm644 build/clings.1 $(ROOT)/share/man/man1/clings.1
	install -Dm644 build/completion/clings $(ROOT)/share/bash-completion/completions/clings
	install -Dm644 build/completion/_clings $(ROOT)/share/zsh/site-functions/_clings
	scripts/install-course $(COURSE) $(ROOT)/share/clings/course
ifeq ($(PREPARE),1)
	$(ROOT)/bin/clings --course $(ROOT)/share/clings/course prepare || \
		echo "make install: not every exercise could be prepared (said above): their first checks will be slower" >&2
endif
uninstall:
	rm -f $(INSTALLED:%=$(ROOT)/%)
	rm -rf $(ROOT)/share/clings/course
	-rmdir $(ROOT)/lib/clings $(ROOT)/share/clings

include tests/fuzz/fuzz.mk

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d)
