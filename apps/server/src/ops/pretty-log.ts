/**
 * LOG_FORMAT=pretty: pino's JSON lines as one short line each for a person at a terminal
 * (`12:00:01 INFO  GET /api/x 200 3 ms  reqId=…`). Small on purpose: pino-pretty is a development
 * dependency and not there in a production install. A line that is not JSON passes as it is.
 */
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[41m' };
const OMIT = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

export function prettyLine(line: string, colour: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now())
    .toISOString()
    .slice(11, 19);
  const fields = Object.entries(entry)
    .filter(([key]) => !OMIT.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const label = LEVELS[level] ?? String(level);
  const shown = colour && COLOURS[level] ? `${COLOURS[level]}${label}\x1b[0m` : label;
  const text = `${time} ${shown} ${String(entry.msg ?? '')}${fields ? `  ${fields}` : ''}`;
  return err ? `${text}\n${err.stack ?? err.message ?? ''}` : text;
}

/** A stream for pino that writes each entry prettily to `out`. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout): Writable {
  const colour = (out as { isTTY?: boolean }).isTTY === true;
  let rest = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${prettyLine(line, colour)}\n`);
      done();
    },
  });
}
