export function mystery(): number {
  return 42;
}
