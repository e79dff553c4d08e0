/**
 * What Home › Meetings shows for the state of its two lists and of "who am I": rows, "No meetings
 * yet", a load failure with Retry, or still loading. "No meetings yet" only when both lists
 * answered empty, never when one could not be loaded (offline, the server unreachable); and no
 * rows while the user's id is unknown, or every meeting of theirs would read as someone else's.
 */

/** One list's query. */
export interface ListLoad {
  /** It has answered at least once (its rows may be from before a failed refresh). */
  hasData: boolean;
  empty: boolean;
  /** The last load failed, or waits for the network to come back (offline). */
  failed: boolean;
}

export type Identity = 'known' | 'loading' | 'failed';

export type MeetingsView =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'empty' }
  /** `stale`: the rows are the last ones loaded, as refreshing them failed. */
  | { kind: 'lists'; stale: boolean };

export function meetingsView(lists: readonly ListLoad[], identity: Identity): MeetingsView {
  if (identity === 'failed' || lists.some((list) => list.failed && !list.hasData)) {
    return { kind: 'failed' };
  }
  if (identity === 'loading' || lists.some((list) => !list.hasData)) return { kind: 'loading' };
  const stale = lists.some((list) => list.failed);
  // Empty as of a load that then failed to refresh is not "no meetings": it is not known.
  if (lists.every((list) => list.empty)) return stale ? { kind: 'failed' } : { kind: 'empty' };
  return { kind: 'lists', stale };
}
