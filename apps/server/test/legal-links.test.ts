/**
 * About's "Privacy policy" and "Terms of service" (issue 30): the operator's pages when
 * PRIVACY_URL / TERMS_URL are set, named by the public server config; without them the config
 * names none and the app links its built-in /privacy and /terms pages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { build, type TestApp } from './helper.js';

const PRIVACY_URL = 'https://legal.example.com/privacy';
const TERMS_URL = 'https://legal.example.com/terms?lang=en';

describe('legal links in the server config', () => {
  let configured: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    configured = await build({ PRIVACY_URL, TERMS_URL });
    plain = await build();
  });
  afterAll(async () => {
    await configured.close();
    await plain.close();
  });

  test('PRIVACY_URL and TERMS_URL are given to every client, signed in or not, by GET and POST', async () => {
    const get = await configured.app.inject({ method: 'GET', url: '/api/getServerConfig' });
    expect(get.statusCode).toBe(200);
    expect(get.json().payload).toMatchObject({ privacyUrl: PRIVACY_URL, termsUrl: TERMS_URL });
    const post = await configured.post('/api/getServerConfig', {});
    expect(post.json().payload).toMatchObject({ privacyUrl: PRIVACY_URL, termsUrl: TERMS_URL });
  });

  test('without them the config names no legal links (the app uses its built-in pages)', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/getServerConfig' });
    const payload = res.json().payload;
    expect(payload).not.toHaveProperty('privacyUrl');
    expect(payload).not.toHaveProperty('termsUrl');
    expect(payload.mobileAppUrl).toBeNull();
  });

  test('a legal link that is not a web address stops the server from starting', () => {
    expect(() => loadConfig({ PRIVACY_URL: 'javascript:alert(1)' })).toThrow(/PRIVACY_URL/);
    expect(() => loadConfig({ TERMS_URL: 'not a url' })).toThrow(/TERMS_URL/);
    expect(loadConfig({ PRIVACY_URL: '', TERMS_URL: '' }).legalLinks).toEqual({
      privacyUrl: undefined,
      termsUrl: undefined,
    });
  });
});
