/**
 * Reading `go.mod`: the module path and the `replace` directives that point at local folders, which is all import
 * resolution inside a tree needs. The file is line-oriented: a directive per line (`module example.com/app`), or a
 * block of them (`replace ( ... )`); `//` starts a comment; paths may be quoted.
 *
 * @module
 */

/** What code-index reads of a `go.mod`. */
export interface GoModFile {
  /** The module path (`example.com/app`), when the file declares one. */
  module?: string;
  /** `replace old [version] => ./local`: module paths replaced by a folder, relative to the go.mod's folder. */
  replaces: Array<{ path: string; folder: string }>;
}

/** The tokens of one line: words and quoted strings (unquoted), without a trailing `//` comment. */
function tokens(line: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
    } else if (ch === '/' && line[i + 1] === '/') {
      break;
    } else if (ch === '"' || ch === '`') {
      // An interpreted string may escape its quote; a raw string may not.
      let j = i + 1;
      let text = '';
      while (j < line.length && line[j] !== ch) {
        if (ch === '"' && line[j] === '\\' && j + 1 < line.length) j++;
        text += line[j];
        j++;
      }
      found.push(text);
      i = j + 1;
    } else {
      let j = i;
      while (j < line.length && !' \t\r"`'.includes(line[j] as string) && !(line[j] === '/' && line[j + 1] === '/')) j++;
      found.push(line.slice(i, j));
      i = j;
    }
  }
  return found;
}

/** A replacement that is a folder (`./x`, `../x`): the go tool reads such a target from disk. */
function localFolder(target: string): string | undefined {
  return target === '.' || target === '..' || target.startsWith('./') || target.startsWith('../') ? target : undefined;
}

/** Parses the text of a `go.mod`. */
export function parseGoMod(text: string): GoModFile {
  const result: GoModFile = { replaces: [] };
  let block: string | undefined;
  for (const line of text.split('\n')) {
    const words = tokens(line);
    if (words.length === 0) continue;
    if (block !== undefined) {
      if (words[0] === ')') {
        block = undefined;
        continue;
      }
      directive(result, block, words);
      continue;
    }
    const [verb = '', ...rest] = words;
    if (rest[0] === '(' && rest.length === 1) {
      block = verb;
      continue;
    }
    directive(result, verb, rest);
  }
  return result;
}

function directive(result: GoModFile, verb: string, args: string[]): void {
  if (verb === 'module' && args[0] !== undefined) result.module ??= args[0];
  else if (verb === 'replace') {
    const arrow = args.indexOf('=>');
    const path = args[0];
    const target = arrow > 0 ? args[arrow + 1] : undefined;
    const folder = target === undefined ? undefined : localFolder(target);
    if (path !== undefined && folder !== undefined) result.replaces.push({ path, folder });
  }
}
