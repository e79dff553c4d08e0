/**
 * The time zone picker's behaviour (an editable combobox with a list popup, WAI-ARIA APG): the
 * field shows the chosen zone; typing filters the list; arrows move through it, Enter picks,
 * Escape closes it (and only it, not a dialog around it); leaving the field keeps the old value.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { filterZones, withZone, zoneOptions, type ZoneOption } from './zone-search';

const PAGE = 10;
const LIST_MAX_PX = 300;
const LIST_MIN_WIDTH_PX = 320;
const GAP_PX = 4;
const EDGE_PX = 12;

/**
 * Where the list goes: under the field, or over it when the window has more room there. Fixed
 * coordinates, so a dialog's scrolling body around the picker does not cut the list off.
 */
function placeList(field: DOMRect): CSSProperties {
  const below = window.innerHeight - field.bottom - GAP_PX - EDGE_PX;
  const above = field.top - GAP_PX - EDGE_PX;
  const up = below < Math.min(LIST_MAX_PX, 200) && above > below;
  const width = Math.min(Math.max(field.width, LIST_MIN_WIDTH_PX), window.innerWidth - 2 * EDGE_PX);
  return {
    position: 'fixed',
    left: Math.max(EDGE_PX, Math.min(field.left, window.innerWidth - EDGE_PX - width)),
    width,
    maxHeight: Math.min(LIST_MAX_PX, up ? above : below),
    ...(up ? { bottom: window.innerHeight - field.top + GAP_PX } : { top: field.bottom + GAP_PX }),
  };
}

export function useTimezoneCombobox({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange(zone: string): void;
  id?: string;
}) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const optionId = (index: number) => `${autoId}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const justFocused = useRef(false);
  const options = useMemo(() => withZone(zoneOptions(), value), [value]);
  const selected = options.find((o) => o.value === value)!;
  const [open, setOpen] = useState(false);
  /** What the user typed since the field was last settled; null shows the chosen zone. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [popupStyle, setPopupStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const popupRef = useRef<HTMLDivElement>(null);
  const matches = useMemo(
    () => (query === null ? options : filterZones(options, query)),
    [options, query],
  );

  const openList = () => {
    // Opened without typing, the list starts at the chosen zone.
    setActive(query === null ? Math.max(0, matches.indexOf(selected)) : 0);
    setOpen(true);
  };
  const settle = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: ZoneOption | undefined) => {
    if (!option) return;
    settle();
    if (option.value !== value) onChange(option.value);
  };
  const move = (to: number) => setActive(Math.max(0, Math.min(matches.length - 1, to)));

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const field = inputRef.current?.getBoundingClientRect();
      if (field) setPopupStyle(placeList(field));
    };
    place();
    // The page or a dialog scrolling moves the field; the list's own scrolling does not.
    const onScroll = (event: Event) => {
      if (!popupRef.current?.contains(event.target as Node)) place();
    };
    document.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', place);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // scrollIntoView is missing in jsdom.
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on the stable useId value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active, matches]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) move(active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else move(active - 1);
        break;
      case 'PageDown':
        if (!open) return;
        event.preventDefault();
        move(active + PAGE);
        break;
      case 'PageUp':
        if (!open) return;
        event.preventDefault();
        move(active - PAGE);
        break;
      case 'Enter':
        if (!open) return;
        // Picking a zone does not submit the form around the picker.
        event.preventDefault();
        choose(matches[active]);
        break;
      case 'Escape':
        if (!open && query === null) return;
        // Escape closes the list only; a dialog around the picker stays open.
        event.preventDefault();
        event.stopPropagation();
        settle();
        break;
      case 'Tab':
        settle();
        break;
      default:
        break;
    }
  };

  return {
    open,
    matches,
    active,
    selected,
    query,
    listId,
    optionId,
    popupProps: { ref: popupRef, style: popupStyle },
    inputProps: {
      ref: inputRef,
      id: inputId,
      type: 'text',
      role: 'combobox',
      autoComplete: 'off',
      spellCheck: false,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': open && matches[active] ? optionId(active) : undefined,
      value: query ?? selected.label,
      onChange: (event: { target: { value: string } }) => {
        setQuery(event.target.value);
        setActive(0);
        setOpen(true);
      },
      onKeyDown,
      // The chosen zone's text is selected, so typing replaces it.
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        event.target.select();
        justFocused.current = true;
      },
      // The mouseup of the click that focused the field would put a caret over the selection.
      onMouseUp: (event: MouseEvent) => {
        if (justFocused.current) event.preventDefault();
        justFocused.current = false;
      },
      onClick: () => (open ? setOpen(false) : openList()),
      onBlur: settle,
    },
    toggleProps: {
      type: 'button' as const,
      tabIndex: -1,
      'aria-controls': listId,
      'aria-expanded': open,
      // Keeps the focus in the field, so the list does not close on the way.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => {
        inputRef.current?.focus();
        if (open) setOpen(false);
        else openList();
      },
    },
    optionProps: (option: ZoneOption, index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': option.value === value,
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onMouseMove: () => index !== active && setActive(index),
      onClick: () => choose(option),
    }),
  };
}
