/**
 * Types as extraction writes them and binding reads them: generic types that stand for their type argument
 * (TypeScript's `Readonly<Query>` has `Query`'s members), and type literals written in place (`{ buffer: T[] }`),
 * which a binding's type or a member's qualifier names by where they are.
 *
 * @module
 */

/**
 * The type a wrapper written around it stands for (`Readonly<Query>` is `Query`, `Partial<Readonly<Options>>` is
 * `Options`), by the language's wrapper names; any other type as it is.
 */
export function unwrapType(type: string, wrappers: readonly string[]): string {
  let text = type.trim();
  for (let depth = 0; depth < 4 && wrappers.length > 0; depth++) {
    const open = text.indexOf('<');
    if (open < 0 || !text.endsWith('>') || !wrappers.includes(text.slice(0, open).trim())) break;
    const inner = text.slice(open + 1, -1);
    // (the first argument: up to a comma outside brackets)
    let level = 0;
    let end = inner.length;
    for (let i = 0; i < inner.length; i++) {
      const ch = inner[i];
      if (ch === '<' || ch === '(' || ch === '[' || ch === '{') level++;
      else if ((ch === '>' && inner[i - 1] !== '=') || ch === ')' || ch === ']' || ch === '}') level--;
      else if (ch === ',' && level === 0) {
        end = i;
        break;
      }
    }
    text = inner.slice(0, end).trim();
  }
  return text;
}

/** Where a type literal is written: its first and last positions (1-based lines, columns as facts count them). */
export interface InlineSpan {
  start: { line: number; column: number };
  end: { line: number; column: number };
}

/** A type literal written in place, as a binding's type or a qualifier names it (`{}12:5-14:6`). */
export function inlineType(span: InlineSpan): string {
  return `{}${span.start.line}:${span.start.column}-${span.end.line}:${span.end.column}`;
}

/** The span an {@link inlineType} names, or undefined for any other type. */
export function inlineSpanOf(type: string | undefined): InlineSpan | undefined {
  const found = type === undefined ? null : /^\{\}(\d+):(\d+)-(\d+):(\d+)$/.exec(type);
  if (!found) return undefined;
  const [line, column, endLine, endColumn] = found.slice(1).map(Number) as [number, number, number, number];
  return { start: { line, column }, end: { line: endLine, column: endColumn } };
}

/** Whether a position is inside a span. */
export function insideSpan(span: InlineSpan, line: number, column: number): boolean {
  const after = line > span.start.line || (line === span.start.line && column >= span.start.column);
  const before = line < span.end.line || (line === span.end.line && column < span.end.column);
  return after && before;
}

/** The members of a union type as written (`A<T> | B | C`; a leading `|` allowed), or the type itself. */
export function unionOf(type: string): string[] {
  return splitOutsideBrackets(type, '|');
}

/** A type's text split at a separator outside brackets (`<>`, `()`, `[]`, `{}`), the parts trimmed, empty ones left out. */
export function splitOutsideBrackets(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<' || ch === '(' || ch === '[' || ch === '{') depth++;
    // (the arrow of a function type, `(x: A) => B`, closes nothing)
    else if ((ch === '>' && text[i - 1] !== '=') || ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== '');
}
