#!/usr/bin/env bash
# The one test command (`npm test`, .ci/run): dependencies, Debian Chromium, typecheck, lint,
# ONE production build, Vitest (unit + integration), Playwright (built server, JS on and off).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
summary=()
current=""

on_exit() {
  local code=$?
  if [ "$code" -ne 0 ] && [ -n "$current" ]; then
    echo
    echo "test-all: FAILED at '$current' (exit $code) after $(( $(date +%s) - started ))s${summary:+; passed: ${summary[*]}}"
  fi
}
trap on_exit EXIT

# step NAME COMMAND...: runs one step, timed, and records it for the summary line.
step() {
  local name=$1
  shift
  current=$name
  echo
  echo "==> $name: $*"
  local t0
  t0=$(date +%s)
  "$@"
  summary+=("$name $(( $(date +%s) - t0 ))s")
  current=""
}

# Dependencies: install when missing or when package.json / the lockfile changed since.
needs_install() {
  [ ! -d node_modules ] && return 0
  [ ! -f node_modules/.package-lock.json ] && return 0
  [ package-lock.json -nt node_modules/.package-lock.json ] && return 0
  [ package.json -nt node_modules/.package-lock.json ] && return 0
  return 1
}
install_deps() {
  # `npm ci` cannot work here (STACK.md): the lockfile lacks other platforms' optional binaries.
  npm install --no-audit --no-fund
  # npm leaves the marker untouched when nothing changed; touch it so the next run skips.
  touch node_modules/.package-lock.json
}
if needs_install; then
  step install install_deps
fi

# Debian's Chromium for Playwright (never `playwright install`).
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    step chromium bash -c "apt-get update && apt-get install -y chromium"
  else
    echo "sudo apt-get install chromium"
    exit 1
  fi
fi

step typecheck npm run --silent typecheck
step lint npm run --silent lint
step build npm run --silent build
step vitest npx vitest run
step playwright npx playwright test

echo
echo "test-all: OK in $(( $(date +%s) - started ))s (${summary[*]})"
