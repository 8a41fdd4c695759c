# Lamsa: `make run` to try it, `make test` to check it. See README.md.
SHELL := /bin/bash
CARGO_TARGET_DIR ?= $(CURDIR)/target
export CARGO_TARGET_DIR
LAMSA_DATA_DIR ?= data
export LAMSA_DATA_DIR

.PHONY: run dev setup web web-local build build-local build-debug migrate seed test test-rust test-contract test-deploy test-web test-e2e lint fmt clean

## Install everything, build the web app and the server (side by side), migrate, create demo
## accounts, serve. The server is built with the `local` profile (README: "A first start").
run: setup
	$(MAKE) -j2 web-local build-local
	$(CARGO_TARGET_DIR)/local/lamsa migrate
	$(CARGO_TARGET_DIR)/local/lamsa seed-demo
	$(CARGO_TARGET_DIR)/local/lamsa serve

## The API on :8080 and the Vite dev server with hot reload on :5173 (proxying /api to it).
dev: setup build-debug
	$(CARGO_TARGET_DIR)/debug/lamsa seed-demo
	trap 'kill 0' EXIT; $(CARGO_TARGET_DIR)/debug/lamsa serve & (cd web && npm run dev)

setup: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web: setup
	cd web && npm run build

## The web app without its type check (`make test` and `make lint` run it): `make run`'s build.
web-local: setup
	cd web && npx vite build

## The deployment build: fully optimised (thin LTO), as the Dockerfile builds it.
build:
	cargo build --release --bin lamsa

build-local:
	cargo build --profile local --no-default-features --bin lamsa

build-debug:
	cargo build --bin lamsa

migrate: build-debug
	$(CARGO_TARGET_DIR)/debug/lamsa migrate

seed: build-debug
	$(CARGO_TARGET_DIR)/debug/lamsa seed-demo

## Every test: Rust (SQLite, then PostgreSQL + Redis when LAMSA_TEST_DATABASE_URL and
## LAMSA_TEST_REDIS_URL are set), web unit tests, linters, browser tests.
test:
	bash scripts/test.sh

test-rust:
	bash scripts/test.sh rust

## schemathesis against a fresh server (LAMSA_ST_SECONDS per identity, default 60).
test-contract:
	bash scripts/test.sh contract

## nginx + two instances on PostgreSQL + Redis (needs LAMSA_TEST_DATABASE_URL, LAMSA_TEST_REDIS_URL).
test-deploy:
	bash scripts/test.sh deploy

test-web: setup
	bash scripts/test.sh web

test-e2e: setup
	bash scripts/test.sh e2e

lint: setup
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cd web && npm run typecheck && npm run lint

fmt:
	cargo fmt --all

clean:
	rm -rf web/dist
