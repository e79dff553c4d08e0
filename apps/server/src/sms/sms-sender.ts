/**
 * Outgoing text messages (sign-in codes). With Twilio configured they go through its API;
 * otherwise each text is kept in an outbox folder (and, outside production, printed to the
 * console), like mail, so phone sign-in works offline; in development (MAIL_OUTBOX_HTTP=1)
 * `GET /dev/sms?to=` lists one number's texts to this machine.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../config/config.js';
import { randomCode } from '../lib/crypto.js';

export interface TextMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

export interface StoredText extends TextMessage {
  sentAt: string;
}

export interface SmsSender {
  readonly kind: 'outbox' | 'twilio';
  send(message: TextMessage): Promise<void>;
}

export class OutboxSms implements SmsSender {
  readonly kind = 'outbox';

  constructor(
    private readonly folder: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    /** Whether the log shows a text's words: development only (they are sign-in codes). */
    private readonly logText: boolean,
  ) {}

  async send(message: TextMessage): Promise<void> {
    const sentAt = new Date(this.now());
    const stored: StoredText = { ...message, sentAt: sentAt.toISOString() };
    await mkdir(this.folder, { recursive: true });
    const name = `${String(sentAt.getTime()).padStart(14, '0')}-${randomCode(6)}.json`;
    await writeFile(path.join(this.folder, name), JSON.stringify(stored, null, 2));
    if (this.logText) this.log.info({ to: message.to }, `text to ${message.to}: ${message.text}`);
    else this.log.info({ to: message.to }, `text to ${message.to} kept in the outbox`);
  }

  /** Texts to one number, newest first. */
  async list(to: string): Promise<StoredText[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const texts = await Promise.all(
      names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .map(
          async (n) => JSON.parse(await readFile(path.join(this.folder, n), 'utf8')) as StoredText,
        ),
    );
    return texts.filter((t) => t.to === to);
  }
}

/** Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource). */
export class TwilioSms implements SmsSender {
  readonly kind = 'twilio';

  constructor(private readonly settings: Extract<SmsConfig, { provider: 'twilio' }>) {}

  async send(message: TextMessage): Promise<void> {
    const { accountSid, authToken, from, apiUrl } = this.settings;
    const response = await fetch(
      `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.text }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!response.ok) {
      throw new Error(`Twilio refused the text: HTTP ${response.status}`);
    }
  }
}

export function createSmsSender(
  config: SmsConfig,
  dataDir: string,
  log: FastifyBaseLogger,
  now: () => number,
  /** Development: the outbox's log lines show the codes. */
  logText: boolean,
): SmsSender {
  return config.provider === 'twilio'
    ? new TwilioSms(config)
    : new OutboxSms(path.join(dataDir, 'sms'), log, now, logText);
}
