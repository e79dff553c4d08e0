/**
 * How a style card reads: its publish status in words, which of its author's actions fit that
 * status (the server refuses the others: magicNotPublishable, magicNotCancellable), and the
 * placeholder drawn from its name when it has no cover (a colour and initials, never a made-up
 * preview of the style).
 */
import { MAGIC_PUBLISH_STATUS, type MagicPublishStatus, type MagicStyle } from '@meet/shared';

export type StatusWord = 'draft' | 'publishing' | 'published' | 'failed' | 'cancelled';

const WORDS: Record<MagicPublishStatus, StatusWord> = {
  [MAGIC_PUBLISH_STATUS.draft]: 'draft',
  [MAGIC_PUBLISH_STATUS.publishing]: 'publishing',
  [MAGIC_PUBLISH_STATUS.published]: 'published',
  [MAGIC_PUBLISH_STATUS.failed]: 'failed',
  [MAGIC_PUBLISH_STATUS.cancelled]: 'cancelled',
};

/** The status's word (an i18n key under `magic.status`); an unknown number reads as a draft. */
export function statusWord(status: number): StatusWord {
  return WORDS[status as MagicPublishStatus] ?? 'draft';
}

export type AuthorAction = 'republish' | 'retry' | 'cancel' | 'delete';

/** What the author may do with a style of theirs in this status; delete always. */
export function authorActions(status: number): AuthorAction[] {
  switch (statusWord(status)) {
    case 'draft':
    case 'cancelled':
      return ['republish', 'delete'];
    case 'publishing':
      return ['cancel', 'delete'];
    case 'failed':
      return ['retry', 'delete'];
    case 'published':
      return ['delete'];
  }
}

/** Someone else's style in the community: only those can be subscribed to. */
export function canSubscribe(style: MagicStyle): boolean {
  return (
    !style.mine && style.type === 'freestyle' && style.status === MAGIC_PUBLISH_STATUS.published
  );
}

/** A stable colour and up to two initials from the style's name. */
export function placeholderOf(name: string): { hue: number; initials: string } {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials =
    words.length > 1
      ? [...words[0]!].slice(0, 1).join('') + [...words[1]!].slice(0, 1).join('')
      : [...(words[0] ?? '')].slice(0, 2).join('');
  return { hue: hash % 360, initials: initials.toUpperCase() };
}
