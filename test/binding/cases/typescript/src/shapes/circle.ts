import { Shape } from './base.js';

export class Circle extends Shape {
  radius = 1;

  area(): number {
    return Math.PI * this.radius ** 2;
  }

  perimeter(): string {
    return this.describe() + super.area();
  }
}

export function isCircle(value: unknown): value is Circle {
  return value instanceof Circle;
}

export class Square extends Shape {
  name(): string {
    return 'square';
  }
}
