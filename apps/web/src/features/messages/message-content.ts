/**
 * What a message center entry says and where it leads, from its `content` JSON (SPEC.md section
 * 3: apply, record or business info) as pure functions. A message whose content cannot be read
 * is still listed, as a plain notice, so one bad row never hides the others.
 */
import type { MessageContent, MessageItem } from '@meet/shared';

const str = (value: unknown): value is string => typeof value === 'string';

/**
 * The content as the contract's `messageContent` describes it, checked by hand: the web bundle
 * keeps zod out (vite.config.ts), and the panel is part of Home's first screen.
 */
export function contentOf(json: unknown): MessageContent | null {
  if (typeof json !== 'object' || json === null) return null;
  const c = json as Record<string, unknown>;
  switch (c.pushType) {
    case 'apply':
      return str(c.recordId) &&
        str(c.permissionRequestId) &&
        (c.subType === 'request' || c.subType === 'approved' || c.subType === 'denied')
        ? {
            pushType: 'apply',
            recordId: c.recordId,
            permissionRequestId: c.permissionRequestId,
            subType: c.subType,
            // Who asked for which recording; messages from before they were written lack them.
            ...(str(c.applicantName) ? { applicantName: c.applicantName } : {}),
            ...(str(c.applicantEmail) ? { applicantEmail: c.applicantEmail } : {}),
            ...(str(c.recordName) ? { recordName: c.recordName } : {}),
          }
        : null;
    case 'record':
      return str(c.recordId) && (c.status === 'ready' || c.status === 'failed')
        ? {
            pushType: 'record',
            recordId: c.recordId,
            status: c.status,
            name: str(c.name) ? c.name : '',
          }
        : null;
    case 'business':
      return {
        pushType: 'business',
        cover: str(c.cover) ? c.cover : '',
        detail: str(c.detail) ? c.detail : '',
      };
    default:
      return null;
  }
}

export function parseContent(item: Pick<MessageItem, 'content'>): MessageContent | null {
  try {
    return contentOf(JSON.parse(item.content));
  } catch {
    return null;
  }
}

/** The catalogue key (under recordings.messages.*) of the entry's headline. */
export type MessageHeadline =
  | 'applyRequest'
  | 'applyApproved'
  | 'applyDenied'
  | 'recordReady'
  | 'recordFailed'
  | 'business'
  | 'unknown';

export function headlineOf(content: MessageContent | null): MessageHeadline {
  if (!content) return 'unknown';
  switch (content.pushType) {
    case 'apply':
      return content.subType === 'request'
        ? 'applyRequest'
        : content.subType === 'approved'
          ? 'applyApproved'
          : 'applyDenied';
    case 'record':
      return content.status === 'ready' ? 'recordReady' : 'recordFailed';
    case 'business':
      return 'business';
  }
}

/**
 * Who asked for which recording (an owner's request message), or which recording an answer is
 * about; null for other messages and for apply messages written before these were kept.
 */
export function applyPartiesOf(
  content: MessageContent | null,
): { name: string; email: string; record: string } | null {
  if (content?.pushType !== 'apply') return null;
  const { applicantName = '', applicantEmail = '', recordName = '' } = content;
  if (!applicantName && !recordName) return null;
  return { name: applicantName, email: applicantEmail, record: recordName };
}

/** What opening the entry does (besides marking it read). */
export type MessageAction =
  | { kind: 'applyDetail'; recordId: string; permissionRequestId: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'none' };

export function actionOf(content: MessageContent | null): MessageAction {
  if (!content) return { kind: 'none' };
  switch (content.pushType) {
    case 'apply':
      // The owner answers a request; the applicant goes to the recording to see the outcome.
      return content.subType === 'request'
        ? {
            kind: 'applyDetail',
            recordId: content.recordId,
            permissionRequestId: content.permissionRequestId,
          }
        : { kind: 'navigate', to: recordPath(content.recordId) };
    case 'record':
      return {
        kind: 'navigate',
        to: content.status === 'ready' ? recordPath(content.recordId) : '/home/recording',
      };
    case 'business':
      return { kind: 'none' };
  }
}

export function recordPath(recordId: string): string {
  return `/rec/${encodeURIComponent(recordId)}`;
}
