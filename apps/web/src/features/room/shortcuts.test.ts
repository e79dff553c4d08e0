import { describe, expect, test } from 'vitest';
import {
  ariaShortcut,
  isTyping,
  shortcutFor,
  shortcutKeys,
  withShortcut,
  type KeyPress,
} from './shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : undefined,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('shortcutFor', () => {
  test.each([
    ['Ctrl+D', press('d', { ctrlKey: true }), 'toggleMic'],
    ['Ctrl+E', press('e', { ctrlKey: true }), 'toggleCamera'],
    ['Ctrl+Alt+H', press('h', { ctrlKey: true, altKey: true }), 'toggleHand'],
    ['Ctrl+Alt+C', press('c', { ctrlKey: true, altKey: true }), 'toggleChat'],
    ['Ctrl+Alt+P', press('p', { ctrlKey: true, altKey: true }), 'togglePeople'],
    ['C', press('c'), 'toggleCaptions'],
    ['C with Caps Lock', press('C'), 'toggleCaptions'],
    ['? (Shift+/)', press('?', { shiftKey: true }), 'showHelp'],
    ['Ctrl+/', press('/', { ctrlKey: true, code: 'Slash' }), 'showHelp'],
    [
      'Ctrl+Alt+C typing another letter on this layout',
      { ...press('ç'), code: 'KeyC', ctrlKey: true, altKey: true },
      'toggleChat',
    ],
    ['Ctrl+Shift+D', press('D', { ctrlKey: true, shiftKey: true }), null],
    ['Ctrl+Alt+D', press('d', { ctrlKey: true, altKey: true }), null],
    ['Alt+D', press('d', { altKey: true }), null],
    ['D alone', press('d'), null],
    ['Shift+C', press('C', { shiftKey: true }), null],
    ['Ctrl+C (copy)', press('c', { ctrlKey: true }), null],
    ['⌘+D off a Mac', press('d', { metaKey: true }), null],
    ['Ctrl+Alt+? ', press('?', { ctrlKey: true, altKey: true }), null],
    ['a plain letter typed through another position', { ...press('x'), code: 'KeyC' }, null],
  ] as const)('%s → %s', (_name, event, action) => {
    expect(shortcutFor(event)).toBe(action);
  });

  test.each([
    ['⌘+D', press('d', { metaKey: true }), 'toggleMic'],
    ['⌘+E', press('e', { metaKey: true }), 'toggleCamera'],
    ['⌘+Ctrl+H', press('h', { metaKey: true, ctrlKey: true }), 'toggleHand'],
    ['C', press('c'), 'toggleCaptions'],
    ['Ctrl+D is not the Mac’s', press('d', { ctrlKey: true }), null],
  ] as const)('on a Mac, %s → %s', (_name, event, action) => {
    expect(shortcutFor(event, true)).toBe(action);
  });
});

describe('isTyping', () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.querySelector('[data-target]');
  };
  test.each([
    ['a chat textarea', '<textarea data-target></textarea>', true],
    ['a text input', '<input data-target />', true],
    ['a search input', '<input type="search" data-target />', true],
    ['a select', '<select data-target><option>a</option></select>', true],
    ['editable content', '<div contenteditable="true"><p data-target>x</p></div>', true],
    ['a checkbox', '<input type="checkbox" data-target />', false],
    ['a button', '<button data-target>b</button>', false],
    ['content made not editable', '<div contenteditable="false"><p data-target>x</p></div>', false],
    ['the page', '<div data-target></div>', false],
  ])('%s → %s', (_name, html, typing) => {
    expect(isTyping(make(html))).toBe(typing);
  });

  test('no target is not typing', () => {
    expect(isTyping(null)).toBe(false);
  });
});

test('the help lists every shortcut with the platform’s keys', () => {
  const pc = shortcutKeys(false);
  expect(pc.map((s) => s.action)).toEqual([
    'toggleMic',
    'toggleCamera',
    'toggleHand',
    'toggleChat',
    'togglePeople',
    'toggleCaptions',
    'showHelp',
  ]);
  expect(pc[0]!.keys).toEqual([['Ctrl', 'D']]);
  expect(pc[2]!.keys).toEqual([['Ctrl', 'Alt', 'H']]);
  expect(pc.at(-1)!.keys).toEqual([['?'], ['Ctrl', '/']]);
  expect(shortcutKeys(true)[2]!.keys).toEqual([['⌘', 'Ctrl', 'H']]);
});

test('tooltips name the shortcut the way this platform presses it', () => {
  expect(withShortcut('Turn off microphone', 'toggleMic', false)).toBe(
    'Turn off microphone (Ctrl + D)',
  );
  expect(withShortcut('Raise hand', 'toggleHand', true)).toBe('Raise hand (⌘ + Ctrl + H)');
  expect(withShortcut('Captions', 'toggleCaptions', false)).toBe('Captions (C)');
  expect(ariaShortcut('toggleMic', false)).toBe('Control+D');
  expect(ariaShortcut('toggleHand', true)).toBe('Meta+Control+H');
  expect(ariaShortcut('togglePeople', false)).toBe('Control+Alt+P');
});
