#!/usr/bin/env bash
# Builds web and server into DIR (web/ and server/), so several builds can run
# side by side. Browser tests use it with PMW_BUILD_DIR=DIR. DIR must be inside
# the repository (e.g. .tmp/build-x) so the server finds node_modules.
set -euo pipefail
dir=$(realpath -m "${1:?usage: scripts/build-to.sh DIR}")
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
(cd "$root/apps/web" && node build.mjs --outDir "$dir/web" --quiet)
(cd "$root/apps/server" && SERVER_OUT_DIR="$dir/server" node build.mjs)
