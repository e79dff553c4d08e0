import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { expect, test } from 'vitest';
import { ChatText } from './ChatTab';
import { chatParts } from './chat-links';

test('http(s) and www addresses become links; the text around them stays text', () => {
  expect(chatParts('notes at https://example.com/a?b=1 and www.example.org/x')).toEqual([
    { text: 'notes at ' },
    { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
    { text: ' and ' },
    { text: 'www.example.org/x', href: 'https://www.example.org/x' },
  ]);
});

test('sentence punctuation after an address stays text; a bracket the address opened stays in it', () => {
  expect(chatParts('see https://example.com/page.')).toEqual([
    { text: 'see ' },
    { text: 'https://example.com/page', href: 'https://example.com/page' },
    { text: '.' },
  ]);
  expect(chatParts('(https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
    { text: '(' },
    {
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    },
    { text: ')' },
  ]);
});

test('no other scheme ever becomes a link', () => {
  for (const text of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1) http:',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'mailto:a@b.c',
    'https://',
  ])
    expect(chatParts(text).every((p) => !('href' in p))).toBe(true);
  expect(chatParts('plain words')).toEqual([{ text: 'plain words' }]);
  expect(chatParts('')).toEqual([]);
});

test('ChatText shows an address as a link that opens a new tab without handing over the page', () => {
  render(
    createElement(ChatText, {
      content: 'agenda: https://example.com/plan and javascript:alert(1)',
    }),
  );
  const link = screen.getByRole('link', { name: 'https://example.com/plan' });
  expect(link.getAttribute('href')).toBe('https://example.com/plan');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(screen.getAllByRole('link')).toHaveLength(1);
  cleanup();
});
