import { describe, expect, test } from 'vitest';
import { safeSitePath } from './safe-site-path.js';

describe('safeSitePath', () => {
  test.each([
    ['/home', '/home'],
    ['/home/recording', '/home/recording'],
    ['/meeting/9?x=1&y=%2F#top', '/meeting/9?x=1&y=%2F#top'],
    ['/i/123%20456', '/i/123%20456'],
    ['/', '/'],
  ])('%j is a path of this site', (value, expected) => {
    expect(safeSitePath(value)).toBe(expected);
  });

  test.each([
    ['empty', ''],
    ['missing', undefined],
    ['null', null],
    ['another host', '//evil.example'],
    ['a backslash for the second slash', '/\\evil.example'],
    ['backslash then slash', '/\\/evil.example'],
    ['slash then backslash', '//\\evil.example'],
    ['a backslash later on', '/home\\..\\evil'],
    ['an absolute address', 'https://evil.example'],
    ['a scheme-relative address without a slash', 'http:evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'home'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded backslash, lower case', '/%5cevil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['a bad escape', '/home%E0%A4%A'],
    ['a tab inside', '/\t/evil.example'],
    ['a newline inside', '/\n/evil.example'],
    ['a carriage return inside', '/home\r\n/x'],
    ['an encoded tab', '/%09/evil.example'],
    ['a NUL', '/home\u0000'],
    ['DEL', '/\u007F/evil.example'],
    ['a leading space', ' /home'],
    ['too long', `/${'a'.repeat(500)}`],
  ])('%s (%j) is refused', (_name, value) => {
    expect(safeSitePath(value)).toBeNull();
  });
});
