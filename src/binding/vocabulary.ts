/**
 * The words with which a language's code names what a member belongs to (`this`, `Self`, `super`) and the words it
 * writes before a type's name without naming it (`const`, `struct`, `mut`): read from the language's definition
 * (`LanguageDefinition.binding`), so that binding holds no language's words.
 *
 * @module
 */
import type { BindingVocabulary, LanguageDefinition } from '../languages/define.js';

/** A language's binding words, as binding asks them. */
export interface Vocabulary {
  /** Words naming the instance a method runs on (`this`, `self`). */
  readonly self: ReadonlySet<string>;
  /** Words naming the enclosing type itself (`Self`). */
  readonly selfType: ReadonlySet<string>;
  /** Words naming the enclosing class's declared bases (`super`, `base`). */
  readonly parent: ReadonlySet<string>;
  /** Words before a type's name that do not name it (`const`, `struct`, `mut`). */
  readonly typeQualifiers: readonly string[];
  /** Types and values are named apart (`BindingVocabulary.declarationSpaces`). */
  readonly declarationSpaces: boolean;
  /** Generic types that stand for their first type argument (`Readonly`). */
  readonly typeWrappers: readonly string[];
}

/** The vocabulary of a language without one. */
export const NO_WORDS: Vocabulary = { self: new Set(), selfType: new Set(), parent: new Set(), typeQualifiers: [], declarationSpaces: false, typeWrappers: [] };

/** How deep embedded languages are followed (EJS embeds HTML, which embeds JavaScript). */
const MAX_DEPTH = 4;

/**
 * The binding vocabulary of a language with those of the languages it embeds (a Vue file's scripts are JavaScript or
 * TypeScript): a file's facts do not say in which of its languages a name is written.
 */
export function vocabularyOf(definition: LanguageDefinition | undefined, languageNamed: (id: string) => LanguageDefinition | undefined): Vocabulary {
  const parts: BindingVocabulary[] = [];
  const seen = new Set<string>();
  const collect = (language: LanguageDefinition | undefined, depth: number): void => {
    if (!language || seen.has(language.id) || depth > MAX_DEPTH) return;
    seen.add(language.id);
    if (language.binding) parts.push(language.binding);
    for (const id of Object.values(language.injections ?? {})) collect(languageNamed(id), depth + 1);
  };
  collect(definition, 0);
  if (parts.length === 0) return NO_WORDS;
  const words = (field: 'self' | 'selfType' | 'parent' | 'typeQualifiers' | 'typeWrappers') => [...new Set(parts.flatMap((part) => part[field] ?? []))];
  return {
    self: new Set(words('self')),
    selfType: new Set(words('selfType')),
    parent: new Set(words('parent')),
    typeQualifiers: words('typeQualifiers'),
    declarationSpaces: parts.some((part) => part.declarationSpaces === true),
    typeWrappers: words('typeWrappers'),
  };
}

/** Whether a qualifier's or type's first name is a word naming the enclosing class, its type or its bases. */
export function namesEnclosingClass(words: Vocabulary, head: string): boolean {
  return words.self.has(head) || words.selfType.has(head) || words.parent.has(head);
}

/**
 * Whether a written type names the type enclosing it: a self-type word (`Self`, `Self::Output`), or a self word alone
 * or before a member (`this`, `self.make()`); not a self word before `::`, which is a module path (Rust's `self::ast`).
 */
export function namesEnclosingType(words: Vocabulary, head: string, written: string): boolean {
  if (words.selfType.has(head)) return true;
  return words.self.has(head) && !written.startsWith(`${head}::`);
}
