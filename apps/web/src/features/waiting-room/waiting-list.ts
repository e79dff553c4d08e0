/**
 * The host's waiting list as the room store takes it (features/room-core/room-store.ts keeps
 * `waiting`): the actions the waiting room's parts dispatch into the store.
 */
import type { WaitingEntry } from '@meet/shared';

export type WaitingAction =
  | { type: 'waitingList'; entries: WaitingEntry[] }
  /** Admitted or denied here: gone from the list before the server's next push. */
  | { type: 'waitingRemoved'; userIds: number[] };

export type WaitingDispatch = (action: WaitingAction) => void;
