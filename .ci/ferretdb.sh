#!/usr/bin/env bash
# Ensures a working FerretDB v1.24.2 binary exists (building it from source when missing) and prints its path.
set -euo pipefail

version="v1.24.2"
bin="${NEXUS_FERRETDB_BIN:-$HOME/.cache/nexus/ferretdb/${version}/ferretdb}"

# A plain `go install ...@version` binary panics at start-up because FerretDB embeds
# build/version/version.txt, which only its own release tooling generates; so a binary
# that cannot report its version is treated as missing.
if [[ -x "$bin" ]] && "$bin" --version >/dev/null 2>&1; then
  echo "$bin"
  exit 0
fi

command -v go >/dev/null || { echo "ferretdb.sh: Go is required to build FerretDB ${version}" >&2; exit 1; }

work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

module_dir="$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@${version}" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[[ -n "$module_dir" ]] || { echo "ferretdb.sh: could not download FerretDB ${version}" >&2; exit 1; }

# The module cache is read-only, so build from a writable copy carrying the version files.
cp -R "$module_dir" "$work/src"
chmod -R u+w "$work/src"
echo "$version" >"$work/src/build/version/version.txt"
echo "nexus-ci" >"$work/src/build/version/package.txt"

mkdir -p "$(dirname "$bin")"
(cd "$work/src" && CGO_ENABLED=0 go build -buildvcs=false -trimpath -o "$bin.tmp" ./cmd/ferretdb)
mv "$bin.tmp" "$bin"

"$bin" --version >/dev/null
echo "$bin"
