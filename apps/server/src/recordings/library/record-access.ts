/**
 * Who may open a recording (SPEC.md sections 4 and 6), as pure rules over a recording's owner
 * and sharing scope and the viewer's access request: the owner always; anyone at all when the
 * scope is `link`; someone whose request was approved when the scope lets applicants in
 * (`applicants` or `link`); nobody else. A pending request lapses (state 4) once unanswered for
 * RECORDING_ACCESS_TTL_MS: it is judged at the time it is read, so no sweep has to run first.
 */
import { APPLY_STATUS, type ShareScope } from '@meet/shared';

export type AccessVerdict = 'owner' | 'link' | 'granted' | 'none';

export interface RequestState {
  status: number;
  expiresAt: Date;
}

/** The request's state as of `now`: pending past its expiry is expired. */
export function effectiveStatus(request: RequestState, now: number): number {
  return request.status === APPLY_STATUS.pending && request.expiresAt.getTime() <= now
    ? APPLY_STATUS.expired
    : request.status;
}

/** The scopes from narrowest to widest: each lets in everyone the one before it does, and more. */
const SCOPE_ORDER: readonly string[] = ['private', 'applicants', 'link'];

/**
 * Whether going from one scope to another shuts out someone the first let in: then the links
 * handed out under the first must stop working. An unknown scope counts as the widest.
 */
export function scopeNarrows(from: string, to: string): boolean {
  const rank = (scope: string) => {
    const i = SCOPE_ORDER.indexOf(scope);
    return i === -1 ? SCOPE_ORDER.length : i;
  };
  return rank(to) < rank(from);
}

/** Scopes under which an approved request lets its applicant in. */
export function scopeAdmitsApplicants(scope: string): boolean {
  return scope === 'applicants' || scope === 'link';
}

export function accessTo(
  recording: { ownerId: number; shareScope: string },
  viewerId: number | undefined,
  /** The viewer has an approved request for this recording. */
  approved: boolean,
): AccessVerdict {
  if (viewerId !== undefined && viewerId === recording.ownerId) return 'owner';
  if ((recording.shareScope as ShareScope) === 'link') return 'link';
  if (approved && scopeAdmitsApplicants(recording.shareScope)) return 'granted';
  return 'none';
}

/**
 * The state a viewer sees on the recording's page (SPEC.md's 0–4): approved when they hold an
 * approved request, else their newest request's state, else 0 (not applied).
 */
export function applyStatusOf(
  requests: readonly RequestState[],
  now: number,
): (typeof APPLY_STATUS)[keyof typeof APPLY_STATUS] {
  if (requests.some((r) => r.status === APPLY_STATUS.approved)) return APPLY_STATUS.approved;
  const newest = requests[0];
  if (!newest) return APPLY_STATUS.none;
  return effectiveStatus(newest, now) as (typeof APPLY_STATUS)[keyof typeof APPLY_STATUS];
}
