# clings: `make` builds ./clings, `make check` installs what is missing and runs every test,
# `make asan` builds ./clings-asan with AddressSanitizer and UBSan, `make bench` measures.
CC      ?= cc
OPT     ?= -O2 -g
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes $(OPT)
CFLAGS  += -DCL_TARGET_OPENCL_VERSION=120 -MMD -MP
LDLIBS  += -lOpenCL -linih -lmd4c -lm

SRC      := $(wildcard runner/*.c)
OBJ      := $(SRC:runner/%.c=build/%.o)
ASAN_OBJ := $(SRC:runner/%.c=build/asan/%.o)
LIB_OBJ  := $(filter-out build/main.o,$(OBJ))
UNIT_SRC := $(wildcard tests/unit/test-*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/unit/%)
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: all asan check unit test deps bench clean
all: clings

clings: $(OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/%.o: runner/%.c | build
	$(CC) $(CFLAGS) -c -o $@ $<

asan: clings-asan
clings-asan: $(ASAN_OBJ)
	$(CC) $(CFLAGS) $(SANITIZE) -o $@ $^ $(LDLIBS)
build/asan/%.o: runner/%.c | build
	@mkdir -p build/asan
	$(CC) $(CFLAGS) $(SANITIZE) -c -o $@ $<

build/unit/%: tests/unit/%.c $(LIB_OBJ) | build
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Irunner -o $@ $^ $(LDLIBS) -lcmocka

build:
	@mkdir -p build

deps:
	@scripts/install-deps

unit: $(UNIT_BIN)

# Everything a change must keep green: unit tests, golden kernels, end-to-end scripts.
check: deps
	@$(MAKE) --no-print-directory test

test: clings clings-asan unit
	@tests/run-all

bench: deps
	@$(MAKE) --no-print-directory clings
	@scripts/bench

clean:
	rm -rf build clings clings-asan

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d)
