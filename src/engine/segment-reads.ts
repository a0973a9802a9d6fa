/**
 * How a name segment is read: its bytes through a small cache of its blocks, and its definitions as values that read
 * their texts when asked. A search reads the records of thousands of names, neighbours in the file, and shows fifty
 * definitions: a read per record and per text was most of its time (`nfs*` on the kernel slice: 5,902 matches, 125 ms).
 *
 * @module
 */
import { readSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import type { SummaryDefinition } from '../model/facts.js';

/** Reads go through a cache of this many blocks of this size (4 MB); longer reads go to the file. */
const BLOCK_BYTES = 32 * 1024;
const MAX_BLOCKS = 128;

/** An immutable file's bytes, read in blocks kept among the most recently used. */
export class BlockReader {
  #fd: number | undefined;
  readonly #blocks = new LRUCache<number, Buffer>({ max: MAX_BLOCKS });
  #lastIndex = -1;
  #last: Buffer | undefined;

  constructor(fd: number) {
    this.#fd = fd;
  }

  /** Drops the blocks; reads after this find nothing (the descriptor is its owner's to close). */
  close(): void {
    this.#fd = undefined;
    this.#blocks.clear();
    this.#last = undefined;
  }

  /** `length` bytes at `position` (a view of a cached block when they lie in one; fewer at the file's end). */
  bytes(position: number, length: number): Buffer {
    if (this.#fd === undefined || length <= 0) return Buffer.alloc(0);
    if (length > BLOCK_BYTES) {
      const bytes = Buffer.alloc(length);
      const read = readSync(this.#fd, bytes, 0, length, position);
      return bytes.subarray(0, read);
    }
    const first = Math.floor(position / BLOCK_BYTES);
    const last = Math.floor((position + length - 1) / BLOCK_BYTES);
    if (first === last) {
      const block = this.#block(first);
      return block.subarray(position - first * BLOCK_BYTES, position - first * BLOCK_BYTES + length);
    }
    const bytes = Buffer.alloc(length);
    let at = 0;
    for (let b = first; b <= last; b++) {
      const block = this.#block(b);
      const from = Math.max(position, b * BLOCK_BYTES) - b * BLOCK_BYTES;
      const to = Math.min(position + length, (b + 1) * BLOCK_BYTES) - b * BLOCK_BYTES;
      at += block.copy(bytes, at, from, to);
    }
    return bytes.subarray(0, at);
  }

  /** A block of the file (its last may be short). */
  #block(index: number): Buffer {
    // (reads come in runs over one block: the most recent needs no lookup)
    if (index === this.#lastIndex && this.#last) return this.#last;
    let block = this.#blocks.get(index);
    if (!block) {
      block = Buffer.alloc(BLOCK_BYTES);
      const read = this.#fd === undefined ? 0 : readSync(this.#fd, block, 0, BLOCK_BYTES, index * BLOCK_BYTES);
      block = block.subarray(0, read);
      this.#blocks.set(index, block);
    }
    this.#lastIndex = index;
    this.#last = block;
    return block;
  }
}

/** Bytes in lower case: ASCII letters lowered, every byte past ASCII 0xff (matched on the decoded name instead). */
const LOWER = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x80 ? 0xff : byte >= 65 && byte <= 90 ? byte | 0x20 : byte));

/** A segment's definition names: their bytes, where each starts (and the next), the mask of each's characters. */
export interface NameBytes {
  bytes: Buffer;
  offsets: Uint32Array;
  masks: Uint32Array;
}

/**
 * The ids of the names (all holding `mask`'s characters) whose lower case holds `lowerQuery`'s characters in order.
 * An ASCII query is matched on the names' bytes, with no string made (ASCII found in order stays in order in the
 * name's lower case); a name past ASCII that it does not match this way, and every name for a query past ASCII, is
 * decoded (`name`) and matched as a string, as lower case may make more ASCII of it.
 */
export function namesInOrder(names: NameBytes, mask: number, lowerQuery: string, name: (id: number) => string): number[] {
  const { bytes, offsets, masks } = names;
  const found: number[] = [];
  const ascii = Buffer.byteLength(lowerQuery, 'utf8') === lowerQuery.length;
  const query = Buffer.from(lowerQuery, 'latin1');
  for (let id = 0; id < masks.length; id++) {
    if (((masks[id] as number) & mask) >>> 0 !== mask) continue;
    let at = 0;
    let other = !ascii;
    if (ascii) {
      const end = offsets[id + 1] as number;
      let wanted = query[0] as number;
      for (let i = offsets[id] as number; i < end; i++) {
        const byte = LOWER[bytes[i] as number] as number;
        if (byte === wanted) {
          if (++at === query.length) break;
          wanted = query[at] as number;
        } else if (byte === 0xff) other = true;
      }
    }
    if (at === query.length || (other && holdsInOrder(name(id).toLowerCase(), lowerQuery))) found.push(id);
  }
  return found;
}

/** Whether `lower` holds the characters of `query` in order (both lower case): a fuzzy match. */
export function holdsInOrder(lower: string, query: string): boolean {
  let at = 0;
  for (let i = 0; i < query.length; i++) {
    at = lower.indexOf(query[i] as string, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

/**
 * A definition read from a segment: its name, kind and numbers at once, its texts (preview, signature, scope: a read
 * each, as they are rarely shared) when first asked. A search ranks thousands of definitions and shows fifty.
 */
export class StoredDefinition implements SummaryDefinition {
  readonly name: string;
  readonly kind: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly isExported: boolean;
  readonly #text: (id: number) => string | undefined;
  #preview: number | string;
  #scope: number | string | undefined;
  #signature: number | string | undefined;

  constructor(
    text: (id: number) => string | undefined,
    name: string,
    kind: string,
    line: number,
    column: number,
    endLine: number,
    isExported: boolean,
    preview: number,
    scope: number,
    signature: number,
  ) {
    this.#text = text;
    this.name = name;
    this.kind = kind;
    this.line = line;
    this.column = column;
    this.endLine = endLine;
    this.isExported = isExported;
    this.#preview = preview;
    this.#scope = scope;
    this.#signature = signature;
  }

  get preview(): string {
    if (typeof this.#preview === 'number') this.#preview = this.#text(this.#preview) ?? '';
    return this.#preview;
  }

  get scope(): string | undefined {
    if (typeof this.#scope === 'number') this.#scope = this.#text(this.#scope);
    return this.#scope;
  }

  get signature(): string | undefined {
    if (typeof this.#signature === 'number') this.#signature = this.#text(this.#signature);
    return this.#signature;
  }

  /** As a plain definition (what `JSON.stringify` writes). */
  toJSON(): SummaryDefinition {
    const { name, kind, line, column, endLine, preview, signature, scope, isExported } = this;
    return { name, kind, line, column, endLine, preview, signature, scope, isExported };
  }
}
