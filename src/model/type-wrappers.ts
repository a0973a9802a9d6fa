/**
 * Generic types that stand for their type argument (TypeScript's `Readonly<Query>` has `Query`'s members), read the
 * same by extraction (a binding's declared type) and binding (a definition's declared type).
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
