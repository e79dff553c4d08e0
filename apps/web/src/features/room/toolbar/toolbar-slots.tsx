/**
 * Where a secondary toolbar control is drawn (issue 30): in the bar while everything fits, and
 * in the "More options" menu, as a labelled menu item, once the bar is too narrow for it. The control
 * stays mounted where it is in the React tree (its shortcuts, recorder and effects keep
 * running); only its button moves, through a portal into its own row of the menu, keeping its
 * `data-testid`. Only one of the two is ever in the page.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The controls that can move, in the menu's order. */
export const MOVABLE = [
  'view-mode',
  'share-file',
  'effects',
  'interpret',
  'record',
  'local-record',
  'more-apps',
  'breakout',
  'shortcuts',
] as const;
export type MovableId = (typeof MOVABLE)[number];

/**
 * The order they leave the bar in, as it narrows: the least used first (sharing a file has
 * its bigger sibling, Share screen, in the bar), the host's breakout rooms last.
 */
export const MOVE_ORDER: readonly MovableId[] = [
  'share-file',
  'shortcuts',
  'more-apps',
  'local-record',
  'interpret',
  'view-mode',
  'effects',
  'record',
  'breakout',
];

interface Slots {
  /** The controls in the menu now (the first `moved` of MOVE_ORDER). */
  moved: ReadonlySet<MovableId>;
  rows: Partial<Record<MovableId, HTMLElement | null>>;
  register: (id: MovableId, row: HTMLElement | null) => void;
}

const SlotsContext = createContext<Slots>({
  moved: new Set(),
  rows: {},
  register: () => {},
});

/** `moved`: how many controls, in MOVE_ORDER, are in the menu instead of the bar. */
export function ToolbarSlots({ moved, children }: { moved: number; children: ReactNode }) {
  const [rows, setRows] = useState<Slots['rows']>({});
  const register = useCallback(
    (id: MovableId, row: HTMLElement | null) =>
      setRows((prev) => (prev[id] === row ? prev : { ...prev, [id]: row })),
    [],
  );
  const value = useMemo(
    () => ({ moved: new Set(MOVE_ORDER.slice(0, moved)), rows, register }),
    [moved, rows, register],
  );
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export function useToolbarSlots() {
  return useContext(SlotsContext);
}

/**
 * A movable control's placement. `place` puts its button (and the popover anchored to it) in
 * the bar or in its menu row; `item(pressed)` makes the button a menu item there (a checkbox
 * item for an on/off switch: `aria-checked` instead of `aria-pressed`); `label` is the text
 * shown beside its icon in the menu.
 */
export function useToolbarItem(id: MovableId) {
  const { moved, rows } = useContext(SlotsContext);
  const row = moved.has(id) ? rows[id] : null;
  const inMenu = !!row;
  return {
    inMenu,
    place: (node: ReactNode) => (row ? createPortal(node, row) : node),
    item: (pressed?: boolean) =>
      inMenu
        ? {
            role: pressed === undefined ? 'menuitem' : 'menuitemcheckbox',
            'aria-checked': pressed,
            'aria-pressed': undefined,
            tabIndex: -1,
          }
        : {},
    label: (text: string) =>
      inMenu ? <span className="room-menu__label room-more__label">{text}</span> : null,
  };
}
