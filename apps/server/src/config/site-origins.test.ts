import { describe, expect, test } from 'vitest';
import { isSiteUrl, siteOrigins, type Interfaces } from './site-origins.js';

const fail = (message: string) => new Error(message);

/** A machine with a LAN address, a global and a link-local IPv6 address, and loopback. */
const MACHINE: Interfaces = {
  lo: [
    { address: '127.0.0.1', family: 'IPv4', internal: true } as never,
    { address: '::1', family: 'IPv6', internal: true, scopeid: 0 } as never,
  ],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false } as never,
    { address: '2001:db8::20', family: 'IPv6', internal: false, scopeid: 0 } as never,
    { address: 'fe80::1', family: 'IPv6', internal: false, scopeid: 2 } as never,
  ],
};

describe('siteOrigins', () => {
  test.each([
    {
      name: 'neither PUBLIC_URL nor SITE_ORIGINS: this machine on PORT',
      env: { PORT: 3000 },
      origins: [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://[::1]:3000',
        'http://192.168.1.20:3000',
        'http://[2001:db8::20]:3000',
      ],
    },
    {
      name: "PUBLIC_URL: its origin alone (path and default port dropped), not this machine's",
      env: { PORT: 3000, PUBLIC_URL: 'https://meet.example.com:443/app/' },
      origins: ['https://meet.example.com'],
    },
    {
      name: 'PUBLIC_URL and SITE_ORIGINS: PUBLIC_URL first, then the list, once each',
      env: {
        PORT: 3000,
        PUBLIC_URL: 'https://meet.example.com',
        SITE_ORIGINS: ' https://meet.example.com , http://localhost:5173,https://www.example.com/',
      },
      origins: ['https://meet.example.com', 'http://localhost:5173', 'https://www.example.com'],
    },
    {
      name: 'SITE_ORIGINS alone',
      env: { PORT: 3000, SITE_ORIGINS: 'http://localhost' },
      origins: ['http://localhost'],
    },
    {
      name: 'an empty SITE_ORIGINS is none',
      env: { PORT: 80, SITE_ORIGINS: ' , ' },
      origins: [
        'http://localhost',
        'http://127.0.0.1',
        'http://[::1]',
        'http://192.168.1.20',
        'http://[2001:db8::20]',
      ],
    },
  ])('$name', ({ env, origins }) => {
    expect(siteOrigins(env, fail, MACHINE)).toEqual(origins);
  });

  test.each([
    [{ PORT: 3000, PUBLIC_URL: 'meet.example.com' }, /PUBLIC_URL/],
    [{ PORT: 3000, PUBLIC_URL: 'ftp://meet.example.com' }, /PUBLIC_URL/],
    [{ PORT: 3000, SITE_ORIGINS: 'https://ok.example,javascript:alert(1)' }, /SITE_ORIGINS/],
  ])('%o is refused', (env, message) => {
    expect(() => siteOrigins(env, fail, MACHINE)).toThrow(message);
  });
});

describe('isSiteUrl', () => {
  const origins = ['https://meet.example.com', 'http://localhost:3000'];
  test.each([
    ['https://meet.example.com/home/meetings?payment=1', true],
    ['https://meet.example.com:443/home', true],
    ['http://localhost:3000/home', true],
    ['http://meet.example.com/home', false],
    ['https://meet.example.com.evil.example/home', false],
    ['https://evil.example/home', false],
    ['http://localhost:3001/home', false],
    ['//meet.example.com/home', false],
    ['/home', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(isSiteUrl(url, origins)).toBe(expected);
  });
});
