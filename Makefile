# board-sync: `make run` starts the server with a demo board, `make test` runs every test.
# Both install the Debian packages the build needs when pkg-config cannot find them.

SWIFT        ?= swift
HOST         ?= 127.0.0.1
PORT         ?= 8080
BOARD        ?= demo
# Every build refuses warnings and imports of package modules outside a target's declared
# dependencies and theirs; `make lint` also refuses an import of a dependency's dependency
# (scripts/check_imports.py), which SwiftPM's check lets through.
IMPORT_CHECK := --explicit-target-dependency-import-check error
SWIFT_FLAGS  ?= -Xswiftc -warnings-as-errors $(IMPORT_CHECK)
VENV         := .build/venv
APT_PACKAGES := pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev libsqlite3-dev libpq-dev libssl-dev postgresql \
                tmux openssl wasi-libc binaryen libclang-rt-dev-wasm32 nodejs node-ws chromium iptables linux-perf

# The WebAssembly module: the same BoardSync sources SwiftPM builds, compiled as Embedded Swift,
# with the browser bridge and its exports (wasm/exports), linked against Debian's wasi-libc.
SWIFTC        ?= swiftc
SWIFT_BIN      = $(dir $(realpath $(shell command -v $(SWIFTC))))
WASM_DIR      := .build/wasm
# The core without Transfer/ (the import readers and export writers): only board-client and the
# server use them, so the page's module leaves them out by construction, not by the linker's choice.
WASM_CORE     := $(sort $(shell find Sources/BoardSync -name '*.swift' -not -path '*/Transfer/*'))
WASM_BRIDGE   := $(sort $(wildcard Sources/BoardSyncBrowser/*.swift) $(wildcard wasm/exports/*.swift))
# The decoders read every field through FieldReading's generic helpers; inlined at each field
# (as the server's build wants them, for speed) they cost the module about 10 KB, so the module's
# build keeps everything that names WireError out of line (every decoder throws it: swiftc keeps
# only the last -sil-inline-never-functions substring given). Nor does it inline the functions
# named in wasm/never-inline.txt, small ones the optimizer had copied into many callers: 54 KB
# less, a remote move's call about 6% slower (docs/BROWSER.md). The Swift
# optimizer also counts no benefit for anything an inlining might save (the call it removes, the
# closure, loads, stores, branches and reference counting it might fold away, the calls it might
# specialize): its defaults weigh these heavily even under -Osize and copied the client's larger
# functions into their callers. The call alone: 22 KB less; all of them: 10 KB more; a remote
# move's call time within 3% (docs/BROWSER.md).
# Nor does it copy a function for every closure passed to it (closure specialization: the one
# sort, the field readers and the core's helpers that take a closure each had several copies):
# 12 KB less, with the same call time.
# LLVM's inliner, both when swiftc compiles and at the link, counts no saving for a call it
# removes (WASM_LLVM_INLINE): with its default, the runtime's few lines of swift_retain looked
# free to copy and were copied into each of the 771 places that retain an object; called
# instead, 34 KB less.
WASM_LLVM_INLINE := -inline-call-penalty=0
WASM_INLINE_BENEFITS := removed-call removed-closure removed-load removed-store removed-terminator ref-count \
                 fast-path-builtin exclusivity devirtualized-call generic-specialization
WASM_NEVER_INLINE := wasm/never-inline.txt
WASM_INLINE   := -Xllvm -sil-inline-never-functions=WireError \
                 -Xllvm '-sil-inline-never-function=$(shell grep -v -e '^\#' -e '^$$' $(WASM_NEVER_INLINE) | paste -s -d, -)' \
                 $(foreach benefit,$(WASM_INLINE_BENEFITS),-Xllvm -sil-inline-$(benefit)-benefit=0) \
                 -Xllvm -sil-disable-pass=closure-specialize -Xllvm $(WASM_LLVM_INLINE)
WASM_SWIFT    := -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize \
                 -parse-as-library -Xfrontend -disable-stack-protector -lto=llvm-full -warnings-as-errors $(WASM_INLINE)
WASM_SYSROOT  := /usr/lib/wasm32-wasi
NODE_TESTS    := $(sort $(wildcard wasm/tests/*.test.mjs))
# The page's module as a resource of BoardServer (git ignores it), so board-server serves it
# from its own build; copied from the wasm rule's output before every swift build.
PAGE_MODULE   := Sources/BoardServer/Page/boardsync.wasm

.PHONY: all deps bench-deps build release run client test test-sanitize test-browser test-cluster cluster bench \
        format lint clean wasm wasm-bench page-bench page-compare test-autobahn test-people

all: build

# Installs the system packages only when something is missing, so a ready machine never runs apt.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 \
	    || ! pkg-config --exists libwebsockets sqlite3 libpq libcrypto \
	    || [ ! -f /usr/include/ev.h ] \
	    || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	    || ! ls /usr/lib/*/libwebsockets-evlib_ev.so >/dev/null 2>&1 \
	    || ! command -v tmux >/dev/null 2>&1 \
	    || ! command -v openssl >/dev/null 2>&1 \
	    || [ ! -f $(WASM_SYSROOT)/libc.a ] \
	    || ! command -v wasm-opt >/dev/null 2>&1 \
	    || ! ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a >/dev/null 2>&1 \
	    || ! command -v node >/dev/null 2>&1 \
	    || [ ! -f /usr/share/nodejs/ws/package.json ] \
	    || ! command -v chromium >/dev/null 2>&1 \
	    || ! command -v iptables >/dev/null 2>&1 \
	    || ! command -v perf >/dev/null 2>&1; then \
	  echo "installing system packages: $(APT_PACKAGES)"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES); \
	fi

# The independent WebSocket client the integration tests check the server against.
$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet 'websockets>=12,<14'

# The browser tests drive Debian's chromium with Playwright (its own browser download is never
# used) and run under pytest; axe-playwright-python brings axe-core for the accessibility checks.
$(VENV)/.browser-tests: $(VENV)/bin/python Makefile
	$(VENV)/bin/pip install --quiet 'playwright>=1.40,<2' 'pytest>=7,<9' 'axe-playwright-python==0.1.8'
	touch $@

build: deps $(PAGE_MODULE)
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps $(PAGE_MODULE)
	$(SWIFT) build -c release $(SWIFT_FLAGS)

run: release
	$$($(SWIFT) build -c release --show-bin-path)/board-server --host $(HOST) --port $(PORT) --demo

# Two nodes on 127.0.0.1:8081 and :8082 sharing a throwaway PostgreSQL, with the demo board.
cluster: release
	scripts/local-cluster $$($(SWIFT) build -c release --show-bin-path)

client: release
	$$($(SWIFT) build -c release --show-bin-path)/board-client ws://$(HOST):$(PORT)/boards/$(BOARD)

test: deps $(VENV)/bin/python $(VENV)/.browser-tests $(VENV)/.autobahn-tests $(VENV)/.people-tests wasm
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	BOARD_SYNC_PYTHON=$(CURDIR)/$(VENV)/bin/python $(SWIFT) test --skip-build --parallel
	node --test $(NODE_TESTS)
	$(MAKE) --no-print-directory test-autobahn
	$(MAKE) --no-print-directory test-people
	$(MAKE) --no-print-directory test-browser

# The pages in a real Chromium against a real board-server (the debug build `make test` made);
# screenshots of every scenario go to .build/browser-artifacts.
test-browser: $(VENV)/.browser-tests $(VENV)/.people-tests
	BOARD_SYNC_BIN=$$($(SWIFT) build --show-bin-path) $(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/BrowserTests

# Three board-server processes on 127.0.0.11-13 sharing a throwaway PostgreSQL on 127.0.0.20,
# clients speaking the protocol through Python's websockets: convergence fuzz, cross-node drags,
# kill -9 of a node, a PostgreSQL restart, the LISTEN connection dropped, a node cut off (its
# connections reset, then its packets dropped with iptables, which needs root); then two nodes
# with the same --webhook, each delivery received once, and the lanes of a killed node taken over.
test-cluster: build $(VENV)/.cluster-tests
	cd Tests/ClusterTests && BOARD_SYNC_BIN=$$($(SWIFT) build --show-bin-path) \
	  $(CURDIR)/$(VENV)/bin/python -m pytest -q -p no:cacheprovider test_cluster.py test_cluster_webhooks.py

$(VENV)/.cluster-tests: $(VENV)/bin/python Makefile
	$(VENV)/bin/pip install --quiet 'pytest>=7,<9'
	touch $@

# RFC 6455 conformance of the transport (Tests/AutobahnTests): the Autobahn TestSuite's cases,
# categories 1 to 10 and 13.7, driven by kosoku against `board-bench echo` and against
# board-server, raw-socket checks of the closing handshake, pings and the opening handshake, and
# a thousand hostile clients beside one that edits. Reports go to .build/autobahn-reports.
test-autobahn: $(VENV)/.autobahn-tests
	BOARD_SYNC_BIN=$$($(SWIFT) build --show-bin-path) AUTOBAHN_REPORTS=$(CURDIR)/.build/autobahn-reports \
	  $(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/AutobahnTests

$(VENV)/.autobahn-tests: $(VENV)/bin/python Makefile
	$(VENV)/bin/pip install --quiet 'kosoku==0.1.0' 'pytest>=7,<9'
	touch $@

# Protocol 1.2 section 12 against a real board-server (the debug build `make test` made): JSON
# Web Tokens signed by PyJWT with keys made by `cryptography`, for each algorithm and each refusal;
# writes over HTTP; webhooks sent to a receiver on loopback (Python's http.server) that fails,
# times out and answers slowly, across a kill -9 of the server.
test-people: $(VENV)/.people-tests
	BOARD_SYNC_BIN=$$($(SWIFT) build --show-bin-path) $(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/PeopleTests

$(VENV)/.people-tests: $(VENV)/bin/python
	$(VENV)/bin/pip install --quiet 'PyJWT>=2.8,<3' 'cryptography>=41' 'pytest>=7,<9'
	touch $@

test-sanitize: deps $(VENV)/bin/python
	ASAN_OPTIONS=detect_leaks=0 BOARD_SYNC_PYTHON=$(CURDIR)/$(VENV)/bin/python \
	  $(SWIFT) test $(IMPORT_CHECK) --sanitize=address --filter "BoardServerTests|BoardServerProcessTests" --scratch-path .build/asan
	BOARD_SYNC_PYTHON=$(CURDIR)/$(VENV)/bin/python \
	  $(SWIFT) test $(IMPORT_CHECK) --sanitize=thread --filter "BoardServerTests|BoardServerProcessTests" --scratch-path .build/tsan

# strace counts system calls for the benchmarks only; the tests never need it.
bench-deps:
	@if ! command -v strace >/dev/null 2>&1; then \
	  echo "installing strace"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq strace; \
	fi

# Core figures, the store, the history endpoints on a large board, nodes sharing PostgreSQL (on the
# machine's processors, then each node held to a fifth of a processor, as if on a machine of its
# own), then
# every load scenario against board-server, the bare libwebsockets relay and the Node.js relay,
# then where board-server and the Node.js relay spend their CPU in the boards and fanout steps
# (perf), then system calls per delivered frame; each writes its own section of docs/benchmarks.md.
bench: release bench-deps
	$$($(SWIFT) build -c release --show-bin-path)/board-bench core --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench tui --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench store --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench history \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench transfer --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench cluster \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench cluster --node-processors 0.20 \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench suite \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench profile --perf $$(command -v perf) \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench syscalls --strace $$(command -v strace) \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$(MAKE) --no-print-directory wasm-bench
	$(MAKE) --no-print-directory page-bench

# Main-thread time of one remote batch on a page of 1,000 tiles in headless Chromium (the page
# section of docs/benchmarks.md).
page-bench: release $(VENV)/.browser-tests
	$(VENV)/bin/python Tests/BrowserTests/page_bench.py --bin $$($(SWIFT) build -c release --show-bin-path) \
	  --markdown docs/benchmarks.md

# The board page's files of revision BEFORE against the working tree's, both pages in one
# headless Chromium at once, rounds alternating (make page-compare BEFORE=HEAD~1).
BEFORE ?= HEAD
page-compare: release $(VENV)/.browser-tests
	$(VENV)/bin/python Tests/BrowserTests/page_compare.py --bin $$($(SWIFT) build -c release --show-bin-path) \
	  --before $(BEFORE)

# A clean, timed build of the WebAssembly module, then its sizes and call times
# (the WebAssembly section of docs/benchmarks.md).
wasm-bench: deps
	rm -rf $(WASM_DIR)
	start=$$(date +%s); $(MAKE) --no-print-directory wasm; end=$$(date +%s); \
	  node wasm/bench/measure.mjs --compile-seconds $$((end - start)) --markdown docs/benchmarks.md

wasm: deps $(WASM_DIR)/boardsync.wasm $(WASM_DIR)/boardsync-check.wasm $(PAGE_MODULE)

$(PAGE_MODULE): $(WASM_DIR)/boardsync.wasm
	cp $< $@

# Two Embedded Swift modules as LLVM bitcode (the core, then the bridge with the exports), a
# few lines of C for the runtime (with the Unicode normalization data in place of the
# toolchain's tables: wasm/runtime.c says why) and a small allocator in place of wasi-libc's
# (wasm/allocator.c), one link-time-optimised link with no imports left, wasm-opt.
# The check module is the same link exporting bs_canonical too, for the node tests' fixtures.
$(WASM_DIR)/BoardSync.o: $(WASM_CORE) $(WASM_NEVER_INLINE)
	@mkdir -p $(WASM_DIR)
	@echo "swiftc (Embedded Swift, wasm32) BoardSync"
	@$(SWIFTC) $(WASM_SWIFT) -module-name BoardSync -emit-module -emit-module-path $(WASM_DIR)/BoardSync.swiftmodule \
	  -c $(WASM_CORE) -o $@

$(WASM_DIR)/BoardSyncBrowser.o: $(WASM_DIR)/BoardSync.o $(WASM_BRIDGE) $(WASM_NEVER_INLINE)
	@echo "swiftc (Embedded Swift, wasm32) BoardSyncBrowser with wasm/exports"
	@$(SWIFTC) $(WASM_SWIFT) -module-name BoardSyncBrowser -I $(WASM_DIR) -c $(WASM_BRIDGE) -o $@

$(WASM_DIR)/runtime.o $(WASM_DIR)/allocator.o: $(WASM_DIR)/%.o: wasm/%.c
	@mkdir -p $(WASM_DIR)
	$(SWIFT_BIN)clang --target=wasm32-wasi --sysroot=/usr -I/usr/include/wasm32-wasi -Os -Wall -Werror -c $< -o $@

WASM_OBJECTS := $(WASM_DIR)/BoardSync.o $(WASM_DIR)/BoardSyncBrowser.o $(WASM_DIR)/runtime.o $(WASM_DIR)/allocator.o
WASM_LINK     = $(SWIFT_BIN)wasm-ld --no-entry --lto-O2 -mllvm $(WASM_LLVM_INLINE) -z stack-size=1048576 $(WASM_OBJECTS) \
	  $(WASM_SYSROOT)/crt1-reactor.o $(WASM_SYSROOT)/libc.a \
	  $$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a | head -n 1)

$(WASM_DIR)/boardsync-linked.wasm: $(WASM_OBJECTS)
	$(WASM_LINK) -o $@

$(WASM_DIR)/boardsync-check-linked.wasm: $(WASM_OBJECTS)
	$(WASM_LINK) --export=bs_canonical -o $@

# The page's module also goes through binaryen's flatten and re-reloop before -Oz, which finds
# about 13 KB more to fold (docs/benchmarks.md); the check module only needs to work.
WASM_OPT_FLAGS := --low-memory-unused --strip-debug --strip-producers

$(WASM_DIR)/boardsync.wasm: $(WASM_DIR)/boardsync-linked.wasm
	wasm-opt --flatten --rereloop -Oz -Oz --converge $(WASM_OPT_FLAGS) $< -o $@

$(WASM_DIR)/boardsync-check.wasm: $(WASM_DIR)/boardsync-check-linked.wasm
	wasm-opt -Oz --converge $(WASM_OPT_FLAGS) $< -o $@

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	python3 scripts/check_imports.py

clean:
	rm -rf .build
