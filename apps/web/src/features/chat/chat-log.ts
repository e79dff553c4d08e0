/**
 * The meeting chat as the UI keeps it: merging what arrives (history, new messages, what a
 * reconnect missed) without duplicates, the time shown beside a message, and the composer's
 * length rule.
 */
import { CHAT_MAX_LENGTH, type ChatMessage } from '@meet/shared';

const byTime = (a: ChatMessage, b: ChatMessage) => a.time - b.time || a.id - b.id;

/**
 * `incoming` merged into `log` (kept oldest first), and which of them were new. The same
 * array comes back when nothing is new, so a repeated history does not re-render the chat.
 */
export function mergeChat(
  log: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): { log: readonly ChatMessage[]; added: ChatMessage[] } {
  const known = new Set(log.map((m) => m.id));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    if (known.has(message.id)) continue;
    known.add(message.id);
    added.push(message);
  }
  if (added.length === 0) return { log, added };
  const last = log[log.length - 1];
  const sortedAdded = [...added].sort(byTime);
  // The usual case is one newer message: append without sorting everything again.
  const first = sortedAdded[0]!;
  const merged =
    !last || byTime(last, first) <= 0 ? [...log, ...sortedAdded] : [...log, ...added].sort(byTime);
  return { log: merged, added };
}

/** "09:05": hours and minutes in the viewer's time zone. */
export function formatChatTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export type ChatProblem = 'empty' | 'tooLong' | null;

/** Why the composer's text cannot be sent (the server trims too). */
export function chatProblem(text: string): ChatProblem {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  // UTF-16 units, as the server's schema counts them.
  if (trimmed.length > CHAT_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Characters as the counter shows them. */
export function chatLength(text: string): number {
  return text.trim().length;
}
