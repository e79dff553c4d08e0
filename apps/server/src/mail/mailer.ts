/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; otherwise each mail is kept
 * in an outbox folder (and, outside production, printed to the console with its codes), so
 * sign-up works offline; in development (MAIL_OUTBOX_HTTP=1) `GET /dev/mail?to=` lists one
 * address's mail to this machine.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { randomCode } from '../lib/crypto.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface StoredMail extends Mail {
  sentAt: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  /** nodemailer is loaded with the first mail, not at start-up (~3 MB, ~40 ms). */
  private transport: Promise<Transporter> | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    if (this.closed) throw new Error('the mailer is closed');
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.url),
    );
    await (await this.transport).sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.closed = true;
    void this.transport?.then((transport) => transport.close());
  }
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  /** Mails being written now: a listing waits for them (a reply may not have waited). */
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly folder: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    /**
     * Whether the log shows a mail's text. Development only: the text holds sign-in and reset
     * codes, which have no place in a production log.
     */
    private readonly logText: boolean,
  ) {}

  async send(mail: Mail): Promise<void> {
    const written = this.write(mail);
    this.writing.add(written);
    try {
      await written;
    } finally {
      this.writing.delete(written);
    }
    if (this.logText) {
      this.log.info({ to: mail.to, subject: mail.subject }, `mail to ${mail.to}:\n${mail.text}`);
    } else {
      // Not the subject either: a code's subject names it.
      this.log.info({ to: mail.to }, `mail to ${mail.to} kept in the outbox`);
    }
  }

  private async write(mail: Mail): Promise<void> {
    const sentAt = new Date(this.now());
    const stored: StoredMail = { ...mail, sentAt: sentAt.toISOString() };
    await mkdir(this.folder, { recursive: true });
    const name = `${String(sentAt.getTime()).padStart(14, '0')}-${randomCode(6)}.json`;
    await writeFile(path.join(this.folder, name), JSON.stringify(stored, null, 2));
  }

  /** Mails to one address, newest first. */
  async list(to: string): Promise<StoredMail[]> {
    await Promise.allSettled([...this.writing]);
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const wanted = to.trim().toLowerCase();
    const mails = await Promise.all(
      names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .map(
          async (n) => JSON.parse(await readFile(path.join(this.folder, n), 'utf8')) as StoredMail,
        ),
    );
    return mails.filter((m) => m.to.toLowerCase() === wanted);
  }

  close(): void {}
}
