/**
 * The room's keyboard shortcuts, as Google Meet has them: Ctrl+D microphone, Ctrl+E camera,
 * Ctrl+Alt+H hand, Ctrl+Alt+C chat, Ctrl+Alt+P people, C captions, ? this list (on a Mac ⌘
 * stands for Ctrl, and ⌘+Ctrl for Ctrl+Alt). Pure: which action a key press asks for, and
 * whether the press is typing, which never triggers one.
 */

export type ShortcutAction =
  | 'toggleMic'
  | 'toggleCamera'
  | 'toggleHand'
  | 'toggleChat'
  | 'togglePeople'
  | 'toggleCaptions'
  | 'showHelp';

/** The parts of a KeyboardEvent a shortcut looks at. */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

type Modifiers = 'none' | 'primary' | 'primaryAlt';

interface Shortcut {
  action: ShortcutAction;
  modifiers: Modifiers;
  /** A letter, matched by the key it types or (for layouts where Alt changes it) its position. */
  letter: string;
}

/** In the order the help lists them. */
const LETTER_SHORTCUTS: readonly Shortcut[] = [
  { action: 'toggleMic', modifiers: 'primary', letter: 'd' },
  { action: 'toggleCamera', modifiers: 'primary', letter: 'e' },
  { action: 'toggleHand', modifiers: 'primaryAlt', letter: 'h' },
  { action: 'toggleChat', modifiers: 'primaryAlt', letter: 'c' },
  { action: 'togglePeople', modifiers: 'primaryAlt', letter: 'p' },
  { action: 'toggleCaptions', modifiers: 'none', letter: 'c' },
];

export function isMacPlatform(platform: string | undefined): boolean {
  return /mac|iphone|ipad/i.test(platform ?? '');
}

function modifiersOf(e: KeyPress, mac: boolean): Modifiers | null {
  const { ctrlKey, altKey, metaKey, shiftKey } = e;
  if (shiftKey) return null;
  if (!ctrlKey && !altKey && !metaKey) return 'none';
  if (mac) {
    if (metaKey && !ctrlKey && !altKey) return 'primary';
    if (metaKey && ctrlKey && !altKey) return 'primaryAlt';
    return null;
  }
  if (metaKey) return null;
  if (ctrlKey && !altKey) return 'primary';
  if (ctrlKey && altKey) return 'primaryAlt';
  return null;
}

/** The action a key press asks for, or null. */
export function shortcutFor(e: KeyPress, mac = false): ShortcutAction | null {
  const plain = !e.ctrlKey && !e.altKey && !e.metaKey;
  // "?" is Shift+/ on most layouts, another combination on some: the typed character decides.
  if (e.key === '?' && plain) return 'showHelp';
  const modifiers = modifiersOf(e, mac);
  if (modifiers === null) return null;
  if (modifiers === 'primary' && (e.key === '/' || e.code === 'Slash')) return 'showHelp';
  const key = e.key.toLowerCase();
  for (const s of LETTER_SHORTCUTS) {
    if (s.modifiers !== modifiers) continue;
    // A plain letter must be that letter as typed; with modifiers (Alt turns "c" into "ç" on a
    // Mac) its key position counts too.
    const position = modifiers !== 'none' && e.code === `Key${s.letter.toUpperCase()}`;
    if (key === s.letter || position) return s.action;
  }
  return null;
}

/** Input types that take no typing: a shortcut pressed on them is still a shortcut. */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Whether a key press on this element is typing (inputs, text areas, selects, editable content). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // jsdom and a few browsers do not compute isContentEditable; the attribute says the same.
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** The keys of each shortcut as the help shows them, on this platform. */
export function shortcutKeys(mac: boolean): { action: ShortcutAction; keys: string[][] }[] {
  const primary = mac ? '⌘' : 'Ctrl';
  const alt = mac ? 'Ctrl' : 'Alt';
  const keysOf = (s: Shortcut): string[] => {
    const letter = s.letter.toUpperCase();
    if (s.modifiers === 'none') return [letter];
    if (s.modifiers === 'primary') return [primary, letter];
    return [primary, alt, letter];
  };
  return [
    ...LETTER_SHORTCUTS.map((s) => ({ action: s.action, keys: [keysOf(s)] })),
    { action: 'showHelp' as const, keys: [['?'], [primary, '/']] },
  ];
}

/**
 * A button's tooltip with its shortcut, as Meet shows them: "Turn off microphone (Ctrl + D)".
 * The first way of pressing it, on this platform.
 */
export function withShortcut(label: string, action: ShortcutAction, mac: boolean): string {
  const keys = shortcutKeys(mac).find((s) => s.action === action)?.keys[0];
  return keys ? `${label} (${keys.join(' + ')})` : label;
}

/** The same keys for `aria-keyshortcuts` ("Control+D"; on a Mac "Meta+D", "Meta+Control+H"). */
export function ariaShortcut(action: ShortcutAction, mac: boolean): string | undefined {
  const keys = shortcutKeys(mac).find((s) => s.action === action)?.keys[0];
  if (!keys) return undefined;
  const names: Record<string, string> = { Ctrl: 'Control', Alt: 'Alt', '⌘': 'Meta' };
  return keys.map((k) => names[k] ?? k).join('+');
}

/** Whether this browser runs on a Mac (⌘ instead of Ctrl). */
export const onMac = (): boolean =>
  typeof navigator !== 'undefined' && isMacPlatform(navigator.platform);
