/** Styles as the server answers them (packages/shared/src/api/magic.ts), for the feature's tests. */
import { MAGIC_PUBLISH_STATUS, type MagicStyle, type MagicStyleList } from '@meet/shared';
import type { StylePages } from './magic-cache';

export function style(extra: Partial<MagicStyle> = {}): MagicStyle {
  return {
    id: 's1',
    type: 'freestyle',
    name: 'Blue comic',
    prompt: 'blue comic, only me',
    cover: null,
    status: MAGIC_PUBLISH_STATUS.published,
    hot: 3,
    favorite: false,
    subscribed: false,
    mine: false,
    creatorName: 'Ada',
    createdAt: Date.UTC(2025, 0, 16),
    ...extra,
  };
}

export function page(list: MagicStyle[], hasMore = false): MagicStyleList {
  return { list, hasMore };
}

export function pages(...lists: MagicStyleList[]): StylePages {
  return { pages: lists, pageParams: lists.map((_, i) => i + 1) };
}
