#!/usr/bin/env bash
# Generates the SQL migration from the Drizzle schema. With --squash (before the
# first release, docs/decisions/0005) the one init migration is rebuilt, and the
# SQL Drizzle cannot express (functions, triggers: apps/server/src/db/sql/*.sql)
# is appended to it, so a fresh database gets both from one migration;
# contract-constants.sql, generated from the contract, sorts first.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/pmw-drizzle.lock
flock 9
# The contract's numbers first: the SQL files below name them through it.
npx tsx scripts/db-constants.ts
if [ "${1:-}" = "--squash" ]; then rm -rf apps/server/drizzle; fi
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name "${2:-init}"
if [ "${1:-}" = "--squash" ]; then
  out=$(ls apps/server/drizzle/0000_*.sql)
  for f in apps/server/src/db/sql/*.sql; do
    printf -- '--> statement-breakpoint\n' >>"$out"
    cat "$f" >>"$out"
  done
fi
