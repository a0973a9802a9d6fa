export type Token = string;

export function tokenize(line: string): Token[] {
  return line.split(/\s+/).filter(isToken);
}

function isToken(text: string): boolean {
  return text.length > 0;
}
