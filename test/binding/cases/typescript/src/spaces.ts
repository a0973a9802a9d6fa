/** A schema. */
export interface Schema {
  parse(input: unknown): unknown;
}
export function Schema(name: string): Schema {
  return { parse: (input) => `${name}:${String(input)}` };
}
