/**
 * How the SCIP export names JavaScript's, TypeScript's and TSX's own: npm packages, and constructors as
 * scip-typescript names them.
 *
 * @module
 */
import type { ExternalPackage, ScipLanguage } from '../define.js';

/** The npm package an import names: `@scope/pkg/sub` is `@scope/pkg` with `sub`; Node's own `node:fs` is `@types/node`'s `fs`. */
export function npmPackage(source: string): ExternalPackage {
  if (source.startsWith('node:')) return { manager: 'npm', name: '@types/node', path: [source.slice('node:'.length)] };
  const parts = source.split('/');
  const take = source.startsWith('@') ? 2 : 1;
  return { manager: 'npm', name: parts.slice(0, take).join('/'), path: parts.slice(take) };
}

/** The SCIP vocabulary of the languages on Node's module system. */
export const nodeScip: ScipLanguage = { externalPackage: npmPackage, constructorName: '<constructor>' };
