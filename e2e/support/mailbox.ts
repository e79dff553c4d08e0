/** Reads verification codes from the dev mailbox (`GET /dev/mail`), as a person reads their inbox. */
import type { APIRequestContext } from '@playwright/test';

export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/dev/mail?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { subject: string; text: string }[];
    const match = mails[0] && /\b(\d{6})\b/.exec(mails[0].text);
    if (match) return match[1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  // A person's name makes a readable address: letters and digits only, in a few words.
  const local = prefix
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 24);
  return `${local || 'user'}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Reads the newest sign-in code texted to a number from the dev SMS outbox (`GET /dev/sms`). */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/dev/sms?to=${encodeURIComponent(phone)}`);
    const texts = (await res.json()) as { text: string }[];
    const match = texts[0] && /\b(\d{6})\b/.exec(texts[0].text);
    if (match) return match[1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no text to ${phone}`);
}
