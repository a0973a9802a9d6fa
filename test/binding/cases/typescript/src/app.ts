import * as U from './util/index.js';
import { fmt as show } from './util/index.js';
import { Circle } from './shapes/circle.js';
import { readFileSync } from 'node:fs';

const total = 10;

export function run(total: number): number {
  const circle: Circle = new Circle();
  const sum = total + U.total;
  show(circle.perimeter());
  readFileSync('data.txt');
  for (const total of [1, 2]) show(total);
  return U.add(sum, 1);
}

export function outer(): number {
  return total + helper();

  function helper(): number {
    // Not imported here: only a namesake elsewhere can answer.
    return (globalThis as any).mystery ?? mystery();
  }
}

declare function mystery(): number;
