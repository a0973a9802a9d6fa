import type { AnyObserver, Config, Observer } from './types';

export function watch(config: Config, any: AnyObserver<number>): void {
  const { make, target } = config;
  const made = make();
  let last: Observer<number> | undefined = target;
  last?.complete();
  target?.next(1);
  any.complete();
  made.next(2);
}
