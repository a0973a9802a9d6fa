// Variance annotations and call signatures on new lines, without semicolons (effect's style).
export interface Box<in out A> {
  get(): A
  set(value: A): void
}

export const mapBox: {
  <A, B>(f: (a: A) => B): (self: Box<A>) => B
  <A, B>(self: Box<A>, f: (a: A) => B): B
} = (...args: Array<any>) => args[0]

export class Cell<out A, in out E = never> implements Box<A> {
  constructor(private value: A, readonly error?: E) {}
  get(): A {
    return this.value
  }
  set(value: A): void {
    this.value = value
  }
}

export const double = (box: Box<number>): number => mapBox(box, (n: number) => n * 2)
