/** Adds two numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

export const total = 1;
