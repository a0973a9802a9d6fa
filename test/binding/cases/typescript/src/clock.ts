import type { Observer, TimerProvider } from './types';

export const timerProvider: TimerProvider = {
  setTimeout(handler: () => void, ms: number) {
    return ms;
  },
};

export class Clock {
  public static now: () => number = () => 0;
  public now: () => number = () => 1;

  constructor(protected observer: Observer<number>, private readonly label?: string) {}

  tick(): number {
    this.observer?.next(this.now());
    timerProvider.setTimeout(() => this.observer!.complete(), 5);
    return this.label?.length ?? 0;
  }
}

export function wrap(value: number): string;
export function wrap(value: number, width: number): string;
export function wrap(value: number, width?: number): string {
  return width === undefined ? wrap(value, 2) : String(value).padStart(width);
}
