#!/usr/bin/env bash
# Generates the SQL migration from the Drizzle schema.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/pmw-drizzle.lock
flock 9
if [ "${1:-}" = "--squash" ]; then rm -rf apps/server/drizzle; fi
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name "${2:-init}"
