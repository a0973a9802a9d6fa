/**
 * Reading a SCIP index in tests: the whole export of an index decoded, its documents checked (every range inside its
 * file, every symbol a reference names defined in the index), and a document rendered as scip's snapshot style: the
 * source, each occurrence marked under its line with its role and symbol.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeIndex } from '../../src/index.js';
import { decodeIndex, type Document, type Index, SymbolRole } from '../../src/scip/encode.js';

/** The index's export, decoded as one Index. */
export async function exportedIndex(index: CodeIndex, options: Parameters<CodeIndex['exportScip']>[0] = {}): Promise<Index> {
  const records: Uint8Array[] = [];
  for await (const record of index.exportScip(options)) records.push(record);
  return decodeIndex(Buffer.concat(records));
}

/** What is wrong with an index read against the files under `root`: ranges outside their text, references to nothing. */
export function problemsOf(index: Index, root: string): string[] {
  const problems: string[] = [];
  const defined = new Set<string>(index.externalSymbols.map((info) => info.symbol));
  for (const document of index.documents) {
    for (const occurrence of document.occurrences) {
      if (occurrence.symbolRoles & SymbolRole.Definition) defined.add(globalOrLocal(document, occurrence.symbol));
    }
  }
  for (const document of index.documents) {
    const lines = readFileSync(join(root, document.relativePath), 'utf8').split(/\r?\n/);
    for (const occurrence of document.occurrences) {
      const [line = -1, start = -1, third = -1, fourth] = occurrence.range;
      const [endLine, end] = fourth === undefined ? [line, third] : [third, fourth];
      const where = `${document.relativePath}:${line + 1}:${start + 1}`;
      if (occurrence.range.length !== 3 && occurrence.range.length !== 4) problems.push(`${where}: range of ${occurrence.range.length} numbers`);
      if (line < 0 || line >= lines.length || endLine < line || endLine >= lines.length) problems.push(`${where}: lines outside the file`);
      else if (start < 0 || start > (lines[line] ?? '').length || end > (lines[endLine] ?? '').length || (endLine === line && end < start)) {
        problems.push(`${where}: columns outside the line`);
      }
      if (!(occurrence.symbolRoles & SymbolRole.Definition) && !defined.has(globalOrLocal(document, occurrence.symbol))) {
        problems.push(`${where}: ${occurrence.symbol} has no definition in the index`);
      }
    }
  }
  return problems;
}

/** A local symbol is the document's own. */
function globalOrLocal(document: Document, symbol: string): string {
  return symbol.startsWith('local ') ? `${document.relativePath} ${symbol}` : symbol;
}

/** The roles an occurrence has, as words. */
function roles(value: number): string {
  const names: string[] = [];
  if (value & SymbolRole.Definition) names.push('definition');
  if (value & SymbolRole.Import) names.push('import');
  if (value & SymbolRole.WriteAccess) names.push('write');
  if (value & SymbolRole.ReadAccess) names.push('reference');
  return names.join(',') || 'reference';
}

/**
 * A document in scip's snapshot style: each source line, then a line per occurrence on it, `^` under its range
 * (to the end of the line for a multi-line range), its roles and symbol. Enclosing ranges are not shown.
 */
export function snapshotOf(document: Document, root: string): string {
  const lines = readFileSync(join(root, document.relativePath), 'utf8').split(/\r?\n/);
  const byLine = new Map<number, string[]>();
  for (const occurrence of document.occurrences) {
    const [line = 0, start = 0, third = 0, fourth] = occurrence.range;
    const end = fourth === undefined ? third : (lines[line] ?? '').length;
    const marker = `${' '.repeat(start)}${'^'.repeat(Math.max(1, end - start))} ${roles(occurrence.symbolRoles)} ${occurrence.symbol}`;
    byLine.set(line, [...(byLine.get(line) ?? []), marker]);
  }
  const out: string[] = [];
  lines.forEach((text, line) => {
    out.push(`  ${text}`);
    for (const marker of byLine.get(line) ?? []) out.push(`//${marker}`);
  });
  return `${out.join('\n')}\n`;
}
