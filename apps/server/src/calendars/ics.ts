/**
 * iCalendar (RFC 5545) for scheduled meetings: one event per meeting with a stable UID, times in
 * UTC, the invite link, and a SEQUENCE that grows with every change, so an update or a
 * cancellation replaces the event already in someone's calendar. Text is escaped and long lines
 * are folded at 75 octets, with CRLF line ends, as calendar apps expect.
 */

export interface CalendarEvent {
  /** The meeting number: the UID is made from it, so it never changes. */
  conferenceId: string;
  topic: string;
  startTime: number;
  endTime: number;
  inviteUrl: string;
  /** Lines of the description (the meeting ID, the link…). */
  description: string[];
  sequence: number;
  cancelled?: boolean;
  organizer?: { name: string; email?: string };
}

export function uidOf(conferenceId: string, host: string): string {
  return `meeting-${conferenceId}@${host}`;
}

/** 20260601T080000Z */
export function icsTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). Every
 * line break counts, a lone CR too: calendar apps end a line at one, so an unescaped CR in a
 * topic began a property of the sender's choosing. Other control characters, which TEXT may not
 * hold (tab aside), are dropped: names and topics refuse them now, but older rows may have them.
 */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
  );
}

/** Folds a content line to 75 octets (continuations start with a space), never inside a character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function calendarText(options: {
  events: CalendarEvent[];
  host: string;
  /** PUBLISH for a feed or a download; CANCEL for a single cancellation. */
  method: 'PUBLISH' | 'CANCEL';
  name?: string;
  now: number;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meet//Meetings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${options.method}`,
  ];
  if (options.name) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  for (const e of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uidOf(e.conferenceId, options.host)}`,
      `DTSTAMP:${icsTime(options.now)}`,
      `DTSTART:${icsTime(e.startTime)}`,
      `DTEND:${icsTime(e.endTime)}`,
      `SEQUENCE:${e.sequence}`,
      `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      `SUMMARY:${escapeText(e.topic)}`,
      `DESCRIPTION:${escapeText(e.description.join('\n'))}`,
      `URL:${e.inviteUrl}`,
      `LOCATION:${escapeText(e.inviteUrl)}`,
    );
    if (e.organizer) {
      const cn = `CN=${JSON.stringify(e.organizer.name.replace(/"/g, "'"))}`;
      lines.push(`ORGANIZER;${cn}:mailto:${e.organizer.email ?? 'no-reply@meet.local'}`);
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
