#!/usr/bin/env bash
# The one test command (`npm test`, .ci/run): dependencies, Debian's Chromium and Java, typecheck
# and lint (side by side), ONE production build, Vitest (unit + integration), Playwright (built server, JS on and off).
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

# Every tool below runs on the project's Node 24 (the `node` package puts it first in
# node_modules/.bin): npm scripts do this by themselves, a direct `bash scripts/test-all.sh` too.
export PATH="$PWD/node_modules/.bin:$PATH"
echo "test-all: Node $(node -v) ($(command -v node)), npm $(npm -v)"

# Debian's Chromium for Playwright (never `playwright install`): its headless shell (package
# chromium-headless-shell, see scripts/chromium.mjs), in which the end-to-end tests take about
# half the time they take in the desktop `chromium`. The desktop browser is the fallback: a
# failed install leaves the tests slower, not failed. CHROME_PATH picks the browser yourself.
install_headless_shell() {
  { apt-get update && apt-get install -y chromium-headless-shell; } || {
    echo "test-all: chromium-headless-shell did not install; the tests run in chromium"
    [ -x /usr/bin/chromium ]
  }
}
if [ -z "${CHROME_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    step chromium install_headless_shell
  elif [ -x /usr/bin/chromium ]; then
    echo "test-all: the tests run in the desktop chromium; 'sudo apt-get install chromium-headless-shell' halves their time"
  else
    echo "sudo apt-get install chromium-headless-shell"
    exit 1
  fi
fi

# Java for the W3C HTML checker (vnu-jar, run by tests/integration/html-valid.test.ts): Debian's
# default-jre-headless when no `java` is on the PATH.
install_java() {
  apt-get update && apt-get install -y default-jre-headless
}
if ! command -v java >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    step java install_java
  else
    echo "test-all: the HTML checker needs Java: sudo apt-get install default-jre-headless"
    exit 1
  fi
fi

# Typecheck and lint each use one core: side by side they take the time of the longer one. Each
# one's output is shown whole after both end, and either failing fails the step.
typecheck_and_lint() {
  local out status=0
  out=$(mktemp -d)
  npm run --silent typecheck >"$out/typecheck" 2>&1 &
  local tc=$!
  npm run --silent lint >"$out/lint" 2>&1 &
  local li=$!
  wait "$tc" || { status=1; echo "test-all: typecheck failed"; }
  cat "$out/typecheck"
  wait "$li" || { status=1; echo "test-all: lint failed"; }
  cat "$out/lint"
  rm -rf "$out"
  return "$status"
}
step typecheck+lint typecheck_and_lint
step build npm run --silent build
# Each runner's output is kept to count its tests for the closing line.
logs=$(mktemp -d)
step vitest bash -c "set -o pipefail; npx vitest run 2>&1 | tee '$logs/vitest.log'"
step playwright bash -c "set -o pipefail; npx playwright test 2>&1 | tee '$logs/playwright.log'"

# "N passed" of each runner (ANSI colours stripped): Vitest's "Tests  497 passed (497)" and
# Playwright's "48 passed (1.8m)".
count_passed() { sed -e 's/\x1b\[[0-9;]*m//g' "$1" | grep -E "$2" | grep -oE '[0-9]+ passed' | tail -1 | grep -oE '[0-9]+' || echo 0; }
vitest_passed=$(count_passed "$logs/vitest.log" '^ *Tests ')
playwright_passed=$(count_passed "$logs/playwright.log" '^ *[0-9]+ passed')
# A test that passed only on its retry (CI retries once) is "flaky": shown, never hidden.
playwright_flaky=$(sed -e 's/\x1b\[[0-9;]*m//g' "$logs/playwright.log" | grep -oE '^ *[0-9]+ flaky' | grep -oE '[0-9]+' || echo 0)
rm -rf "$logs"

echo
echo "test-all: OK in $(( $(date +%s) - started ))s on Node $(node -v) (${summary[*]})"
echo "vitest ${vitest_passed} and playwright ${playwright_passed} (flaky: ${playwright_flaky}):"
echo "$(( vitest_passed + playwright_passed )) passed, 0 failed, ${playwright_flaky} flaky"
