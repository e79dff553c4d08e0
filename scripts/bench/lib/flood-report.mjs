// How flood.mjs reports: its table of rows, and the server's log grouped by message.
import { round } from '../load/harness.mjs';
import { table } from './table.mjs';

/** The p-th percentile (nearest rank) of ascending numbers. */
export const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : null;

/** Groups server log lines by their message (pino JSON) and keeps a few whole ones. */
export function summarizeLog(lines) {
  const byMsg = {};
  for (const line of lines) {
    let msg;
    try {
      const j = JSON.parse(line);
      msg = `${j.level >= 50 ? 'ERROR' : 'WARN'} ${j.msg}${j.err?.message ? `: ${j.err.message}` : ''}`;
    } catch {
      msg = line.slice(0, 120);
    }
    msg = msg.slice(0, 160);
    byMsg[msg] = (byMsg[msg] ?? 0) + 1;
  }
  return { lines: lines.length, byMsg, first: lines.slice(0, 3) };
}

const cut = (r) =>
  r.cutOff === null ? '-' : r.cutOff ? (r.fatal?.key ? `yes (${r.fatal.key})` : 'yes') : 'no';
const after = (r) =>
  `${r.janus.up && r.janus.restarts === 0 ? 'up' : 'RESTARTED'} / ${
    r.victimsAfter.every(
      (v) => v.audioFlowing && v.publisher === 'connected' && v.subscriber === 'connected',
    )
      ? 'ok'
      : 'NOT OK'
  }`;

/** The results table, one row per flood, and what its columns mean. */
export function printTable(rows) {
  table(
    [
      'type',
      'sent',
      'window s',
      'getTimestamp p50/p99/max ms',
      'audio gap ms A/B (tool loop)',
      'answered (ok)',
      'refused',
      'no answer',
      'cut off',
      'host newPeer',
      'server CPU%',
      'Janus / victims after',
    ],
    rows.map((r) =>
      r.error
        ? [r.type, '-', '-', r.error.slice(0, 60), '-', '-', '-', '-', '-', '-', '-', '-']
        : [
            r.type,
            String(r.sent),
            String(round(r.windowMs / 1000)),
            `${r.probe.p50} / ${r.probe.p99} / ${r.probe.max}`,
            `${r.audioGapMs.join(' / ')} (${r.victimLoopMaxMs})`,
            ...(r.type === 'idle'
              ? ['-', '-', '-']
              : [
                  `${r.answered}${r.ok === undefined ? '' : ` (${r.ok})`}`,
                  r.refused === null ? '-' : String(r.refused),
                  r.unanswered === null ? '-' : String(r.unanswered),
                ]),
            cut(r),
            r.hostNewPeer === null ? '-' : String(r.hostNewPeer),
            String(r.serverCpu),
            after(r),
          ],
    ),
  );
  console.log(
    'answered: /room requests answered other than with a rateLimited refusal (ok: of them, ' +
      'succeeded); audio gap: the longest without an audio packet, each victim (tool loop: the ' +
      "longest the victims' thread was blocked meanwhile); refused: rateLimited refusals; no " +
      'answer: the rest (admitted but cut off before its answer, or never read). /message: ' +
      'replies (pong, waiting-room state); its refusals are silent. Server CPU: % of one core ' +
      'over the flood and the tail.',
  );
}

/** The server's warnings and errors, the most frequent first. */
export function printLog(lines) {
  const logged = summarizeLog(lines);
  if (logged.lines) {
    console.log(`server log (warnings and errors): ${logged.lines} lines`);
    for (const [msg, n] of Object.entries(logged.byMsg)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12))
      console.log(`  ${String(n).padStart(5)} × ${msg}`);
  }
}
