/**
 * What the record page (/rec/{id}) shows, from the answer to loading the recording: the
 * recording; "could not be found" (404 recordNotFound); "No access permissions currently" with
 * what the caller may know of it (403 noRecordAccess and its teaser), from which they apply;
 * another failure. Told apart by the catalogue key, never by the words.
 */
import { APPLY_STATUS, type RecordInfo } from '@meet/shared';
import { ApiError } from '../../api/client';
import type { RecordTeaser } from '../../api/records-api';

export type RecordView =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'noAccess'; teaser: RecordTeaser }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; info: RecordInfo };

/** The 403's payload (recordTeaser), read without zod (the web bundle keeps it out). */
export function teaserOf(recordId: string, payload: unknown): RecordTeaser {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  return {
    recordId: typeof p.recordId === 'string' ? p.recordId : recordId,
    name: typeof p.name === 'string' ? p.name : '',
    ownerName: typeof p.ownerName === 'string' ? p.ownerName : '',
    applyStatus: typeof p.applyStatus === 'number' ? p.applyStatus : APPLY_STATUS.none,
    access: false,
  };
}

export function recordViewOf(
  recordId: string,
  query: { data: RecordInfo | undefined; error: unknown; isPending: boolean },
): RecordView {
  if (query.data) return { kind: 'ready', info: query.data };
  const { error } = query;
  if (error instanceof ApiError) {
    if (error.key === 'recordNotFound') return { kind: 'notFound' };
    if (error.key === 'noRecordAccess') {
      return { kind: 'noAccess', teaser: teaserOf(recordId, error.payload) };
    }
    return { kind: 'error', message: error.message };
  }
  if (error) return { kind: 'error', message: '' };
  return { kind: 'loading' };
}

/** What the apply area of a page without access offers. */
export type ApplyState =
  /** Not signed in with an account (nobody, or a visitor): sign in first. */
  | 'signIn'
  /** May ask (never asked, or the last request was denied or lapsed). */
  | 'apply'
  | 'pending'
  /** Let in once, but the owner no longer shares it with applicants. */
  | 'approved';

export function applyStateOf(applyStatus: number, realLogin: boolean): ApplyState {
  if (!realLogin) return 'signIn';
  if (applyStatus === APPLY_STATUS.pending) return 'pending';
  if (applyStatus === APPLY_STATUS.approved) return 'approved';
  return 'apply';
}

/** My request is waiting for the owner: the page asks again until it is answered. */
export function awaitingAnswer(recordId: string, error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.key === 'noRecordAccess' &&
    teaserOf(recordId, error.payload).applyStatus === APPLY_STATUS.pending
  );
}

/** The page asks again while something on it is still being made. */
export function recordSettling(info: RecordInfo | undefined): boolean {
  if (!info) return false;
  return (
    info.status === 'recording' ||
    info.status === 'processing' ||
    info.summaryStatus === 'processing'
  );
}
