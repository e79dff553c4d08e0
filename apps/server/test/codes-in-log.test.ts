/**
 * Without a mail server or Twilio, codes are kept in an outbox (issue 27): in development the
 * log shows them too, so a developer signs up from the console; with NODE_ENV=production the log
 * says only that a mail or text was kept, never its code.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { build, randomIp, type TestApp } from './helper.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The newest code in an outbox folder (`mail` or `sms`) of the app's data. */
async function outboxCode(app: TestApp, folder: 'mail' | 'sms'): Promise<string> {
  const dir = path.join(app.dataDir, folder);
  const names = (await readdir(dir)).sort();
  const kept = JSON.parse(await readFile(path.join(dir, names.at(-1)!), 'utf8')) as {
    text: string;
  };
  return /\b(\d{6})\b/.exec(kept.text)![1]!;
}

/** Asks for a mailed and a texted code, and returns what the log was told meanwhile. */
async function codesAndLog(env: Record<string, string>) {
  t = await build(env);
  const info = vi.spyOn(t.app.log, 'info');
  const mailed = await t.post(
    '/api/user/generateEmailVerifyCode',
    { email: 'log-check@example.com', type: 'register' },
    undefined,
    { remoteAddress: randomIp() },
  );
  expect(mailed.json().code, mailed.body).toBe(0);
  const texted = await t.post('/api/tool/send-sms', { phone: '+1 555 0100200' }, undefined, {
    remoteAddress: randomIp(),
  });
  expect(texted.json().code, texted.body).toBe(0);
  const logged = JSON.stringify(info.mock.calls);
  info.mockRestore();
  return {
    logged,
    mailCode: await outboxCode(t, 'mail'),
    smsCode: await outboxCode(t, 'sms'),
  };
}

describe('verification codes in the log', () => {
  test('are shown in development', async () => {
    const { logged, mailCode, smsCode } = await codesAndLog({ NODE_ENV: 'development' });
    expect(logged).toContain(mailCode);
    expect(logged).toContain(smsCode);
  });

  test('are never shown with NODE_ENV=production, which says only that they were kept', async () => {
    const { logged, mailCode, smsCode } = await codesAndLog({
      NODE_ENV: 'production',
      MAIL_OUTBOX_HTTP: '0',
    });
    expect(logged).not.toContain(mailCode);
    expect(logged).not.toContain(smsCode);
    expect(logged).toContain('mail to log-check@example.com kept in the outbox');
    expect(logged).toContain('kept in the outbox');
  });
});
