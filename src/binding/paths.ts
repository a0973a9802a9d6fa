/**
 * The fallback for languages without a module system: files whose path matches a module path as the language writes
 * it.
 *
 * @module
 */
import { posix } from 'node:path';
import type { LanguageDefinition } from '../languages/define.js';
import { folderOf } from '../languages/module-system.js';

/**
 * Files whose path matches a module path as a language writes it (`modulePaths`: Python's `app.models` and
 * `.models`, Rust's `crate::parser`, C's `"util/log.h"`, Go's `example.com/app/store`, a folder): the fallback for
 * languages without a declared module system.
 */
export function moduleFilesByPath(files: Iterable<string>, from: string, source: string, rule: LanguageDefinition['modulePaths'] = {}): string[] {
  let path = source.replace(/^["'<]|[">']$/g, '');
  let base: string | undefined;
  if (path.startsWith('./') || path.startsWith('../')) {
    base = folderOf(from);
    path = posix.normalize(posix.join(base, path));
    base = undefined;
  }
  const dots = rule.relativeDots ? (/^\.+/.exec(path)?.[0].length ?? 0) : 0;
  if (dots > 0) {
    base = folderOf(from);
    for (let level = 1; level < dots; level++) base = folderOf(base);
    path = path.slice(dots);
  }
  const parts = path.includes('/') ? path.replace(/\.\w+$/, '').split('/') : rule.separator ? path.split(rule.separator) : [path];
  const segments = parts.filter((segment) => segment !== '' && !rule.skipSegments?.includes(segment));
  if (segments.length === 0 && base === undefined) return [];
  const tail = [...(base ? [base] : []), ...segments].join('/');
  const matches: string[] = [];
  for (const file of files) {
    const stem = file.replace(/\.[^./]+$/, '');
    const folder = folderOf(file);
    const hit =
      base !== undefined
        ? stem === tail || folder === tail || stem === `${tail}/__init__`
        : stem === tail || stem.endsWith(`/${tail}`) || folder === tail || folder.endsWith(`/${tail}`) || stem.endsWith(`/${tail}/__init__`) || stem === `${tail}/__init__`;
    if (hit) matches.push(file);
  }
  return matches;
}

