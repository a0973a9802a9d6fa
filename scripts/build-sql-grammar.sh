#!/usr/bin/env bash
# Builds grammars/tree-sitter-sql.wasm from the C sources of a pinned @derekstride/tree-sitter-sql npm tarball.
#
# No npm package ships a SQL grammar as .wasm (not tree-sitter-wasms, not @cursorless/tree-sitter-wasms, not the
# grammar's own package), so code-index commits one built here, with grammars/tree-sitter-sql.PROVENANCE.md.
# Users need no compiler; run this only to rebuild (e.g. to move to a new grammar version: change VERSION and
# TARBALL_SHA256 together).
#
# Needs: npm, sha256sum, tar, and emscripten's emcc (Debian 12: `apt-get install -y emscripten`, emcc 3.1.6).
# Usage: scripts/build-sql-grammar.sh            (from anywhere; writes into the repository's grammars/)
set -euo pipefail

PACKAGE='@derekstride/tree-sitter-sql'
VERSION='0.3.11'
# sha256 of the tarball `npm pack @derekstride/tree-sitter-sql@0.3.11` downloads
# (npm integrity: sha512-YRtTXVWK4n7/3...96T0HtusBVH9g==, shasum 880feebcd3a2656e38a419f82199632fb139f9ad).
TARBALL_SHA256='20f2670c6bee98c442cf0a2afe6e4965b1a96a7752c89d8a37604c173db0c623'
SYMBOL='tree_sitter_sql'
EMCC_FLAGS=(-Os -fno-exceptions -s WASM=1 -s SIDE_MODULE=2 -s "EXPORTED_FUNCTIONS=_${SYMBOL}")

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_dir="$repo/grammars"
out="$out_dir/tree-sitter-sql.wasm"
provenance="$out_dir/tree-sitter-sql.PROVENANCE.md"

command -v emcc >/dev/null || { echo "emcc not found (Debian: apt-get install -y emscripten)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== npm pack $PACKAGE@$VERSION"
(cd "$work" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null)
tarball="$(ls "$work"/*.tgz)"
actual="$(sha256sum "$tarball" | cut -d' ' -f1)"
if [ "$actual" != "$TARBALL_SHA256" ]; then
  echo "tarball sha256 mismatch: expected $TARBALL_SHA256, got $actual" >&2
  exit 1
fi
echo "   sha256 $actual (ok)"
tar -xzf "$tarball" -C "$work"
src="$work/package"
[ -f "$src/src/parser.c" ] || { echo "the tarball has no src/parser.c" >&2; exit 1; }

emcc_version="$(emcc --version 2>/dev/null | head -n1)"
echo "== $emcc_version"
echo "== emcc -o tree-sitter-sql.wasm ${EMCC_FLAGS[*]} -I src src/parser.c src/scanner.c"
start=$(date +%s)
(cd "$src" && emcc -o "$work/tree-sitter-sql.wasm" "${EMCC_FLAGS[@]}" -I src src/parser.c src/scanner.c)
seconds=$(( $(date +%s) - start ))

mkdir -p "$out_dir"
cp "$work/tree-sitter-sql.wasm" "$out"
chmod 644 "$out"
wasm_sha="$(sha256sum "$out" | cut -d' ' -f1)"
wasm_size="$(stat -c %s "$out")"
parser_sha="$(sha256sum "$src/src/parser.c" | cut -d' ' -f1)"
scanner_sha="$(sha256sum "$src/src/scanner.c" | cut -d' ' -f1)"
abi="$(sed -n 's/^#define LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$src/src/parser.c")"
echo "== built in ${seconds}s: $out ($wasm_size bytes, sha256 $wasm_sha)"

cat >"$provenance" <<EOF
# grammars/tree-sitter-sql.wasm

Built by \`scripts/build-sql-grammar.sh\` (no npm package ships a SQL grammar as .wasm). Rebuild with that script;
do not edit the .wasm by hand.

| | |
|---|---|
| source package | \`$PACKAGE@$VERSION\` (npm; upstream https://github.com/derekstride/tree-sitter-sql, MIT) |
| tarball | \`$(basename "$tarball")\`, sha256 \`$TARBALL_SHA256\` |
| sources compiled | \`src/parser.c\` (sha256 \`$parser_sha\`, generated, ABI $abi), \`src/scanner.c\` (sha256 \`$scanner_sha\`), as shipped in the tarball |
| compiler | $emcc_version (Debian package \`emscripten\`) |
| command | \`emcc -o tree-sitter-sql.wasm ${EMCC_FLAGS[*]} -I src src/parser.c src/scanner.c\` |
| output | \`grammars/tree-sitter-sql.wasm\`, $wasm_size bytes, sha256 \`$wasm_sha\` |
| built | $(date -u +%Y-%m-%dT%H:%MZ), in ${seconds} s |
| loads in | web-tree-sitter 0.25.10 (\`Language.load\`; side module with a \`dylink.0\` section) |
EOF
echo "== wrote $provenance"
