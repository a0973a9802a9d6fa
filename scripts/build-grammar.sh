#!/usr/bin/env bash
# Builds a grammar's .wasm into grammars/ from the C sources of a pinned npm tarball, with code-index's patch if it
# has one (grammars/patches/<package>.patch), and writes grammars/<package>.PROVENANCE.md beside it.
#
# Users need no compiler: the .wasm files are committed. Run this only to rebuild, e.g. to move to a new grammar
# version (change VERSION and TARBALL_SHA256 together) or after editing a patch.
#   sql         @derekstride/tree-sitter-sql: no npm package ships a SQL grammar as .wasm.
#   typescript  tree-sitter-typescript's TypeScript and TSX grammars with a patched external scanner (see the patch):
#               the package's own .wasm files cannot parse call signatures that start with `<` on a new line, nor
#               escapes in template literal types.
# Only hand-written C (the external scanner) is patched: the generated parser.c is compiled as shipped.
#
# Needs: npm, sha256sum, tar, patch, and emscripten's emcc (Debian 12: `apt-get install -y emscripten`, emcc 3.1.6).
# Usage: scripts/build-grammar.sh sql|typescript      (from anywhere; writes into the repository's grammars/)
set -euo pipefail

case "${1:-}" in
  sql)
    PACKAGE='@derekstride/tree-sitter-sql'
    VERSION='0.3.11'
    # sha256 of the tarball `npm pack @derekstride/tree-sitter-sql@0.3.11` downloads
    TARBALL_SHA256='20f2670c6bee98c442cf0a2afe6e4965b1a96a7752c89d8a37604c173db0c623'
    NAME='tree-sitter-sql'
    UPSTREAM='https://github.com/derekstride/tree-sitter-sql, MIT'
    # output file : source folder in the package : exported symbol
    BUILDS=('tree-sitter-sql.wasm:src:tree_sitter_sql')
    ;;
  typescript)
    PACKAGE='tree-sitter-typescript'
    VERSION='0.23.2'
    # sha256 of the tarball `npm pack tree-sitter-typescript@0.23.2` downloads
    TARBALL_SHA256='0fdf63c35930a75885145d75ee63cb879da2d49db9bfe454bd8e60b08ba778a1'
    NAME='tree-sitter-typescript'
    UPSTREAM='https://github.com/tree-sitter/tree-sitter-typescript, MIT'
    BUILDS=('tree-sitter-typescript.wasm:typescript/src:tree_sitter_typescript' 'tree-sitter-tsx.wasm:tsx/src:tree_sitter_tsx')
    ;;
  *)
    echo "usage: $0 sql|typescript" >&2
    exit 2
    ;;
esac
EMCC_FLAGS=(-Os -fno-exceptions -s WASM=1 -s SIDE_MODULE=2)

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_dir="$repo/grammars"
patch_file="$out_dir/patches/$NAME.patch"
provenance="$out_dir/$NAME.PROVENANCE.md"

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

patched='as shipped in the tarball'
if [ -f "$patch_file" ]; then
  echo "== patch -p1 < grammars/patches/$NAME.patch"
  (cd "$src" && patch -p1 --no-backup-if-mismatch <"$patch_file")
  patched="patched with \`grammars/patches/$NAME.patch\` (sha256 \`$(sha256sum "$patch_file" | cut -d' ' -f1)\`)"
fi

emcc_version="$(emcc --version 2>/dev/null | head -n1)"
echo "== $emcc_version"
mkdir -p "$out_dir"
rows=''
for build in "${BUILDS[@]}"; do
  IFS=: read -r file dir symbol <<<"$build"
  [ -f "$src/$dir/parser.c" ] || { echo "the tarball has no $dir/parser.c" >&2; exit 1; }
  flags=("${EMCC_FLAGS[@]}" -s "EXPORTED_FUNCTIONS=_${symbol}")
  echo "== (cd $dir && emcc -o $file ${flags[*]} -I . parser.c scanner.c)"
  start=$(date +%s)
  (cd "$src/$dir" && emcc -o "$work/$file" "${flags[@]}" -I . parser.c scanner.c)
  seconds=$(( $(date +%s) - start ))
  cp "$work/$file" "$out_dir/$file"
  chmod 644 "$out_dir/$file"
  wasm_sha="$(sha256sum "$out_dir/$file" | cut -d' ' -f1)"
  wasm_size="$(stat -c %s "$out_dir/$file")"
  parser_sha="$(sha256sum "$src/$dir/parser.c" | cut -d' ' -f1)"
  abi="$(sed -n 's/^#define LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$src/$dir/parser.c")"
  echo "== built in ${seconds}s: grammars/$file ($wasm_size bytes, sha256 $wasm_sha)"
  rows+="| \`grammars/$file\` | \`$dir/parser.c\` (sha256 \`$parser_sha\`, generated, ABI $abi) and \`$dir/scanner.c\`, $patched; \`emcc -o $file ${flags[*]} -I . parser.c scanner.c\` in \`$dir\` | $wasm_size bytes, sha256 \`$wasm_sha\` |"$'\n'
done

cat >"$provenance" <<EOF
# grammars/ files built from $PACKAGE

Built by \`scripts/build-grammar.sh $1\`. Rebuild with that script; do not edit the .wasm files by hand. Each
output is stored Brotli-compressed as \`<output>.br\` by \`scripts/vendor-grammars.mjs\` (which this script runs):
the sizes and sha256 below are of the .wasm it decompresses to, as \`grammars/grammars.json\` records them.

| | |
|---|---|
| source package | \`$PACKAGE@$VERSION\` (npm; upstream $UPSTREAM) |
| tarball | \`$(basename "$tarball")\`, sha256 \`$TARBALL_SHA256\` |
| compiler | $emcc_version (Debian package \`emscripten\`) |
| built | $(date -u +%Y-%m-%dT%H:%MZ) |
| loads in | web-tree-sitter 0.25.10 (\`Language.load\`; side modules with a \`dylink.0\` section) |

| output | sources and command | result |
|---|---|---|
$rows
EOF
echo "== wrote grammars/$NAME.PROVENANCE.md"

# Compress the new .wasm files into grammars/*.wasm.br and record them in grammars/grammars.json.
node "$(dirname "$0")/vendor-grammars.mjs"
