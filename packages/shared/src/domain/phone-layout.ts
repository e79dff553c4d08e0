/**
 * The meeting room's layout on a phone (issue 28), apart from room-layout.ts so that only the
 * phone's room (a chunk of its own in the web app) carries it.
 */
import { chooseMainWindow, gridPage, gridPageCount } from './room-layout.js';

/** A phone's strip of small tiles: 4 across a portrait screen, 3 down a landscape one. */
export const PHONE_STRIP_TILES = { portrait: 4, landscape: 3 } as const;
/** A phone's grid page: 2 columns × 3 rows upright, 3 × 2 on its side. */
export const PHONE_GRID_PAGE_SIZE = 6;

export type PhoneOrientation = 'portrait' | 'landscape';

export interface PhoneLayoutInput {
  /** Member ids in `orderMembers` order. */
  ordered: readonly string[];
  meId: string;
  lockedId: string | null;
  sharerId: string | null;
  activeSpeakerId: string | null;
  /** Who had the big tile before, so it stays while I speak instead of jumping to someone else. */
  previousMainId: string | null;
  viewMode: 'grid' | 'float';
  orientation: PhoneOrientation;
  gridPage: number;
}

export type PhoneLayout =
  | {
      kind: 'speaker';
      /** The big tile: a shared screen, else the person to look at. */
      main: { peerId: string; source: 'camera' | 'screen' };
      /** Small camera tiles under (portrait) or beside (landscape) the big one. */
      strip: string[];
      /** Members left out of the strip (a "+n" tile). */
      hidden: number;
      /** My own camera, small over a corner (null when I am the big tile). */
      self: string | null;
    }
  | { kind: 'grid'; tiles: string[]; columns: 2 | 3; page: number; pages: number };

/**
 * The phone room (issue 28): the person to look at big — the other one in a two-person call, a
 * shared screen, a pinned member, else the active speaker — the rest in a strip and my own
 * camera small; or, in grid view with three or more and nothing shared, pages of a 2×3 grid.
 * When I speak (or nobody does) the big tile stays with whoever had it, not with me.
 */
export function phoneLayout(input: PhoneLayoutInput): PhoneLayout {
  const { ordered, meId } = input;
  const present = new Set(ordered);
  const sharerId = input.sharerId && present.has(input.sharerId) ? input.sharerId : null;
  if (input.viewMode === 'grid' && !sharerId && ordered.length > 2) {
    const pages = gridPageCount(ordered.length, PHONE_GRID_PAGE_SIZE);
    const page = Math.min(Math.max(0, input.gridPage), pages - 1);
    return {
      kind: 'grid',
      tiles: gridPage(ordered, page, PHONE_GRID_PAGE_SIZE),
      columns: input.orientation === 'portrait' ? 2 : 3,
      page,
      pages,
    };
  }
  const others = ordered.filter((id) => id !== meId);
  const chosen = chooseMainWindow({ ...input, sharerId, present });
  let mainId = chosen;
  // Me by choice (pinned, or my own share) stays; me for speaking or by default does not.
  if (chosen === meId && chosen !== input.lockedId && chosen !== sharerId) {
    const previous = input.previousMainId;
    mainId =
      previous && previous !== meId && present.has(previous) ? previous : (others[0] ?? meId);
  }
  const source = mainId === sharerId ? 'screen' : 'camera';
  // A shared screen is big: the sharer's camera still belongs in the strip.
  const side = others.filter((id) => source === 'screen' || id !== mainId);
  const max = PHONE_STRIP_TILES[input.orientation];
  const strip = side.length > max ? side.slice(0, max - 1) : side;
  return {
    kind: 'speaker',
    main: { peerId: mainId, source },
    strip,
    hidden: side.length - strip.length,
    self: mainId === meId && source === 'camera' ? null : meId,
  };
}
