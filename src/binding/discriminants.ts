/**
 * Discriminated unions: the key of an object literal typed by a union (`dispatch({ type: 'success', manual: true })`
 * against `type Action = ErrorAction | SuccessAction`) is the member of the union's types that declare the object's
 * other keys as it sets them (`type: 'success'`), as a compiler narrows it; when none does, of every type it may be.
 *
 * @module
 */
import type { FileFacts, Reference } from '../model/facts.js';
import type { Binder } from './binder.js';
import { fileIndex } from './file-index.js';
import type { Lookup, Target } from './targets.js';
import { unionOf } from './type-text.js';
import type { Walk } from './walk.js';

/** A key the object sets, and the values it may be (a literal's text without quotes; unknown: none). */
interface Wanted {
  key: string;
  value: string | undefined;
}

/** The lookup of a key of an object literal, kept to the union members its object's other keys pick, when any do. */
export async function narrowedByDiscriminants(b: Binder, file: string, facts: FileFacts, ref: Reference, lookup: Lookup, walk: Walk): Promise<Lookup> {
  if (!ref.discriminants || lookup.targets.length < 2 || walk.exhausted) return lookup;
  const wanted: Wanted[] = [];
  for (const written of ref.discriminants) {
    const at = written.indexOf('=');
    wanted.push({ key: written.slice(0, at), value: await valueOf(b, file, facts, written.slice(at + 1), walk) });
  }
  const known = wanted.filter((w): w is { key: string; value: string } => w.value !== undefined);
  if (known.length === 0) return lookup;
  const kept: Target[] = [];
  for (const target of lookup.targets) {
    if (!('def' in target) || !(await mismatches(b, target, known, walk))) kept.push(target);
  }
  return kept.length > 0 && kept.length < lookup.targets.length ? { ...lookup, targets: kept } : lookup;
}

/**
 * A literal's value without its quotes, what a constant the file sees is initialised with (`UPDATE = "update"`, here
 * or imported), or an enum's member as written (`Kind.Foo`).
 */
async function valueOf(b: Binder, file: string, facts: FileFacts, written: string, walk: Walk): Promise<string | undefined> {
  const literal = unquoted(written);
  if (literal !== undefined) return literal;
  if (/^-?\d/.test(written) || written === 'true' || written === 'false' || written.includes('.')) return written;
  for (const i of fileIndex(facts).top.get(written) ?? []) {
    for (const target of (await b.lookupOfBinding(file, facts, i, walk.deeper())).targets) {
      if (!('def' in target)) continue;
      const value = (await b.context.facts(target.file))?.definitions[target.def]?.value;
      if (value !== undefined) return unquoted(value);
    }
  }
  return undefined;
}

/** The text of a string literal without its quotes, or undefined for any other text. */
function unquoted(text: string): string | undefined {
  const trimmed = text.trim();
  return /^(["'`]).*\1$/s.test(trimmed) ? trimmed.slice(1, -1) : undefined;
}

/**
 * Whether the type declaring `target` declares one of the wanted keys with literal types none of which is the value
 * set (`type: 'error'` against `type: 'success'`); a key declared otherwise (`type: string`) or not at all tells nothing.
 */
async function mismatches(b: Binder, target: Exclude<Target, { module: true }> & { def: number }, wanted: Array<{ key: string; value: string }>, walk: Walk): Promise<boolean> {
  const facts = await b.context.facts(target.file);
  const def = facts?.definitions[target.def];
  const parent = def?.parent;
  if (!facts || !def || parent === undefined) return false;
  for (const { key, value } of wanted) {
    // (a member of one part of a union of type literals: the keys of that part, not of its siblings)
    const members: Target[] =
      def.literal === undefined
        ? await b.membersOf({ file: target.file, def: parent }, key, walk.deeper())
        : (fileIndex(facts).named.get(key) ?? []).filter((i) => facts.definitions[i]?.parent === parent && facts.definitions[i]?.literal === def.literal).map((i) => ({ file: target.file, def: i }));
    for (const member of members) {
      if (!('def' in member)) continue;
      const memberFacts = await b.context.facts(member.file);
      const type = memberFacts?.definitions[member.def]?.type;
      if (type === undefined) continue;
      const literals = unionOf(type).map((part) => unquoted(part) ?? (/^-?\d|^true$|^false$|\./.test(part) ? part : undefined));
      if (literals.some((literal) => literal === undefined)) continue;
      if (!literals.includes(value)) return true;
    }
  }
  return false;
}
