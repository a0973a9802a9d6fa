/**
 * Go build constraints, evaluated for one build: linux/amd64 with the gc compiler, cgo off and no custom tags (what
 * `CGO_ENABLED=0 go build` on Linux selects). A file is left out of its package when its name ends in another
 * system or architecture (`_windows.go`, `_arm64.go`) or when its `//go:build` line (or, without one, its
 * `// +build` lines) is false; the variant a package builds with is then the one its names bind to
 * (`pointer_unsafe.go` rather than `pointer_reflect.go`).
 *
 * @module
 */
import { posix } from 'node:path';

const GOOS = new Set([
  'aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd',
  'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos',
]);
const GOARCH = new Set([
  '386', 'amd64', 'amd64p32', 'arm', 'armbe', 'arm64', 'arm64be', 'loong64', 'mips', 'mipsle', 'mips64', 'mips64le',
  'mips64p32', 'mips64p32le', 'ppc', 'ppc64', 'ppc64le', 'riscv', 'riscv64', 's390', 's390x', 'sparc', 'sparc64', 'wasm',
]);
const UNIX = new Set(['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'linux', 'netbsd', 'openbsd', 'solaris']);

/** The build: its system, architecture and the tags that hold. */
const BUILD = { goos: 'linux', goarch: 'amd64' };

/** Whether a tag holds in the build. */
function holds(tag: string): boolean {
  if (tag === BUILD.goos || tag === BUILD.goarch || tag === 'gc') return true;
  if (tag === 'unix') return UNIX.has(BUILD.goos);
  // Every released Go version's tag: the build is recent.
  if (/^go1\.\d+$/.test(tag)) return true;
  return false;
}

/**
 * Whether a file's name keeps it in the build: what follows its first `_` may end in a system, an architecture or
 * both (`x_linux.go`, `x_amd64_test.go`, `x_windows_arm64.go`), before `_test`.
 */
export function fileNameBuilds(file: string): boolean {
  const name = posix.basename(file).split('.')[0] ?? '';
  const underscore = name.indexOf('_');
  if (underscore < 0) return true;
  const parts = name.slice(underscore).split('_');
  if (parts[parts.length - 1] === 'test') parts.pop();
  const last = parts[parts.length - 1] ?? '';
  const before = parts[parts.length - 2] ?? '';
  if (parts.length >= 2 && GOOS.has(before) && GOARCH.has(last)) return before === BUILD.goos && last === BUILD.goarch;
  if (GOOS.has(last)) return last === BUILD.goos;
  if (GOARCH.has(last)) return last === BUILD.goarch;
  return true;
}

/** Evaluates a `//go:build` expression (`linux && (amd64 || arm64) && !purego`); undefined when it does not parse. */
export function expressionHolds(expression: string): boolean | undefined {
  const tokens = expression.match(/&&|\|\||[!()]|[\p{L}\p{N}_.]+|\S/gu) ?? [];
  let at = 0;
  const or = (): boolean | undefined => {
    let value = and();
    while (tokens[at] === '||') {
      at++;
      const right = and();
      if (value === undefined || right === undefined) return undefined;
      value = value || right;
    }
    return value;
  };
  const and = (): boolean | undefined => {
    let value = not();
    while (tokens[at] === '&&') {
      at++;
      const right = not();
      if (value === undefined || right === undefined) return undefined;
      value = value && right;
    }
    return value;
  };
  const not = (): boolean | undefined => {
    const token = tokens[at++];
    if (token === '!') {
      const value = not();
      return value === undefined ? undefined : !value;
    }
    if (token === '(') {
      const value = or();
      return tokens[at++] === ')' ? value : undefined;
    }
    return token !== undefined && /^[\p{L}\p{N}_.]+$/u.test(token) ? holds(token) : undefined;
  };
  const value = or();
  return at === tokens.length ? value : undefined;
}

/** Evaluates a `// +build` line: space-separated options, any of which holds; each a comma-separated conjunction. */
function plusBuildHolds(line: string): boolean {
  return line
    .trim()
    .split(/\s+/)
    .some((option) => option.split(',').every((term) => (term.startsWith('!') ? !holds(term.slice(1)) : holds(term))));
}

/**
 * Whether build constraint comments (`//go:build ...`, `// +build ...`, as written) keep a file in the build: the
 * `//go:build` line when there is one, else every `// +build` line.
 */
export function constraintsBuild(comments: readonly string[]): boolean {
  const goBuild = comments.find((comment) => comment.startsWith('//go:build'));
  if (goBuild !== undefined) return expressionHolds(goBuild.slice('//go:build'.length)) ?? true;
  return comments
    .map((comment) => /^\/\/\s*\+build\s(.*)$/s.exec(comment)?.[1])
    .every((line) => line === undefined || plusBuildHolds(line));
}
