import type { Observer } from './types';
import type { Entry } from './registry';

export interface Status {
  /** Whether it is loading. */
  isLoading: boolean;
  label: string;
}

export function status(label: string): Status {
  const loading = label === '';
  const result: Status = {
    isLoading: loading,
    label,
  };
  return result;
}

export function idle(): Status {
  return { isLoading: false, label: 'idle' };
}

export const quiet = (): Observer<number> => ({ next: () => undefined, complete() {} });

export const entries: Array<Entry> = [];

export function loading({ isLoading }: Status): boolean {
  return isLoading;
}

export function labelOf(current: Status): string {
  const { label, isLoading: busy = false } = current;
  return busy ? '' : label;
}
