# Courtside. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help
GO ?= go
BIN := bin/courtside

.PHONY: help run test test-go test-web test-e2e test-future setup build web vet fuzz security bench soak bench-cluster bench-go bench-search web-perf cluster clean db-stop

help: ## list the targets
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN{FS=":.*## "}{printf "  make %-14s %s\n", $$1, $$2}'

run: setup build web ## run one node with demo data and the web client at http://localhost:8080
	@eval "$$(scripts/postgres.sh)" && export DATABASE_URL && \
	echo "Courtside: open http://localhost:$${COURTSIDE_HTTP_PORT:-8080}  (Ctrl-C stops)" && \
	echo "Back office: http://localhost:$${COURTSIDE_HTTP_PORT:-8080}/admin  (first administrator: DATABASE_URL=$$DATABASE_URL $(BIN) admin create <name> <password>, then sign in and set up the authenticator)" && \
	COURTSIDE_ENV=$${COURTSIDE_ENV:-dev} COURTSIDE_DEMO=$${COURTSIDE_DEMO:-true} exec $(BIN)

test: ## all tests: Go unit + integration (real Postgres), web client unit, browser end-to-end
	@scripts/test.sh

test-go: setup ## Go tests only (starts the local Postgres)
	@scripts/test.sh go

test-web: setup ## web client unit tests and type-check only
	@scripts/test.sh web

test-e2e: setup build web ## browser end-to-end tests only
	@scripts/test.sh e2e

setup: ## install missing packages (apt, npm); idempotent
	@scripts/setup.sh

build: ## build the node binary into bin/
	$(GO) build -o $(BIN) ./cmd/courtside

web: ## build the web client into webclient/dist
	@cd webclient && npm run --silent build

vet: ## go vet, the web client type-check and ESLint (zero warnings)
	$(GO) vet ./...
	cd webclient && npm run --silent typecheck && npm run --silent lint

test-future: setup ## Go tests with the clock moved a year ahead (DAYS=365): no test may depend on today's date
	@scripts/future-clock.sh $${DAYS:-365}

fuzz: ## run every Go fuzz target for FUZZTIME each (default 30s)
	@scripts/fuzz.sh $${FUZZTIME:-30s}

security: setup ## the attack suite of docs/security.md against a real node (Postgres), plus the hardening unit tests
	$(GO) test -count=1 -tags security -run TestAttack -v ./engine/
	$(GO) test -count=1 -run 'Throttled|Parallel|Ceiling|Bounded|Pixels|Quota|Unknown|Idle|Subscriptions|Forged|NUL|StaffRoles|GamePrefixed|SecurityHeaders|OperationalEndpoints|PerIPCap|OrderEventsInAnyOrder' ./api/... ./actors/match/ ./actors/session/ ./engine/ ./storage/postgres/

bench: build ## the load suite against a local node (<= 10 min): bench/results/latest.{json,html}
	$(GO) run ./bench suite

soak: build ## one hour of one room at steady load (chat, gifts, mutes, deletes, viewers leaving and coming back): the node's RSS and goroutines must stay flat (bench/results/soak/latest.html)
	$(GO) run ./bench -out bench/results/soak soak

bench-cluster: build ## the load suite against the local 3-node cluster of `make cluster` (BENCH_WS, BENCH_HTTP override the URLs)
	$(GO) run ./bench -target "$${BENCH_WS:-ws://127.0.0.1:8081/ws?v=1,ws://127.0.0.1:8083/ws?v=1,ws://127.0.0.1:8085/ws?v=1}" \
	  -http "$${BENCH_HTTP:-http://127.0.0.1:8080,http://127.0.0.1:8082,http://127.0.0.1:8084}" suite

bench-search: ## the site search over 1,000,000 generated documents (COPY once, then p50/p95/p99 of a query mix; docs/BENCHMARKS.md)
	@eval "$$(scripts/postgres.sh)" && export DATABASE_URL && \
	$(GO) test -run '^$$' -bench Search1M -benchtime 1000x -timeout 60m ./api/search/

web-perf: ## Lighthouse (mobile, slow 4G, 4x CPU) on five pages of a demo node vs the budgets of docs/BENCHMARKS.md; not part of `make test`
	@scripts/web-perf.sh

bench-go: ## Go micro-benchmarks of the hot paths (fan-out, history, ledger, scores, media)
	$(GO) test -run '^$$' -bench . -benchmem ./gateway/... ./actors/... ./storage/history/... ./bench/...

cluster: setup build web ## three nodes on loopback (etcd, Redis Cluster, Postgres): http://localhost:8080, :8082, :8084
	@scripts/setup.sh --cluster
	@scripts/cluster.sh

db-stop: ## stop the project-local Postgres, Redis Cluster and etcd
	@scripts/postgres.sh stop
	@scripts/redis-cluster.sh stop
	@scripts/etcd.sh stop

clean: ## remove build output (keeps var/: the local database and chat history)
	rm -rf bin webclient/dist webclient/test-results
