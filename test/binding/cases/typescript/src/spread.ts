import type { TimerProvider } from './types';

export function join(first: string): string;
export function join(...parts: string[]): string;
export function join(...parts: string[]): string {
  return parts.join('');
}

export const joined = join(...['a', 'b']);

export interface Holder {
  /** The provider, when one is set. */
  delegate: TimerProvider | undefined;
}

export function schedule(holder: Holder, fallback: TimerProvider): number {
  return (holder.delegate || fallback).setTimeout(() => undefined, 1);
}
