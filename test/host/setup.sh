#!/usr/bin/env bash
# One-time setup for `npm run test:host`: Debian packages + code-server 4.100.3 (VS Code 1.100.3)
# and playwright-core (+ mermaid, markdown-it for test/html), installed into test/host/node_modules (never the root, never the VSIX).
# Downloads come only from the npm registry and Debian mirrors.
# Adapted from /work/shared/recipes/vscode-host-tests/setup.sh; each step fixes a failure recorded there.
# Run as root (CI, this machine):  bash test/host/setup.sh
set -euo pipefail
cd "$(dirname "$0")"

# 1. Debian packages:
#    - libkrb5-dev: gssapi headers for the `kerberos` native module (a VS Code server dependency)
#    - ripgrep: stands in for @vscode/ripgrep's GitHub download (step 2)
#    - chromium: the headless browser that hosts the workbench (Debian's build, no download)
#    - git: "Impact of My Changes" compares with git (suite/impact.test.ts; without it the suite is pending, which fails CI)
need=()
for p in libkrb5-dev ripgrep chromium git; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
fi

# 2. @vscode/ripgrep@1.15.11's postinstall downloads rg from api.github.com unless the asset is
#    already in its cache dir ($TMPDIR/vscode-ripgrep-cache-<ver>/). Seed it with Debian's rg.
RG_CACHE="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
RG_ASSET="$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
mkdir -p "$RG_CACHE"
if [ ! -f "$RG_ASSET" ]; then
  tmpd="$(mktemp -d)"
  cp /usr/bin/rg "$tmpd/rg"
  tar czf "$RG_ASSET" -C "$tmpd" rg
  rm -rf "$tmpd"
fi

# 3. npm install. code-server's postinstall.sh refuses to run as root unless
#    npm_config_unsafe_perm=true, and node-pty's postinstall runs `npx node-gyp`, which an
#    npmrc with yes=false cancels unless npm_config_yes=true.
export npm_config_unsafe_perm=true npm_config_yes=true
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
test -x node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg
test -f node_modules/code-server/lib/vscode/node_modules/node-pty/build/Release/pty.node
echo "setup OK: code-server $(node -p "require('code-server/package.json').version"), playwright-core $(node -p "require('playwright-core/package.json').version")"
