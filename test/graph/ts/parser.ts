import { readFileSync } from 'node:fs';
import { tokenize, type Token } from './lexer.js';

/** Nesting depth at which parsing gives up. */
export const MAX_DEPTH = 64;

let parsed = 0;

export class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  parseExpression(depth: number): number {
    const left = this.parseTerm(depth);
    if (this.peek() === '+') {
      this.position++;
      return left + this.parseExpression(depth);
    }
    return left;
  }

  parseTerm(depth: number): number {
    if (depth > MAX_DEPTH) throw new Error('too deep');
    if (this.peek() === '(') {
      this.position++;
      const inner = this.parseExpression(depth + 1);
      this.position++;
      return inner;
    }
    return Number(this.tokens[this.position++]);
  }

  peek(): Token | undefined {
    return this.tokens[this.position];
  }
}

export function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

export function isEven(n: number): boolean {
  return n === 0 ? true : isOdd(n - 1);
}

export function isOdd(n: number): boolean {
  return n === 0 ? false : isEven(n - 1);
}

function first(items: number[]): number {
  return second(items.slice(1));
}

function second(items: number[]): number {
  return items.length === 0 ? 0 : third(items);
}

function third(items: number[]): number {
  return first(items);
}

export function parseFile(path: string): number[] {
  const text = readFileSync(path, 'utf8');
  return text.split('\n').map((line) => {
    parsed++;
    return new Parser(tokenize(line)).parseExpression(0);
  });
}

parseFile(process.argv[2] ?? 'input.txt');
