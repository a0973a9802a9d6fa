export function split(values: number[]): { head: number; rest: number[] } {
  if (values.length > 0) {
    return { head: values[0] ?? 0, rest: values.slice(1) };
  }
  const head = 0;
  return { head, rest: [] };
}

export function emit(record: { buffer: number[]; count: number }): number {
  const { buffer } = record;
  return buffer.length + record.count;
}

export function measure(
  args: number[],
): { args: number } {
  return { args: args.length };
}
