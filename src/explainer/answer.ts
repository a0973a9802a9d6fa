/**
 * The model's final answer read leniently (JSON, fenced or wrapped in prose, checked field by field), and the
 * notes that tell the reader what limited it.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import type { ToolCallRecord } from './loop.js';
import type { Confidence } from './schemas.js';

/** The model's answer, read leniently: what could not be used is in `problems`. */
export interface ParsedAnswer {
  explanation?: string;
  codeSnippets: unknown[];
  confidence: Confidence;
  suggestedQuestions: string[];
  problems: string[];
}

const CONFIDENCE: readonly Confidence[] = ['high', 'medium', 'low'];

/** Reads the model's final message: JSON (possibly fenced or wrapped in prose), checked field by field. */
export function parseAnswer(text: string): ParsedAnswer {
  const answer: ParsedAnswer = { codeSnippets: [], confidence: 'low', suggestedQuestions: [], problems: [] };
  const trimmed = text.trim();
  if (trimmed === '') {
    answer.problems.push('the reply was empty');
    return answer;
  }
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(trimmed)?.[1];
  const candidate = fenced ?? trimmed;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  let value: unknown;
  try {
    value = JSON.parse(start >= 0 && end > start ? candidate.slice(start, end + 1) : candidate);
  } catch (error) {
    answer.problems.push(`the reply is not a JSON object (${(error as Error).message})`);
    return answer;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    answer.problems.push('the reply is not a JSON object');
    return answer;
  }
  const v = value as Record<string, unknown>;
  if (typeof v.explanation === 'string' && v.explanation.trim() !== '') answer.explanation = v.explanation.trim();
  else answer.problems.push('"explanation" is missing or not a non-empty string');
  if (Array.isArray(v.codeSnippets)) answer.codeSnippets = v.codeSnippets;
  else if (v.codeSnippets !== undefined) answer.problems.push('"codeSnippets" is not an array');
  if (CONFIDENCE.includes(v.confidence as Confidence)) answer.confidence = v.confidence as Confidence;
  if (Array.isArray(v.suggestedQuestions)) {
    answer.suggestedQuestions = v.suggestedQuestions.filter((q): q is string => typeof q === 'string' && q.trim() !== '').map((q) => q.trim()).slice(0, 3);
  }
  return answer;
}

/** Confidence no higher than `ceiling`. */
export function capConfidence(confidence: Confidence, ceiling: Confidence): Confidence {
  return CONFIDENCE.indexOf(confidence) < CONFIDENCE.indexOf(ceiling) ? ceiling : confidence;
}

/** Failures worth telling the reader about (the model's own slips, such as bad arguments, are not). */
export function limitation(record: ToolCallRecord): { code: string; text: string } | undefined {
  if (record.result.ok) return undefined;
  const { code, message, details } = record.result.error;
  const reason = typeof details?.reason === 'string' ? details.reason : undefined;
  const noted =
    code === ErrorCode.PATH_TRAVERSAL ||
    (code === ErrorCode.FILE_UNREADABLE && reason !== ErrorCode.FILE_NOT_FOUND && reason !== ErrorCode.NOT_A_FILE) ||
    code === ErrorCode.TOOL_TIMEOUT ||
    code === ErrorCode.SEARCH_TIMEOUT ||
    code === ErrorCode.TS_PARSE_TIMEOUT ||
    code === ErrorCode.INTERNAL_ERROR;
  return noted ? { code, text: `${record.name}: ${message}` } : undefined;
}

/** Text that is not a JSON attempt, to return as the explanation when the model never gave the JSON. */
export function proseOf(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('{') || trimmed.startsWith('```') ? '' : trimmed;
}

export function withNotes(explanation: string, notes: { code: string; text: string }[]): string {
  if (notes.length === 0) return explanation;
  return `${explanation}\n\n---\nLimitations of this answer:\n${notes.map((n) => `- ${n.code}: ${n.text}`).join('\n')}`;
}
