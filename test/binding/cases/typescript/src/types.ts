/** Receives values. */
export interface Observer<T> {
  /** The next value. */
  next: (value: T) => void;
  /** The end. */
  complete: () => void;
}

export interface TimerProvider {
  /** Schedules a call. */
  setTimeout: (handler: () => void, ms: number) => number;
}

/** Receives the end only. */
export interface CompletionObserver {
  /** Ends it. */
  complete: () => void;
}

/** Any observer. */
export type AnyObserver<T> = Observer<T> | CompletionObserver;

export interface Config {
  /** Makes the observer. */
  make: () => Observer<number>;
  /** What to watch. */
  target: Observer<number> | undefined;
}
