/**
 * The AI minutes as the page shows them: the summary is plain text (minutes-format.ts on the
 * server, or the owner's edit), where lines "- [00:45] Alice: …" are key points. Runs of such
 * lines become one list, each point with its time in the recording when it has one; any other
 * line is a paragraph (the "Key points" heading, an edited note).
 */

export interface MinutesPoint {
  /** Milliseconds from the start, or null for a point without a time. */
  startMs: number | null;
  /** The time as written ("00:45", "1:02:03"). */
  clock: string;
  text: string;
}

export type MinutesBlock = { kind: 'text'; text: string } | { kind: 'list'; items: MinutesPoint[] };

const BULLET = /^\s*(?:[-*•·]|\d+[.)])\s+(.*)$/;
const TIME = /^\[(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\]\s*(.*)$/;

function pointOf(body: string): MinutesPoint {
  const time = TIME.exec(body);
  if (!time) return { startMs: null, clock: '', text: body.trim() };
  const [, h = '0', m = '0', s = '0', rest = ''] = time;
  const startMs = ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
  return { startMs, clock: body.slice(1, body.indexOf(']')), text: rest.trim() };
}

export function minutesBlocks(minutes: string): MinutesBlock[] {
  const blocks: MinutesBlock[] = [];
  for (const line of minutes.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const bullet = BULLET.exec(line);
    if (bullet) {
      const last = blocks[blocks.length - 1];
      const point = pointOf(bullet[1] ?? '');
      if (last?.kind === 'list') last.items.push(point);
      else blocks.push({ kind: 'list', items: [point] });
    } else {
      blocks.push({ kind: 'text', text: line.trim() });
    }
  }
  return blocks;
}
