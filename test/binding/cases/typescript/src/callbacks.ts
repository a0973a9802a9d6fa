import type { Observer } from './types';

export interface Trait {
  _def: { name: string };
}

export interface Counter extends Trait {
  step(by: number): Counter;
  reset(): void;
}

export interface Maker<T extends Trait, D = T['_def']> {
  new (def: D): T;
  init(inst: T, def: D): void;
}

/** Makes a constructor whose instances the initializer sets up. */
export function maker<T extends Trait, D = T['_def']>(name: string, initializer: (inst: T, def: D) => void): Maker<T, D> {
  return { name, initializer } as unknown as Maker<T, D>;
}

export const Counter: Maker<Counter> = maker('Counter', (inst, def) => {
  inst.step = (by) => inst.step(by - 1);
  inst.reset = () => {};
  inst._def = def;
});

export class Sink {
  emit(value: number): void {}
}

export class Stream {
  constructor(private subscribe?: (this: Stream, sink: Sink) => void) {}
}

export function operate(init: (source: Stream, sink: Sink) => (() => void) | void): void {}

export const ticks = new Stream((sink) => sink.emit(1));
operate((source, sink) => {
  sink.emit(2);
});

export function watch(observe: ((observer: Observer<number>) => void) | undefined): void {}
watch(observer => observer.complete());

export interface Options {
  retries: number;
  label?: string;
}

export function configure(name: string, options: Options): void {}
const label = 'x';
configure('a', { retries: 3, label });

interface StartedAction {
  type: 'started';
}
interface ProgressedAction {
  type: 'progressed';
}
interface FinishedAction {
  type: 'finished';
  manual?: boolean;
}
export type LongAction =
  | StartedAction
  | ProgressedAction
  | StartedAction
  | ProgressedAction
  | StartedAction
  | ProgressedAction
  | StartedAction
  | FinishedAction;
export function dispatch(action: LongAction): void {}
dispatch({ type: 'finished', manual: true });

export type Handler = (options: Options, count: number) => void;
export const handle: Handler = (options, count) => options.retries + count;

export type Change =
  | { kind: 'create'; created: number }
  | { kind: 'update'; previous: number; next: number };
export type ChangeEvent = Change | FinishedAction;
export function report(event: ChangeEvent): void {}
report({ kind: 'update', previous: 1, next: 2 });
