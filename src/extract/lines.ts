/**
 * Lines of a source text: offsets to 1-based lines and UTF-16 columns, line lengths and previews. Every position in
 * the facts comes from here, not from tree-sitter's points, which count only `\n` as a line break (a file with
 * CR-only line ends would be one line) and columns in the parser's encoding.
 *
 * @module
 */

/** Longest preview kept; longer lines end with `…`. */
export const MAX_PREVIEW = 200;

/** Line starts of a text, built once. */
export class LineIndex {
  /** Offset of each line's first character. */
  readonly starts: number[];
  /** Whether every line break is `\r\n` (two code units), and there is one. */
  readonly crlf: boolean;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
    const starts = [0];
    let pairs = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) starts.push(i + 1);
      else if (ch === 13) {
        if (text.charCodeAt(i + 1) === 10) {
          i++;
          pairs++;
        }
        starts.push(i + 1);
      }
    }
    this.starts = starts;
    this.crlf = pairs > 0 && pairs === starts.length - 1;
  }

  /** Number of lines (an empty text has one). */
  get count(): number {
    return this.starts.length;
  }

  /** 0-based row of an offset. */
  row(offset: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** 1-based line and column (UTF-16 code units) of an offset. */
  position(offset: number): { line: number; column: number } {
    const row = this.row(offset);
    return { line: row + 1, column: offset - (this.starts[row] ?? 0) + 1 };
  }

  /** 1-based line of the last character of a span ending at `end` (a span ending at a line start ends on the line before). */
  endLine(start: number, end: number): number {
    return this.row(end > start ? end - 1 : end) + 1;
  }

  /** The text of a 1-based line, without its line break. */
  text(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    let end = next ?? this.#text.length;
    if (next !== undefined) {
      end--;
      if (this.#text.charCodeAt(end) === 10 && this.#text.charCodeAt(end - 1) === 13) end--;
    }
    return this.#text.slice(start, end);
  }

  /** Lengths of every line. */
  lengths(): number[] {
    const lengths: number[] = [];
    for (let line = 1; line <= this.count; line++) lengths.push(this.text(line).length);
    return lengths;
  }

  /** The trimmed text of a line, at most {@link MAX_PREVIEW} characters. */
  preview(line: number): string {
    const text = this.text(line).trim();
    return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW - 1)}…` : text;
  }
}
