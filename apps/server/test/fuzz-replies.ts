/**
 * The checks every reply of the fuzz passes (route-fuzz.test.ts, socket-fuzz.test.ts): a status
 * below 500, a `{code, msg}` body in the catalogue's words, and no internal text (SQL, driver
 * errors, stack frames).
 */
import type { LightMyRequestResponse } from 'fastify';
import { errorMessages } from '@meet/shared';

/** Text that only an internal failure puts into a reply (SQL, driver errors, stack frames). */
export const INTERNAL_TEXT =
  /select |insert |update |delete from|relation "|syntax error|violates|column "|at .*\.(ts|js):\d+|node_modules|Error: /i;

/**
 * Catalogue messages are product text, never a leak ("Please select a png…", "questions.0.select
 * is not valid"). They are taken out before matching; only `{{detail}}` (where error texts of
 * libraries end up) is still searched.
 */
const CATALOGUE = Object.values(errorMessages)
  .flatMap((m) => [m.en, m.zh])
  .filter((text) => !text.includes('{{detail}}'))
  .sort((a, b) => b.length - a.length)
  .map(
    (text) =>
      new RegExp(
        text
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\\\{\\\{\w+\\\}\\\}/g, '[\\w.\\[\\]-]{0,200}'),
        'g',
      ),
  );

/** The internal error text in a reply, if any (with a little context), else undefined. */
export function internalText(text: string): string | undefined {
  let rest = text;
  for (const safe of CATALOGUE) rest = rest.replace(safe, '');
  const match = INTERNAL_TEXT.exec(rest);
  return match ? rest.slice(Math.max(0, match.index - 30), match.index + 60) : undefined;
}

/** A short, printable form of a reply body for failure lists. */
export function shorten(text: string, max = 140): string {
  const printable = text.replaceAll('\u0000', '\\0');
  return printable.length > max ? `${printable.slice(0, max)}…(${text.length} chars)` : printable;
}

export interface ReplyRules {
  /** The reply must be exactly HTTP 400 (NUL bytes and lone surrogates). */
  expect400?: boolean;
  /** A success may be something other than the `{code,msg,payload}` envelope (files, docs…). */
  rawOnSuccess?: boolean;
}

/** What is wrong with one reply; an empty list when nothing is. */
export function replyProblems(res: LightMyRequestResponse, rules: ReplyRules = {}): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`HTTP ${status}`);
  if (rules.expect400 && status !== 400 && status < 500) problems.push(`HTTP ${status}, not 400`);
  if (rules.rawOnSuccess && status < 400) return problems;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    problems.push('not JSON');
  }
  if (body !== undefined) {
    const envelope = body as { code?: unknown; msg?: unknown };
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
      problems.push('not a {code,msg} object');
    } else if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string') {
      problems.push('no numeric code and string msg');
    }
  }
  const leaked = internalText(res.body);
  if (leaked !== undefined) problems.push(`internal text "${shorten(leaked, 90)}"`);
  return problems;
}
