import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';

let smtp: SMTPServer;
let port = 0;
const received: string[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
  t = await build({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test('with SMTP_URL the code goes out through the SMTP server, and /dev/mail does not exist', async () => {
  const res = await t.post('/api/user/generateEmailVerifyCode', {
    email: 'smtp@example.com',
    type: 'register',
  });
  expect(res.json().code).toBe(0);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatch(/To: smtp@example.com/);
  expect(received[0]).toMatch(/Your verification code is \d{6}/);
  const dev = await t.app.inject({ method: 'GET', url: '/dev/mail' });
  expect(dev.statusCode).toBe(404);
});
