#!/usr/bin/env bash
# Installs the command line and the client from this checkout as docs/cli.md and the client's
# README say (`pnpm cli:install`, `pnpm client:install`), each into an empty place, and uses each
# against the service running on a loopback port: `linkyard --version`, a link added and listed
# through the installed `linkyard`, and the account read through the installed client. The
# command line's and the client's dependencies come from the npm registry, as a user's do.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=$(mktemp -d)
service=""
cleanup() {
  [ -n "$service" ] && kill "$service" 2>/dev/null && wait "$service" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
fail() {
  echo "!!! $*" >&2
  [ -f "$scratch/service.log" ] && tail -20 "$scratch/service.log" >&2
  exit 1
}

echo "--- pnpm cli:install --prefix <empty folder>"
pnpm cli:install --prefix "$scratch/prefix"
linkyard="$scratch/prefix/bin/linkyard"
version=$("$linkyard" --version)
expected=$(node -p "require('./packages/cli/package.json').version")
[ "$version" = "$expected" ] || fail "linkyard --version printed '$version', not $expected"
echo "linkyard --version: $version"

echo "--- pnpm client:install <empty project>"
mkdir "$scratch/project"
(cd "$scratch/project" && npm init -y >/dev/null)
pnpm client:install "$scratch/project"

echo "--- the service, on a loopback port"
pnpm exec turbo run build --filter=@linkyard/api... --output-logs=errors-only
port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
key="lyk_$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")"
(cd apps/api && PORT="$port" HOST=127.0.0.1 DATA_DIR="$scratch/data" ADMIN_API_KEY="$key" LOG_LEVEL=warn \
  exec node dist/main.js >"$scratch/service.log" 2>&1) &
service=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$service" 2>/dev/null || fail "the service stopped"
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || fail "the service did not start"

echo "--- the installed linkyard against it"
export LINKYARD_URL="http://127.0.0.1:$port" LINKYARD_API_KEY="$key"
added=$("$linkyard" links add https://example.com/installed --alias installed)
[ "$added" = "http://localhost:$port/installed" ] || fail "links add printed '$added'"
"$linkyard" links list | grep -q "http://localhost:$port/installed" || fail "links list does not show the link"
echo "links add and links list: $added"

echo "--- the installed client against it"
cd "$scratch/project"
node --input-type=module -e "
  import { createLinkyardClient } from '@linkyard/client';
  const linkyard = createLinkyardClient({ baseUrl: process.env.LINKYARD_URL, apiKey: process.env.LINKYARD_API_KEY });
  const { data } = await linkyard.GET('/urls');
  if (data.data.urls[0]?.alias !== 'installed') throw new Error('the client does not see the link: ' + JSON.stringify(data));
  console.log('client, ES module: GET /urls sees', data.data.urls[0].shorturl);"
node -e "
  const { createLinkyardClient, LinkyardError } = require('@linkyard/client');
  createLinkyardClient({ baseUrl: process.env.LINKYARD_URL, apiKey: 'lyk_wrong' }).GET('/account').then(
    () => { throw new Error('a wrong key was accepted'); },
    (error) => { if (!(error instanceof LinkyardError) || error.status !== 401) throw error; console.log('client, CommonJS: a wrong key is a LinkyardError', error.status); });"
echo "installed from the checkout: linkyard $version and @linkyard/client"
