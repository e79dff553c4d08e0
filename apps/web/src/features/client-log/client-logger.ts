/**
 * The client logger (SPEC.md sections 7 and 9): entries with logTime, eventType, agent, peerId,
 * roomId, meetingId and an optional value are gathered and sent as one report LOG_UPLOAD_DELAY_MS
 * after the last one was logged, only while signed in (with a token); without one they are
 * dropped, as nobody could be told apart. A failed send is dropped too: logging never gets in
 * the way of the product.
 */
import {
  CLIENT_LOG_MAX_ENTRIES,
  CLIENT_VERSION,
  LOG_UPLOAD_DELAY_MS,
  type ClientLogEntry,
} from '@meet/shared';

export interface LogFields {
  peerId?: string;
  roomId?: string;
  meetingId?: string;
  value?: ClientLogEntry['value'];
}

export interface ClientLoggerOptions {
  send(entries: ClientLogEntry[]): Promise<unknown>;
  hasToken(): boolean;
  /** `web/{version}` and the browser. */
  agent: string;
  now?: () => number;
  delayMs?: number;
}

/** Entries waiting beyond this (a flood while a send hangs) lose their oldest. */
const MAX_PENDING = 500;

export class ClientLogger {
  private pending: ClientLogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ClientLoggerOptions) {}

  log(eventType: string, fields: LogFields = {}): void {
    this.pending.push({
      logTime: (this.options.now ?? Date.now)(),
      eventType,
      agent: this.options.agent,
      peerId: fields.peerId ?? '',
      roomId: fields.roomId ?? '',
      meetingId: fields.meetingId ?? '',
      ...(fields.value === undefined ? {} : { value: fields.value }),
    });
    if (this.pending.length > MAX_PENDING)
      this.pending.splice(0, this.pending.length - MAX_PENDING);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs ?? LOG_UPLOAD_DELAY_MS);
  }

  /** Sends what is waiting now, in reports of at most CLIENT_LOG_MAX_ENTRIES. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.pending.splice(0);
    if (entries.length === 0 || !this.options.hasToken()) return;
    for (let i = 0; i < entries.length; i += CLIENT_LOG_MAX_ENTRIES) {
      await this.options.send(entries.slice(i, i + CLIENT_LOG_MAX_ENTRIES)).catch(() => undefined);
    }
  }
}

/** The agent string of this browser: the client version first (SPEC.md section 9). */
export function agentString(userAgent: string): string {
  return `web/${CLIENT_VERSION} ${userAgent}`.slice(0, 512);
}
