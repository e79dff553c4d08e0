/**
 * The layout of a composed cloud recording over time (SPEC.md sections 4, 5 and 9): from the
 * recording's timeline (who was there, talked, shared, what they were called, whether their
 * camera showed), which member is in the main window and which in the side tiles or the grid,
 * and where each box sits on the 1280x720 picture. A speaker holds the main window at least
 * RECORDING_SPEAKER_HOLD_MS (no flicker); a screen share takes the main window while it lasts,
 * in either layout (as in the room, where a share switches the grid to the float view).
 */
import { RECORDING_SPEAKER_HOLD_MS } from '../constants.js';
import { GRID_PAGE_SIZE, SPEECH_SIDE_TILES } from './room-layout.js';

export const RECORDING_WIDTH = 1280;
export const RECORDING_HEIGHT = 720;
/** The speech layout's side column: tiles of this size, stacked on the right. */
export const SIDE_TILE_WIDTH = 256;
export const SIDE_TILE_HEIGHT = 144;

export type RecordingLayoutKind = 'speech' | 'grid';

export type TimelineType =
  | 'join'
  | 'leave'
  | 'talk_start'
  | 'talk_stop'
  | 'share_start'
  | 'share_stop'
  | 'rename'
  | 'camera_on'
  | 'camera_off';

export interface TimelineEntry {
  type: TimelineType;
  userId: number;
  /** The member's name from here on (join and rename). */
  name?: string;
  /** Milliseconds from the start of the recording. */
  at: number;
}

export interface LayoutBox {
  userId: number;
  source: 'camera' | 'screen';
  /** The main window (speech layout, or a share); otherwise a side or grid tile. */
  main: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The member's camera shows here; otherwise their name is shown on an empty tile. */
  video: boolean;
  name: string;
}

export interface LayoutSegment {
  /** Milliseconds from the start of the recording; `end` is exclusive. */
  start: number;
  end: number;
  boxes: LayoutBox[];
}

export interface LayoutInput {
  layout: RecordingLayoutKind;
  durationMs: number;
  timeline: readonly TimelineEntry[];
  holdMs?: number;
}

interface MemberState {
  userId: number;
  name: string;
  present: boolean;
  camera: boolean;
  /** When they last started talking, while they talk. */
  talkingSince: number | null;
  /** When their share started, while they share. */
  sharingSince: number | null;
}

export type Rect = Pick<LayoutBox, 'x' | 'y' | 'w' | 'h'>;

const FULL: Rect = { x: 0, y: 0, w: RECORDING_WIDTH, h: RECORDING_HEIGHT };
const even = (n: number) => Math.floor(n / 2) * 2;

/** Main window beside the side column: the largest 16:9 box left of it, centred vertically. */
function speechMainRect(): Rect {
  const w = RECORDING_WIDTH - SIDE_TILE_WIDTH;
  const h = even((w * 9) / 16);
  return { x: 0, y: even((RECORDING_HEIGHT - h) / 2), w, h };
}

/** The side column's tiles, centred vertically. */
function sideRects(count: number): Rect[] {
  const top = even((RECORDING_HEIGHT - count * SIDE_TILE_HEIGHT) / 2);
  return Array.from({ length: count }, (_, i) => ({
    x: RECORDING_WIDTH - SIDE_TILE_WIDTH,
    y: top + i * SIDE_TILE_HEIGHT,
    w: SIDE_TILE_WIDTH,
    h: SIDE_TILE_HEIGHT,
  }));
}

/** The average grid: equal 16:9 tiles, rows centred, a short last row centred too. */
export function gridRects(count: number): Rect[] {
  if (count <= 0) return [];
  if (count === 1) return [FULL];
  const cols = count <= 4 ? 2 : 3;
  const rows = Math.ceil(count / cols);
  const w = even(Math.min(RECORDING_WIDTH / cols, ((RECORDING_HEIGHT / rows) * 16) / 9));
  const h = even((w * 9) / 16);
  const top = even((RECORDING_HEIGHT - rows * h) / 2);
  const rects: Rect[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, count - row * cols);
    const left = even((RECORDING_WIDTH - inRow * w) / 2);
    rects.push({ x: left + (i % cols) * w, y: top + row * h, w, h });
  }
  return rects;
}

/**
 * Where `count` tiles go on the picture, for a layout known at each moment (a local recording
 * draws the room as its member sees it): the grid, or the main window (first) and the side column.
 */
export function sceneRects(layout: RecordingLayoutKind, count: number): Rect[] {
  if (count <= 0) return [];
  if (layout === 'grid') return gridRects(Math.min(count, GRID_PAGE_SIZE));
  const side = Math.min(count - 1, SPEECH_SIDE_TILES);
  return [side > 0 ? speechMainRect() : FULL, ...sideRects(side)];
}

const order: Record<TimelineType, number> = {
  // At one instant: arrivals and renames first, then what they do, departures last.
  join: 0,
  rename: 1,
  camera_on: 2,
  camera_off: 2,
  share_stop: 3,
  share_start: 4,
  talk_stop: 5,
  talk_start: 6,
  leave: 7,
};

export function recordingLayout(input: LayoutInput): LayoutSegment[] {
  const hold = input.holdMs ?? RECORDING_SPEAKER_HOLD_MS;
  const duration = Math.max(0, input.durationMs);
  const events = input.timeline
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => e.type in order)
    .sort((a, b) => a.e.at - b.e.at || order[a.e.type] - order[b.e.type] || a.index - b.index)
    .map(({ e }) => ({ ...e, at: Math.min(duration, Math.max(0, e.at)) }));

  const members = new Map<number, MemberState>();
  const joined: number[] = [];
  const memberOf = (userId: number, name?: string): MemberState => {
    let m = members.get(userId);
    if (!m) {
      m = {
        userId,
        name: name ?? '',
        present: false,
        camera: false,
        talkingSince: null,
        sharingSince: null,
      };
      members.set(userId, m);
      joined.push(userId);
    }
    return m;
  };

  // The speaker holding the main window, since when, and whether they got it by talking.
  let speaker: number | null = null;
  let speakerSince = 0;
  let held = false;
  let pendingAt: number | null = null;

  const present = () =>
    joined.map((id) => members.get(id)!).filter((m): m is MemberState => m.present);

  const apply = (e: (typeof events)[number]) => {
    const m = memberOf(e.userId, e.name);
    switch (e.type) {
      case 'join':
        m.present = true;
        if (e.name !== undefined) m.name = e.name;
        break;
      case 'rename':
        if (e.name !== undefined) m.name = e.name;
        break;
      case 'leave':
        m.present = false;
        m.talkingSince = null;
        m.sharingSince = null;
        break;
      case 'talk_start':
        if (m.present) m.talkingSince = e.at;
        break;
      case 'talk_stop':
        m.talkingSince = null;
        break;
      case 'share_start':
        if (m.present) m.sharingSince = e.at;
        break;
      case 'share_stop':
        m.sharingSince = null;
        break;
      case 'camera_on':
        m.camera = true;
        break;
      case 'camera_off':
        m.camera = false;
        break;
    }
  };

  /** The newest talker still talking (the one the room would show as active). */
  const latestTalker = (): number | null => {
    let best: MemberState | null = null;
    for (const m of present()) {
      if (m.talkingSince === null) continue;
      if (!best || m.talkingSince > best.talkingSince!) best = m;
    }
    return best?.userId ?? null;
  };

  const resolveSpeaker = (t: number) => {
    pendingAt = null;
    const desired = latestTalker();
    if (speaker !== null && !members.get(speaker)!.present) {
      speaker = desired;
      speakerSince = t;
      held = desired !== null;
      return;
    }
    if (desired === null || desired === speaker) return;
    if (speaker === null || !held || t >= speakerSince + hold) {
      speaker = desired;
      speakerSince = t;
      held = true;
    } else {
      pendingAt = speakerSince + hold;
    }
  };

  const snapshot = (): LayoutBox[] => {
    const here = present();
    if (here.length === 0) return [];
    const camera = (m: MemberState, rect: Rect, main: boolean): LayoutBox => ({
      userId: m.userId,
      source: 'camera',
      main,
      ...rect,
      video: m.camera,
      name: m.name,
    });
    const sharer = here
      .filter((m) => m.sharingSince !== null)
      .sort((a, b) => b.sharingSince! - a.sharingSince!)[0];
    if (sharer) {
      // With a share in the main window the sharer's camera still belongs in the side column.
      const side = here.slice(0, SPEECH_SIDE_TILES);
      const rects = sideRects(side.length);
      return [
        {
          userId: sharer.userId,
          source: 'screen',
          main: true,
          ...speechMainRect(),
          video: true,
          name: sharer.name,
        },
        ...side.map((m, i) => camera(m, rects[i]!, false)),
      ];
    }
    if (input.layout === 'grid') {
      const shown = here.slice(0, GRID_PAGE_SIZE);
      const rects = gridRects(shown.length);
      return shown.map((m, i) => camera(m, rects[i]!, false));
    }
    const main = (speaker !== null && members.get(speaker)) || here[0]!;
    const side = here.filter((m) => m !== main).slice(0, SPEECH_SIDE_TILES);
    const rects = sideRects(side.length);
    return [
      camera(main, side.length ? speechMainRect() : FULL, true),
      ...side.map((m, i) => camera(m, rects[i]!, false)),
    ];
  };

  const segments: LayoutSegment[] = [];
  const emit = (start: number, end: number, boxes: LayoutBox[]) => {
    if (end <= start) return;
    const last = segments[segments.length - 1];
    if (last && last.end === start && sameBoxes(last.boxes, boxes)) last.end = end;
    else segments.push({ start, end, boxes });
  };

  let t = 0;
  let i = 0;
  while (t < duration) {
    while (i < events.length && events[i]!.at <= t) apply(events[i++]!);
    resolveSpeaker(t);
    const nextEvent = i < events.length ? events[i]!.at : duration;
    const next = Math.min(duration, nextEvent, pendingAt ?? Infinity);
    emit(t, next, snapshot());
    t = next;
  }
  return segments;
}

function sameBoxes(a: readonly LayoutBox[], b: readonly LayoutBox[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((box, i) => {
    const o = b[i]!;
    return (
      box.userId === o.userId &&
      box.source === o.source &&
      box.main === o.main &&
      box.x === o.x &&
      box.y === o.y &&
      box.w === o.w &&
      box.h === o.h &&
      box.video === o.video &&
      box.name === o.name
    );
  });
}
