/**
 * Doc comments: cleaning raw comment text into readable documentation.
 *
 * @module
 */
import type { DocCommentStyle } from '../languages/define.js';

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
