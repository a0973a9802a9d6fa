/**
 * `*` / `?` patterns over names (symbol search, the scanner's symbol listing).
 *
 * @module
 */

/**
 * A `*` / `?` pattern matcher without backtracking: the pattern's segments between stars are found left to right,
 * so a name is scanned at most once per segment, whatever the number of stars (a backtracking regular expression of
 * 21 stars ran for minutes).
 */
export function globMatcher(pattern: string, ignoreCase = true): (name: string) => boolean {
  const fold = (text: string) => (ignoreCase ? text.toLowerCase() : text);
  const segments = fold(pattern).split('*');
  const anchoredStart = !pattern.startsWith('*');
  const anchoredEnd = !pattern.endsWith('*');
  const matchesAt = (name: string, segment: string, at: number) => {
    if (at + segment.length > name.length) return false;
    for (let i = 0; i < segment.length; i++) if (segment[i] !== '?' && segment[i] !== name[at + i]) return false;
    return true;
  };
  const find = (name: string, segment: string, from: number) => {
    for (let at = from; at + segment.length <= name.length; at++) if (matchesAt(name, segment, at)) return at;
    return -1;
  };
  return (raw) => {
    const name = fold(raw);
    if (segments.length === 1) return name.length === (segments[0] ?? '').length && matchesAt(name, segments[0] ?? '', 0);
    let position = 0;
    let first = 0;
    let last = segments.length - 1;
    if (anchoredStart) {
      const head = segments[0] ?? '';
      if (!matchesAt(name, head, 0)) return false;
      position = head.length;
      first = 1;
    }
    let end = name.length;
    if (anchoredEnd) {
      const tail = segments[last] ?? '';
      if (tail.length > end - position || !matchesAt(name, tail, end - tail.length)) return false;
      end -= tail.length;
      last--;
    }
    for (let i = first; i <= last; i++) {
      const segment = segments[i] ?? '';
      if (segment === '') continue;
      const at = find(name.slice(0, end), segment, position);
      if (at < 0) return false;
      position = at + segment.length;
    }
    return position <= end;
  };
}
