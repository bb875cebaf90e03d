#!/usr/bin/env bash
# The server suite on a Citus cluster (decision 0049): one coordinator and two workers on this
# machine, started for the run and stopped after it. Needs the Citus extension built into the
# machine's PostgreSQL 15: CITUS_TOOLS names the folder holding this workplace's install.sh and
# cluster.sh (CI passes it when they are there). Elsewhere, point TEST_DATABASE_URL at a Citus
# coordinator yourself and run `npm test -w @tillbook/server` (README, "Running on Citus").
# Usage: CITUS_TOOLS=<dir> scripts/citus-test.sh [vitest arguments]
set -euo pipefail
tools="${CITUS_TOOLS:?CITUS_TOOLS must name the folder with install.sh and cluster.sh}"
port="${CITUS_PORT:-5460}"
dir="$(mktemp -d)"
bash "$tools/install.sh"
stop() { bash "$tools/cluster.sh" stop "$dir" || true; rm -rf "$dir"; }
trap stop EXIT
# Stopped from outside (CI stops its background lanes when the run fails): the cluster stops too.
trap 'exit 143' TERM INT
bash "$tools/cluster.sh" start "$dir" "$port" 2
url="postgres://postgres@127.0.0.1:$port/postgres"
# Each test file migrates its own schema, distributing 49 tables: 2 shards each (one on each
# worker) instead of Citus's 32 keep that to seconds (one migration and drop: about 3 s of the
# cluster's CPU at 2 shards, 4 s at 4; decision 0061). The rule every statement keeps is the same
# at any count above one: a statement that does not name its store spans both shards.
psql "$url" -qAtc "alter database postgres set citus.shard_count = 2" >/dev/null
# Vitest's workers each get a Citus database of their own, made like this one
# (apps/server/src/test/pg-worker-database.ts), so two test files run at once.
TEST_DATABASE_URL="$url" npm test -w @tillbook/server -- "$@"
