# board-sync: `make run` starts the server with a demo board, `make test` runs every test.
# Both install the Debian packages the build needs when pkg-config cannot find them.

SWIFT        ?= swift
HOST         ?= 127.0.0.1
PORT         ?= 8080
BOARD        ?= demo
SWIFT_FLAGS  ?= -Xswiftc -warnings-as-errors
VENV         := .build/venv
APT_PACKAGES := pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev libsqlite3-dev tmux openssl nodejs node-ws

.PHONY: all deps bench-deps build release run client test test-sanitize bench format lint clean

all: build

# Installs the system packages only when something is missing, so a ready machine never runs apt.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 \
	    || ! pkg-config --exists libwebsockets sqlite3 \
	    || [ ! -f /usr/include/ev.h ] \
	    || ! ls /usr/lib/*/libwebsockets-evlib_ev.so >/dev/null 2>&1 \
	    || ! command -v tmux >/dev/null 2>&1 \
	    || ! command -v openssl >/dev/null 2>&1 \
	    || ! command -v node >/dev/null 2>&1 \
	    || [ ! -f /usr/share/nodejs/ws/package.json ]; then \
	  echo "installing system packages: $(APT_PACKAGES)"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES); \
	fi

# The independent WebSocket client the integration tests check the server against.
$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet 'websockets>=12,<14'

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

run: release
	$$($(SWIFT) build -c release --show-bin-path)/board-server --host $(HOST) --port $(PORT) --demo

client: release
	$$($(SWIFT) build -c release --show-bin-path)/board-client ws://$(HOST):$(PORT)/boards/$(BOARD)

test: deps $(VENV)/bin/python
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	BOARD_SYNC_PYTHON=$(CURDIR)/$(VENV)/bin/python $(SWIFT) test --skip-build --parallel

test-sanitize: deps $(VENV)/bin/python
	ASAN_OPTIONS=detect_leaks=0 BOARD_SYNC_PYTHON=$(CURDIR)/$(VENV)/bin/python \
	  $(SWIFT) test --sanitize=address --filter BoardServerTests --scratch-path .build/asan
	BOARD_SYNC_PYTHON=$(CURDIR)/$(VENV)/bin/python \
	  $(SWIFT) test --sanitize=thread --filter BoardServerTests --scratch-path .build/tsan

# strace counts system calls for the benchmarks only; the tests never need it.
bench-deps:
	@if ! command -v strace >/dev/null 2>&1; then \
	  echo "installing strace"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq strace; \
	fi

# Core figures, then every load scenario against board-server, the bare libwebsockets relay and the
# Node.js relay, then system calls per delivered frame; each writes its own section of
# docs/benchmarks.md.
bench: release bench-deps
	$$($(SWIFT) build -c release --show-bin-path)/board-bench core --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench tui --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench store --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench suite \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md
	$$($(SWIFT) build -c release --show-bin-path)/board-bench syscalls --strace $$(command -v strace) \
	  --server-binary $$($(SWIFT) build -c release --show-bin-path)/board-server --markdown docs/benchmarks.md

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

clean:
	rm -rf .build
