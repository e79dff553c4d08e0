/**
 * The in-meeting recording rules as pure functions (SPEC.md sections 2 and 8): who sees the
 * record button, what its popover offers (video only on a plan that allows it, audio has no
 * layout), and the elapsed time every member sees while the meeting is recorded.
 */
import type { MeetingInfo, RecordLayout, RecordType } from '@meet/shared';

/** The viewer's plan as meeting info tells it (recordFuncStatus); null until it is known. */
export type RecordAbility = Pick<MeetingInfo['recordFuncStatus'], 'audioRecord' | 'videoRecord'>;

export interface RecordMenuInput {
  host: boolean;
  /** properties.recordStatus: 1 while the meeting is recorded. */
  recordStatus: number;
  ability: RecordAbility | null;
}

export type RecordMenu =
  /** Members who are not host see only the indicator. */
  | { kind: 'hidden' }
  | { kind: 'stop' }
  | {
      kind: 'start';
      /** Still asking the server what the plan allows: Start waits. */
      loading: boolean;
      audio: boolean;
      /** Offered, or shown locked with the Pro note and Upgrade. */
      video: 'offered' | 'pro';
    };

export function recordMenu({ host, recordStatus, ability }: RecordMenuInput): RecordMenu {
  if (!host) return { kind: 'hidden' };
  if (recordStatus === 1) return { kind: 'stop' };
  return {
    kind: 'start',
    loading: ability === null,
    audio: ability?.audioRecord === 1,
    video: ability?.videoRecord === 1 ? 'offered' : 'pro',
  };
}

export interface RecordChoice {
  recordType: RecordType;
  layout: RecordLayout;
}

/** What the popover starts with: video in the speech layout where allowed, else audio. */
export function defaultChoice(menu: RecordMenu): RecordChoice {
  const video = menu.kind === 'start' && menu.video === 'offered';
  return { recordType: video ? 'video' : 'audio', layout: 'speech' };
}

/** A choice the plan allows, or null (a video choice the plan locks). */
export function allowedChoice(menu: RecordMenu, choice: RecordChoice): RecordChoice | null {
  if (menu.kind !== 'start' || menu.loading) return null;
  if (choice.recordType === 'video') return menu.video === 'offered' ? choice : null;
  return menu.audio ? choice : null;
}

/** "mm:ss", or "h:mm:ss" from an hour on; negative (clock skew) counts as zero. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The indicator's text: how long the recording has run, by the server's clock. */
export function recordingElapsed(startedAt: number, serverNow: number): string {
  if (startedAt <= 0) return formatClock(0);
  return formatClock((serverNow - startedAt) / 1000);
}
