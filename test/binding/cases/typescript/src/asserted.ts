import type { Observer } from './types';

export interface Request {
  url: string;
  retries: number;
  observer: Observer<number>;
}

export interface Holder {
  request: Request;
}

export function send(raw: unknown, url: string): void {
  const request = raw as Request;
  request.retries += 1;
  const { retries } = raw as Request;
  const frozen: Readonly<Request> = { url, retries, observer: request.observer };
  frozen.observer.complete();
  const options = { url, retries: 2 } satisfies Request;
  options.url.trim();
}

export function observe(target: Holder['request']['observer']): void {
  target.next(1);
}
