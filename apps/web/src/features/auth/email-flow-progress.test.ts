import { afterEach, describe, expect, test } from 'vitest';
import { EMAIL_CODE_TTL_MS } from '@meet/shared';
import { clearEmailFlow, loadEmailFlow, saveEmailFlow } from './email-flow-progress';

const SENT = Date.UTC(2026, 10, 28, 12);

afterEach(() => sessionStorage.clear());

describe('the email flow kept across a reload', () => {
  test('comes back with the address and when its code was sent', () => {
    saveEmailFlow('register', { email: 'ada@example.com', sentAt: SENT });
    expect(loadEmailFlow('register', SENT + 20_000)).toEqual({
      email: 'ada@example.com',
      sentAt: SENT,
    });
  });

  test('sign-up and password reset keep theirs apart', () => {
    saveEmailFlow('register', { email: 'ada@example.com', sentAt: SENT });
    expect(loadEmailFlow('reset', SENT)).toBeNull();
  });

  test.each([
    ['its code has expired', SENT + EMAIL_CODE_TTL_MS],
    ['it was "sent" in the future (a changed clock)', SENT - 1],
  ])('is not come back to once %s', (_name, now) => {
    saveEmailFlow('register', { email: 'ada@example.com', sentAt: SENT });
    expect(loadEmailFlow('register', now)).toBeNull();
  });

  test.each([
    ['nothing', null],
    ['not JSON', '{'],
    ['no address', JSON.stringify({ email: '', sentAt: SENT })],
    ['no time', JSON.stringify({ email: 'ada@example.com' })],
  ])('reads %s as no flow', (_name, raw) => {
    if (raw !== null) sessionStorage.setItem('emailCodeFlow:register', raw);
    expect(loadEmailFlow('register', SENT)).toBeNull();
  });

  test('is gone once cleared (signed in, or going back to change the address)', () => {
    saveEmailFlow('register', { email: 'ada@example.com', sentAt: SENT });
    clearEmailFlow('register');
    expect(loadEmailFlow('register', SENT)).toBeNull();
  });
});
