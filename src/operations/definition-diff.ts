/**
 * Two versions of a file compared by their definitions: which were added, removed, renamed, or changed in their
 * signature or in their own body. Both versions are facts extracted from their trees; the text is only read at the
 * spans those facts give, to tell a changed body from an unchanged one.
 *
 * Definitions are matched level by level, from the top: by kind and qualified name (`Class.method`), then, among the
 * ones left on both sides, a definition of the same kind in the same container whose text is the same but for its
 * name is a rename, and then one whose text, its name masked, shares most of its words (an edited rename). A container's rename carries to its members (`Old.m` is `New.m`). A definition's own body is its
 * text without the definitions nested in it, so a class is not "changed" when only one of its methods is; a container
 * (a definition with members) changes in its signature or through its members, never in its own body.
 *
 * @module
 */
import { fileIndex } from '../binding/file-index.js';
import type { Definition, FileFacts } from '../model/facts.js';
import { addTo, dice } from '../model/multimap.js';
import type { DefinitionChangeKind } from '../types.js';

/** A version of a file: its facts and its text. */
export interface FileVersion {
  facts: FileFacts;
  text: string;
}


/** One definition that differs between two versions. */
export interface DefinitionDiff {
  change: DefinitionChangeKind;
  /** Its qualified name (`Class.method`), in the newer version when it is there. */
  name: string;
  kind: string;
  /** Its index in the newer version's facts (absent when removed). */
  after?: number;
  /** Its index in the older version's facts (absent when added). */
  before?: number;
  /** The older qualified name, for a rename. */
  previousName?: string;
  /** A rename whose text changed too (paired by similarity, not by equal text). */
  edited?: true;
  /** The file it was in, for a definition moved from another file (set by the caller, which sees every file). */
  previousFile?: string;
}

/** A definition placed: its index, qualified name and own text. */
interface Placed {
  index: number;
  def: Definition;
  depth: number;
  /** The qualified name of its container, in the newer version's names (a renamed container's members follow it). */
  container: string;
  /** Its own text, whitespace runs as one space. */
  own: string;
}

const SEPARATOR = '.';

/** Top-level and member definitions (not those local to a function's body), with their depth. */
function outline(facts: FileFacts): Array<{ index: number; depth: number }> {
  const depths: number[] = [];
  const out: Array<{ index: number; depth: number }> = [];
  facts.definitions.forEach((def, index) => {
    const parentDepth = def.parent === undefined ? -1 : depths[def.parent];
    const depth = parentDepth === undefined ? -1 : parentDepth + 1;
    depths[index] = def.local ? -2 : depth < 0 && def.parent !== undefined ? -2 : depth;
    if (!def.local && depths[index] >= 0) out.push({ index, depth: depths[index] });
  });
  return out;
}

/**
 * A definition's text without the (non-local) definitions nested in it, whitespace runs as one space: a member added
 * or removed is that member's change, not its container's.
 */
function ownText(version: FileVersion, index: number): string {
  const def = version.facts.definitions[index] as Definition;
  let text = '';
  let at = def.start;
  for (const child of membersOf(version.facts, index)) {
    const nested = version.facts.definitions[child] as Definition;
    if (nested.start < at || nested.end > def.end) continue;
    text += version.text.slice(at, nested.start);
    at = nested.end;
  }
  text += version.text.slice(at, def.end);
  return collapse(text);
}

/** Runs of white space as one space (a re-indented body is the same body). */
function collapse(text: string): string {
  let out = '';
  let space = false;
  for (const ch of text) {
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v') {
      space = true;
      continue;
    }
    if (space && out) out += ' ';
    space = false;
    out += ch;
  }
  return out;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_$]/u.test(ch);

/** The text with every whole-word occurrence of `name` masked: two texts equal but for the name compare equal. */
function masked(text: string, name: string): string {
  if (!name) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (isWordChar(text[at - 1]) || isWordChar(text[at + name.length])) continue;
    out += `${text.slice(from, at)}\u0000`;
    from = at + name.length;
  }
  return out + text.slice(from);
}

/** The share of words two renamed definitions' texts (their names masked) must have in common to pair. */
const MIN_RENAME_SIMILARITY = 0.8;
/** Definitions left on each side of a level compared pairwise at most (more: only exact renames pair). */
const MAX_RENAME_CANDIDATES = 200;

/** The words of a text (runs of letters, digits, `_`, `$`, the masked name) with their counts. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  let word = '';
  const flush = () => {
    if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
    word = '';
  };
  for (const ch of text) {
    if (isWordChar(ch) || ch === '\u0000') word += ch;
    else flush();
  }
  flush();
  return counts;
}

/**
 * Removed and added definitions of one kind in one container whose texts, their names masked, share most of their
 * words: the most alike first, each at most once. A definition of a few words pairs only when the rest is the same.
 */
function similarPairs(removed: readonly Placed[], added: readonly Placed[]): Array<[Placed, Placed]> {
  if (removed.length === 0 || added.length === 0 || removed.length > MAX_RENAME_CANDIDATES || added.length > MAX_RENAME_CANDIDATES) return [];
  const words = new Map<Placed, Map<string, number>>();
  for (const p of [...removed, ...added]) words.set(p, wordCounts(masked(p.own, p.def.name)));
  const scored: Array<{ old: Placed; now: Placed; score: number }> = [];
  for (const old of removed) {
    for (const now of added) {
      if (old.def.kind !== now.def.kind || old.container !== now.container) continue;
      const score = dice(words.get(old) as Map<string, number>, words.get(now) as Map<string, number>);
      if (score >= MIN_RENAME_SIMILARITY) scored.push({ old, now, score });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const taken = new Set<Placed>();
  const pairs: Array<[Placed, Placed]> = [];
  for (const { old, now } of scored) {
    if (taken.has(old) || taken.has(now)) continue;
    taken.add(old);
    taken.add(now);
    pairs.push([old, now]);
  }
  return pairs;
}

/** What a definition's signature is: what a caller or an implementer of it depends on. */
function signatureOf(def: Definition): string {
  return JSON.stringify([
    def.signature ?? '',
    def.parameters?.map((p) => [p.name, p.type ?? '', p.optional === true, p.defaultValue !== undefined]) ?? [],
    def.returnType ?? '',
    def.typeParameters ?? '',
    def.type ?? '',
    def.extends ?? [],
    def.implements ?? [],
    def.exported === true,
    def.modifiers ?? [],
    def.decorators ?? [],
  ]);
}

/** A definition's members: the definitions nested in it that are not local to a function's body. */
function membersOf(facts: FileFacts, index: number): number[] {
  return (fileIndex(facts).children.get(index) ?? []).filter((child) => !facts.definitions[child]?.local);
}

/** The qualified name of a definition in a container. */
export function qualify(container: string, def: Pick<Definition, 'name' | 'receiver'>): string {
  const owner = container || def.receiver || '';
  return owner ? `${owner}${SEPARATOR}${def.name}` : def.name;
}

/**
 * The definitions that differ between an older and a newer version of a file (either may be absent: a file added
 * or deleted), in the newer version's order, then the removed ones in the older's.
 */
export function diffDefinitions(before: FileVersion | undefined, after: FileVersion | undefined): DefinitionDiff[] {
  const oldOutline = before ? outline(before.facts) : [];
  const newOutline = after ? outline(after.facts) : [];
  /** Older index -> newer index, for every definition matched (a container's name then carries to its members). */
  const matched = new Map<number, number>();
  const newNames = new Map<number, string>();
  const oldNames = new Map<number, string>();
  const diffs: DefinitionDiff[] = [];
  let maxDepth = -1;
  for (const d of [...oldOutline, ...newOutline]) if (d.depth > maxDepth) maxDepth = d.depth;
  for (let depth = 0; depth <= maxDepth; depth++) {
    const place = (version: FileVersion, index: number, container: string): Placed => {
      const def = version.facts.definitions[index] as Definition;
      return { index, def, depth, container, own: ownText(version, index) };
    };
    const newer: Placed[] = after
      ? newOutline
          .filter((d) => d.depth === depth)
          .map(({ index }) => {
            const parent = after.facts.definitions[index]?.parent;
            const placed = place(after, index, parent === undefined ? '' : (newNames.get(parent) ?? ''));
            newNames.set(index, qualify(placed.container, placed.def));
            return placed;
          })
      : [];
    const older: Placed[] = before
      ? oldOutline
          .filter((d) => d.depth === depth)
          .map(({ index }) => {
            const parent = before.facts.definitions[index]?.parent;
            const mappedParent = parent === undefined ? undefined : matched.get(parent);
            const container = parent === undefined ? '' : mappedParent !== undefined ? (newNames.get(mappedParent) ?? '') : (oldNames.get(parent) ?? '');
            const placed = place(before, index, container);
            oldNames.set(index, qualify(container, placed.def));
            return placed;
          })
      : [];
    // Same kind and qualified name: the same definition (overloads pair in order).
    const byKey = new Map<string, Placed[]>();
    for (const p of older) {
      addTo(byKey, `${p.def.kind}\u0000${qualify(p.container, p.def)}`, p);
    }
    const addedHere: Placed[] = [];
    const pairs: Array<[Placed, Placed]> = [];
    for (const p of newer) {
      const list = byKey.get(`${p.def.kind}\u0000${qualify(p.container, p.def)}`);
      const partner = list?.shift();
      if (partner) pairs.push([partner, p]);
      else addedHere.push(p);
    }
    const removedHere = [...byKey.values()].flat().sort((a, b) => a.index - b.index);
    // Among those left: the same text but for the name, in the same container, is a rename.
    const unclaimed = new Map<string, Placed[]>();
    for (const p of removedHere) {
      addTo(unclaimed, `${p.def.kind}\u0000${p.container}\u0000${masked(p.own, p.def.name)}`, p);
    }
    const renamed = new Set<Placed>();
    const stillAdded: Placed[] = [];
    const rename = (partner: Placed, p: Placed, edited: boolean) => {
      renamed.add(partner);
      pairs.push([partner, p]);
      const previousName = oldNames.get(partner.index) as string;
      diffs.push({ change: 'renamed', name: newNames.get(p.index) as string, kind: p.def.kind, after: p.index, before: partner.index, previousName, ...(edited ? { edited: true } : {}) });
    };
    for (const p of addedHere) {
      const partner = unclaimed.get(`${p.def.kind}\u0000${p.container}\u0000${masked(p.own, p.def.name)}`)?.shift();
      if (partner) rename(partner, p, false);
      else stillAdded.push(p);
    }
    // Then the most alike of those still left, edited as well as renamed (as files moved are paired by similarity).
    const similar = similarPairs(
      removedHere.filter((p) => !renamed.has(p)),
      stillAdded,
    );
    const pairedNow = new Set(similar.map(([, now]) => now));
    for (const [partner, p] of similar) rename(partner, p, true);
    const addedLeft = stillAdded.filter((p) => !pairedNow.has(p));
    for (const [old, now] of pairs) {
      matched.set(old.index, now.index);
      if (renamed.has(old)) continue;
      // A container's own text is what lies between its members (comments, punctuation): its members' changes are
      // listed, its own "body" is not.
      const container = membersOf((before as FileVersion).facts, old.index).length > 0 || membersOf((after as FileVersion).facts, now.index).length > 0;
      const change = signatureOf(old.def) !== signatureOf(now.def) ? 'signature' : old.own !== now.own && !container ? 'body' : undefined;
      if (change) diffs.push({ change, name: newNames.get(now.index) as string, kind: now.def.kind, after: now.index, before: old.index });
    }
    for (const p of addedLeft) diffs.push({ change: 'added', name: newNames.get(p.index) as string, kind: p.def.kind, after: p.index });
    for (const p of removedHere) {
      if (!renamed.has(p)) diffs.push({ change: 'removed', name: oldNames.get(p.index) as string, kind: p.def.kind, before: p.index });
    }
  }
  const order = (d: DefinitionDiff) => (d.after !== undefined ? d.after : 1e9 + (d.before ?? 0));
  return diffs.sort((a, b) => order(a) - order(b));
}

/**
 * What a definition moved to another file keeps: its own text from its name on (`scopeFolder(path) { ... }`), so that
 * an `export` or a modifier gained or lost on the way still pairs it.
 */
export function movedTextOf(version: FileVersion, index: number): string {
  const def = version.facts.definitions[index] as Definition;
  const own = ownText(version, index);
  for (let at = own.indexOf(def.name); at !== -1; at = own.indexOf(def.name, at + 1)) {
    if (!isWordChar(own[at - 1]) && !isWordChar(own[at + def.name.length])) return own.slice(at);
  }
  return own;
}
