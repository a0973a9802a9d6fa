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
