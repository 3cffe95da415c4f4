# LinkCoin marketplace. `make start` runs it; `make test` runs every test.
# Every target runs on the Node 24 pinned in package.json (node_modules/.bin/node),
# whatever node the machine has.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
NPM ?= npm
COMPOSE := docker compose -f infra/compose/compose.yaml

USER_APP := frontend-user/dist/index.html
ADMIN_APP := frontend-admin/dist/index.html
SHARED_SOURCES := $(shell find domain -name '*.ts' -not -name '*.test.ts' 2>/dev/null)
# What both apps bundle from the shared front-end workspace (session, safe links).
FRONTEND_SHARED_SOURCES := $(shell find frontend-shared -path frontend-shared/node_modules -prune -o -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.css' \) -not -name '*.test.ts' -not -name '*.test.tsx' -print 2>/dev/null)
# The build plugins both apps share (precompression, font preload, first-load budgets).
BUILD_TOOLING := tooling/vite-performance.ts
USER_SOURCES := $(shell find frontend-user/src frontend-user/public -type f 2>/dev/null) frontend-user/index.html frontend-user/vite.config.ts $(FRONTEND_SHARED_SOURCES) $(BUILD_TOOLING)
ADMIN_SOURCES := $(shell find frontend-admin/src frontend-admin/public -type f 2>/dev/null) frontend-admin/index.html frontend-admin/vite.config.ts $(FRONTEND_SHARED_SOURCES) $(BUILD_TOOLING)

.PHONY: help install build start dev test lint typecheck test-unit test-browser bench bench-directory-1m lighthouse rebuild seed up down clean

help:
	@echo "make start     install if needed, build, run the marketplace (embedded runtime)"
	@echo "make test      install if needed, then lint, typecheck, unit, contract, HTTP and browser tests"
	@echo "make dev       API with reload + Vite dev servers (user app :5173, console :5174)"
	@echo "make bench     store, command and HTTP figures beside same-run baselines (needs wrk)"
	@echo "make lighthouse  Lighthouse scores of the landing page, /influencers and a profile (not in make test)"
	@echo "make rebuild   drop and replay read models (PROJECTIONS=\"name ...\" for some)"
	@echo "make seed      demo creators and brands (CREATORS=200 BRANDS=5 DEMO_PASSWORD=demo-password)"
	@echo "make up/down   the distributed stack with docker compose"

# npm ci runs when the lockfile or a workspace manifest changed since the last install.
node_modules/.installed: package.json package-lock.json $(wildcard */package.json)
	$(NPM) ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed

$(USER_APP): node_modules/.installed $(USER_SOURCES) $(SHARED_SOURCES)
	$(NPM) run build --workspace frontend-user

$(ADMIN_APP): node_modules/.installed $(ADMIN_SOURCES) $(SHARED_SOURCES)
	$(NPM) run build --workspace frontend-admin

build: $(USER_APP) $(ADMIN_APP)

start: build
	node services/runtime/main.ts

dev: install
	@echo "User app: http://localhost:5173  Console: http://localhost:5174/admin/  API: http://localhost:8080/api"
	@trap 'kill 0' EXIT; \
	  SERVE_FRONTENDS=false node --watch services/runtime/main.ts & \
	  $(NPM) run dev --workspace frontend-user & \
	  $(NPM) run dev --workspace frontend-admin & \
	  wait

lint: install
	eslint . --max-warnings 0
	prettier --check .

typecheck: install
	tsc -b

test-unit: install
	vitest run --project unit --project contract --project services

test-browser: build
	vitest run --project browser

test: lint typecheck test-unit test-browser

# The HTTP measures drive the server with wrk (Debian: apt-get install wrk). Missed targets are
# printed and summarised; only a measure that could not be taken makes this fail.
# BENCH_ARGS="--profile" also records CPU profiles of the server; "--only http" runs some.
bench: install
	@command -v wrk >/dev/null || echo "make bench: wrk is not installed (apt-get install wrk); the HTTP measures will be reported as not measured" >&2
	node tooling/bench/run.ts $(BENCH_ARGS)

# The directory's measures at 1,000,000 creators (optional: long, and several GB of memory for
# the full-scan baseline). `make bench` runs them at 100,000.
bench-directory-1m: install
	BENCH_DIRECTORY_CREATORS=1000000 node tooling/bench/run.ts --only directory $(BENCH_ARGS)

# Lighthouse (npm) in Debian's Chromium: the landing page, /influencers and a public profile,
# phone and desktop, on a fresh seeded server in production mode. Not in `make test`: its
# timings follow the machine's load (recorded with the figures in docs/performance.md).
# LIGHTHOUSE_RUNS=3 takes the median of three; LIGHTHOUSE_URL=... measures a running server.
lighthouse: build
	node tooling/lighthouse.ts

rebuild: install
	node tooling/cli/rebuild.ts $(PROJECTIONS)

# Demo data through the real commands, each account once (running again makes nothing new).
# Stopped instance: seeds the data directory directly; running one: through its admin API
# (give ADMIN_EMAIL and ADMIN_PASSWORD).
seed: install
	node tooling/cli/seed.ts

up:
	$(COMPOSE) up --detach --build --wait

down:
	$(COMPOSE) down

clean:
	rm -rf frontend-user/dist frontend-admin/dist .tsbuild
