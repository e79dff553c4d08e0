/**
 * Pure room views (SPEC.md sections 4 and 5): member order, main-window choice, grid pages,
 * the simulcast layer a tile needs, network status from the round trip, speaking.
 */

export const GRID_PAGE_SIZE = 9;
export const SPEECH_SIDE_TILES = 5;
export const SPEAKING_POWER = 3;
export const SPEAKING_CLEAR_MS = 2000;

export interface OrderableMember {
  peerId: string;
  isHost: boolean;
  videoEnabled: boolean;
  audioEnabled: boolean;
  openVideoTime: number;
}

/** Current user, host, members with video (by video start time), audio only, the rest. */
export function orderMembers<T extends OrderableMember>(members: readonly T[], meId: string): T[] {
  const rank = (m: T) =>
    m.peerId === meId ? 0 : m.isHost ? 1 : m.videoEnabled ? 2 : m.audioEnabled ? 3 : 4;
  return members
    .map((m, index) => ({ m, index }))
    .sort((a, b) => {
      const r = rank(a.m) - rank(b.m);
      if (r !== 0) return r;
      if (rank(a.m) === 2) return a.m.openVideoTime - b.m.openVideoTime || a.index - b.index;
      return a.index - b.index;
    })
    .map(({ m }) => m);
}

export interface MainWindowInput {
  lockedId: string | null;
  sharerId: string | null;
  activeSpeakerId: string | null;
  meId: string;
  present: ReadonlySet<string>;
}

/** Locked member, then the sharer, then the active speaker, then the current user. */
export function chooseMainWindow(input: MainWindowInput): string {
  for (const id of [input.lockedId, input.sharerId, input.activeSpeakerId]) {
    if (id && input.present.has(id)) return id;
  }
  return input.meId;
}

export function gridPage<T>(items: readonly T[], page: number, size = GRID_PAGE_SIZE): T[] {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return items.slice(p * size, p * size + size);
}

export function gridPageCount(count: number, size = GRID_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** Simulcast layer (0 low 320w, 1 medium 640w, 2 high 1280w) for a tile of this size in CSS px. */
export function layerForTile(width: number, height: number, devicePixelRatio = 1): 0 | 1 | 2 {
  const w = Math.max(width, (height * 16) / 9) * devicePixelRatio;
  if (w <= 360) return 0;
  if (w <= 720) return 1;
  return 2;
}

export type NetStatus = 'fine' | 'common' | 'low' | 'unknown';

/** From half the round-trip time in ms; 10 ms assumed when there is no measurement. */
export function networkStatus(rttMs: number | null | undefined): NetStatus {
  const half = rttMs === null || rttMs === undefined || Number.isNaN(rttMs) ? 10 : rttMs / 2;
  if (half <= 50) return 'fine';
  if (half <= 200) return 'common';
  if (half <= 5000) return 'low';
  return 'unknown';
}

/** Speaking while power is above 3; the flag clears 2 s after the last loud sample. */
export function isSpeaking(lastLoudAt: number | null, now: number): boolean {
  return lastLoudAt !== null && now - lastLoudAt < SPEAKING_CLEAR_MS;
}
