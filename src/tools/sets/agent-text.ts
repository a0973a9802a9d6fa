/**
 * The texts of the `agent` set's tools over the Code Scanner's file tools (read_file, search_text, list_directory):
 * what a model reads, without JSON's quotes and escapes (a file's lines numbered, matches by file, a folder's entries
 * one a line), each with a header line saying what it shows and how to continue in the agent tool's own arguments.
 *
 * @module
 */

/** What the Code Scanner's read_file returns. */
export interface ReadFileOutput {
  file_path: string;
  content: string;
  start_line: number;
  start_column?: number;
  end_line: number;
  total_lines: number;
  lines_returned: number;
  has_more: boolean;
  next_start_line?: number;
  next_start_column?: number;
}

/** What the Code Scanner's search_text returns. */
export interface SearchTextOutput {
  patterns: string[];
  total_matches: number;
  returned_count: number;
  offset: number;
  has_more: boolean;
  next_offset?: number;
  matches_by_pattern: Record<string, Array<{ file: string; line: number; code: string }>>;
  files_searched: number;
}

/** What the Code Scanner's list_directory returns. */
export interface ListDirectoryOutput {
  directory_path: string;
  directories: string[];
  files: Array<{ path: string; lines?: number }>;
  total_directories: number;
  total_files: number;
  returned_count: number;
  offset: number;
  has_more: boolean;
  next_offset?: number;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** `src/a.ts, lines 30-40 of 75; more: start=41`, then each line as `number<TAB>text`. */
export function readFileText(output: ReadFileOutput): string {
  const { file_path: file, start_line: start, end_line: end, total_lines: total } = output;
  if (total === 0) return `${file}: empty`;
  const from = output.start_column && output.start_column > 1 ? ` from column ${output.start_column}` : '';
  const shown = start === 1 && end === total && !from && !output.has_more ? `all ${plural(total, 'line')}` : `lines ${start}-${end} of ${total}${from}`;
  const more =
    output.next_start_column !== undefined
      ? `; line ${end} was cut, more: start=${end} column=${output.next_start_column}`
      : output.next_start_line !== undefined
        ? `; more: start=${output.next_start_line}`
        : '';
  const lines = output.content.split('\n').map((text, i) => `${start + i}\t${text}`);
  return [`${file}, ${shown}${more}`, ...lines].join('\n');
}

/** `14 matches in 7 files (412 files searched)`, then each file and its matching lines as `  line: code`. */
export function searchTextText(output: SearchTextOutput): string {
  const groups = Object.entries(output.matches_by_pattern);
  const searched = `${plural(output.files_searched, 'file')} searched`;
  if (output.total_matches === 0) return `No matches for ${output.patterns.map((p) => JSON.stringify(p)).join(', ')} (${searched})`;
  const files = new Set(groups.flatMap(([, hits]) => hits.map((hit) => hit.file)));
  const head =
    output.has_more || output.offset > 0
      ? `matches ${output.offset + 1}-${output.offset + output.returned_count} of ${output.total_matches} (${searched})${output.next_offset !== undefined ? `; more: offset=${output.next_offset}` : ''}`
      : `${plural(output.total_matches, 'match', 'matches')} in ${plural(files.size, 'file')} (${searched})`;
  const out = [head];
  for (const [pattern, hits] of groups) {
    if (groups.length > 1) out.push(`${JSON.stringify(pattern)}:`);
    let current: string | undefined;
    for (const hit of hits) {
      if (hit.file !== current) out.push(hit.file);
      current = hit.file;
      out.push(`  ${hit.line}: ${hit.code.trim()}`);
    }
  }
  return out.join('\n');
}

/** `src/tools: 2 folders, 12 files (with their lines)`, then one entry a line, relative to the folder. */
export function listDirectoryText(output: ListDirectoryOutput): string {
  const folder = output.directory_path.replace(/^\.\/?/, '').replace(/\/+$/, '');
  const relative = (path: string) => (folder && path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path);
  const more = output.next_offset !== undefined ? `; showing ${output.offset + 1}-${output.offset + output.returned_count}, more: offset=${output.next_offset}` : '';
  const out = [`${folder || '.'}: ${plural(output.total_directories, 'folder')}, ${plural(output.total_files, 'file')} (with their lines)${more}`];
  for (const directory of output.directories) out.push(`${relative(directory)}/`);
  for (const file of output.files) out.push(file.lines === undefined ? relative(file.path) : `${relative(file.path)}  ${file.lines}`);
  return out.join('\n');
}
