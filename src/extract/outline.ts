/**
 * The outline of data and document languages: keys (with their dotted paths), headings, code blocks and links.
 *
 * @module
 */
import type { OutlineFacts } from '../model/facts.js';
import type { CodeBlockInfo, HeadingInfo, KeyInfo, LinkInfo } from '../types.js';
import type { RawOutline } from './raw.js';
import { spanOf } from './definitions.js';
import type { LineIndex } from './lines.js';
import { parents } from './spans.js';
import { foldWhitespace, shorten } from './text.js';

/** Keys kept per file. */
const MAX_KEYS = 2000;
/** Keys nested deeper than this are left out. */
const MAX_KEY_DEPTH = 2;

function capturedText(item: RawOutline, name: string): string | undefined {
  const node = item.captures.get(name)?.[0];
  if (!node) return undefined;
  const strip = item.properties[`strip.${name}`];
  return strip ? node.text.replace(new RegExp(strip, 'g'), '') : node.text;
}

/** Keys (with their dotted paths), headings, code blocks and links of data and document languages. */
export function collectOutline(outline: readonly RawOutline[], lines: LineIndex): OutlineFacts {
  const sorted = [...outline].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const keys: KeyInfo[] = [];
  const headings: HeadingInfo[] = [];
  const codeBlocks: CodeBlockInfo[] = [];
  const links: LinkInfo[] = [];
  const keyItems = sorted.filter((item) => item.family === 'key');
  const keyParents = parents(keyItems.map((item) => ({ ...spanOf(item.node), item })));
  const keyPaths = new Map<RawOutline, { path: string; depth: number }>();
  keyItems.forEach((item, i) => {
    const name = capturedText(item, 'key.name') ?? '';
    const parentItem = keyParents[i]?.item;
    const parent = parentItem ? keyPaths.get(parentItem) : undefined;
    const path = parent ? `${parent.path}.${name}` : name;
    const depth = (parent?.depth ?? 0) + 1;
    keyPaths.set(item, { path, depth });
  });
  for (const item of sorted) {
    const line = lines.position(item.node.startIndex).line;
    if (item.family === 'key') {
      const { path, depth } = keyPaths.get(item) ?? { path: '', depth: 1 };
      if (depth > MAX_KEY_DEPTH || keys.length >= MAX_KEYS) continue;
      const valueKind = item.properties.kind ?? 'value';
      const key: KeyInfo = { name: capturedText(item, 'key.name') ?? '', path, valueKind, depth, line };
      const value = item.captures.get('key.value')?.[0];
      if (value && valueKind !== 'object' && valueKind !== 'array') key.value = shorten(value.text);
      keys.push(key);
    } else if (item.family === 'heading') {
      headings.push({
        level: Number(item.properties.level ?? 1),
        text: foldWhitespace(capturedText(item, 'heading.text') ?? ''),
        line: lines.position((item.captures.get('heading.text')?.[0] ?? item.node).startIndex).line,
      });
    } else if (item.family === 'code_block') {
      const language = capturedText(item, 'code_block.language');
      codeBlocks.push({ ...(language ? { language } : {}), line, endLine: lines.endLine(item.node.startIndex, item.node.endIndex) });
    } else {
      links.push({
        text: foldWhitespace(capturedText(item, 'link.text') ?? ''),
        url: (capturedText(item, 'link.url') ?? '').trim(),
        kind: item.properties.kind ?? 'link',
        line,
      });
    }
  }
  const result: OutlineFacts = {};
  if (keys.length > 0) result.keys = keys;
  if (headings.length > 0) result.headings = headings;
  if (codeBlocks.length > 0) result.codeBlocks = codeBlocks;
  if (links.length > 0) result.links = links;
  return result;
}
