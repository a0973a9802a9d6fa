/**
 * Doc comments: which comments document a definition (its `@doc` captures, or the comments right above it in the
 * language's style), and cleaning their text into readable documentation.
 *
 * @module
 */
import type { DocCommentStyle, LanguageDefinition } from '../languages/define.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { RawCaptures } from './raw.js';
import type { Placed } from './definitions.js';
import type { LineIndex } from './lines.js';
import type { Level } from './siblings.js';

/**
 * Each definition's doc comment. In: the placed definitions (with the levels above them), the file's comments and the
 * language's doc comment style. Out: the doc comments by definition index, for the definitions that have one: their
 * `@doc` captures, or the comments right above them in the language's style.
 */
export function documentDefinitions(
  placed: readonly Placed[],
  raw: RawCaptures,
  language: LanguageDefinition,
  lines: LineIndex,
): Map<number, string> {
  const docs = new Map<number, string>();
  const style = language.docComments;
  for (const def of placed) {
    let doc: string | undefined;
    if (def.raw.docNodes.length > 0) doc = cleanDocComments(def.raw.docNodes.map((node) => node.text), style ?? {});
    else if (style) doc = docAbove(def.levels, raw.comments, style, lines);
    if (doc !== undefined) docs.set(def.index, doc);
  }
  return docs;
}

/** True when a comment's text is documentation in this style. */
export function isDocComment(text: string, style: DocCommentStyle): boolean {
  const trimmed = text.trimStart();
  if (style.line?.some((prefix) => trimmed.startsWith(prefix))) return true;
  return (
    style.block?.some(([open]) => trimmed.startsWith(open) && !trimmed.startsWith(`${open}${open.at(-1)}`)) ?? false
  );
}

/**
 * Turns doc comments into clean text: delimiters, line prefixes and `*` gutters removed, common indentation
 * removed, tags (`@param`) kept.
 */
export function cleanDocComments(texts: string[], style: DocCommentStyle): string {
  const lines: string[] = [];
  let openedBlock = false;
  let textOnOpener = false;
  for (const raw of texts) {
    const text = raw.trim();
    const block = style.block?.find(([open, close]) => text.startsWith(open) && text.endsWith(close));
    if (block) {
      const inner = text.slice(block[0].length, text.length - block[1].length);
      if (lines.length === 0 && !openedBlock) {
        openedBlock = true;
        textOnOpener = (inner.split(/\r?\n/)[0] ?? '').trim() !== '';
      }
      for (const line of inner.split(/\r?\n/)) lines.push(line.replace(/^\s*\*(?!\/)\s?/, '').replace(/^\s+$/, ''));
      continue;
    }
    const prefix = style.line?.filter((p) => text.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    // A comment node spanning several lines (Haskell's `-- |` block) repeats only the comment marker (`--`).
    const marker = prefix ? /^\S+/.exec(prefix)?.[0] : undefined;
    for (const line of text.split(/\r?\n/)) {
      const trimmed = line.trim();
      if (prefix && trimmed.startsWith(prefix)) lines.push(trimmed.slice(prefix.length).replace(/^ /, ''));
      else if (marker && trimmed.startsWith(marker)) lines.push(trimmed.slice(marker.length).replace(/^ /, ''));
      else lines.push(trimmed);
    }
  }
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  // The first line of a block comment sits right after its opener: like Python's inspect.cleandoc, leave it out of
  // the common indentation, which the other lines share.
  const fromLine = openedBlock && textOnOpener && lines.length > 1 ? 1 : 0;
  const indents = lines
    .slice(fromLine)
    .filter((line) => line.trim())
    .map((line) => /^\s*/.exec(line)?.[0].length ?? 0);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines
    .map((line, i) => (i < fromLine ? line.trim() : line.slice(common).trimEnd()))
    .join('\n')
    .trim();
}

/**
 * The doc comment above a definition: at the node (or the declaration) or at the first wrapper with something
 * before it, the run of doc-style comments right above it (decorators and plain comments in between are skipped),
 * each no more than one line above the next, none trailing code on its own line; a block comment ends the run.
 */
function docAbove(
  levels: readonly Level[],
  comments: ReadonlyMap<number, Node>,
  style: NonNullable<LanguageDefinition['docComments']>,
  lines: LineIndex,
): string | undefined {
  const row = (offset: number) => lines.row(offset);
  for (const level of levels) {
    const run = level.run;
    let k = run.length - 1;
    let anchor = level.start;
    while (k >= 0 && !(run[k] as (typeof run)[number]).comment) {
      anchor = (run[k] as (typeof run)[number]).start;
      k--;
    }
    if (k < 0) {
      if (level.before?.named) return undefined;
      continue;
    }
    const collected: string[] = [];
    let belowRow = row(anchor);
    for (let j = k; j >= 0; j--) {
      const item = run[j] as (typeof run)[number];
      if (!item.comment) break;
      const text = comments.get(item.id)?.text ?? '';
      const block = style.block?.some(([open]) => text.startsWith(open)) ?? false;
      // Blank lines may part a `/** ... */` comment from what it documents, plain comments between them or not
      // (TypeScript, Javadoc, PHPDoc and KDoc still attach it), or any comment in a `detached` style (clangd's); any
      // other doc comment must touch it.
      if (row(item.end) < belowRow - 1 && !(collected.length === 0 && (text.startsWith('/**') || style.detached === true))) break;
      if (!isDocComment(text, style)) {
        // A plain comment between a declaration and its doc comment (`/** Doc. */ // note` above a Java class) is
        // passed over, as javac and TypeScript read the doc comment before it; one above the doc ends it.
        if (collected.length > 0) break;
        belowRow = row(item.start);
        continue;
      }
      // A comment that trails code on its line (`a int, // the count`) documents that code, not what follows.
      const before = j > 0 ? run[j - 1] : undefined;
      const beforeEnd = before ? (before.comment ? undefined : before.end) : level.before?.end;
      if (beforeEnd !== undefined && row(beforeEnd) === row(item.start)) break;
      collected.unshift(text);
      if (block) break;
      belowRow = row(item.start);
    }
    return collected.length > 0 ? cleanDocComments(collected, style) : undefined;
  }
  return undefined;
}
