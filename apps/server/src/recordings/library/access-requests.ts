/**
 * Asking to see someone's recording (SPEC.md sections 4 and 6): `permission/apply` leaves the
 * owner a message, `permission/getApply` shows the request, `permission/updateApply` approves (2)
 * or denies (3) it and tells the applicant. A request lapses (4) when unanswered for
 * RECORDING_ACCESS_TTL_MS. An applicant has at most one request in play: asking again while one
 * is pending, or once approved, answers that one (and sends the owner nothing new).
 * Approving on a private recording widens its scope to applicants — the owner's "approve" is
 * letting this person in; setting it private again later shuts every applicant out again.
 */
import { randomUUID } from 'node:crypto';
import { APPLY_STATUS, RECORDING_ACCESS_TTL_MS, type ApplyDetail } from '@meet/shared';
import type { Database } from '../../db/database.js';
import type { MessageRow, RecordingAccessRow, UserRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { MessageCenter } from '../../messages/message-center.js';
import type { AccessRepository } from './access-repository.js';
import { effectiveStatus, scopeAdmitsApplicants } from './record-access.js';
import type { RecordingView, RecordsRepository } from './records-repository.js';
import type { RecordsService } from './records-service.js';
import { AppError } from '../../lib/app-error.js';

export interface AccessRequestsDeps {
  database: Database;
  records: RecordsService;
  recordings: RecordsRepository;
  access: AccessRepository;
  messages: MessageCenter;
  clock: Clock;
}

interface Applicant {
  name: string;
  email: string | null;
}

export class AccessRequests {
  constructor(private readonly deps: AccessRequestsDeps) {}

  /** Asks the owner to let `user` see the recording; answers the request in play. */
  async apply(user: UserRow, recordId: string, reason: string): Promise<ApplyDetail> {
    const { database, recordings, access, messages, clock } = this.deps;
    const view = await this.deps.records.find(recordId);
    if (view.row.ownerId === user.id) throw AppError.conflict('applyOwnRecording');
    const { request, message } = await database.db.transaction(async (tx) => {
      // One request at a time per recording, so asking twice at once makes one request.
      await recordings.lock(tx, view.row.id);
      const now = clock.now();
      const requests = await access.requestsOf(view.row.id, user.id, tx);
      const approved = requests.find((r) => r.status === APPLY_STATUS.approved);
      if (approved) return { request: approved, message: undefined };
      const newest = requests[0];
      if (newest && effectiveStatus(newest, now) === APPLY_STATUS.pending) {
        return { request: newest, message: undefined };
      }
      if (newest) await access.markExpired(newest.id, tx);
      const created = await access.create(
        {
          requestId: randomUUID(),
          recordingId: view.row.id,
          applicantId: user.id,
          reason,
          createdAt: new Date(now),
          expiresAt: new Date(now + RECORDING_ACCESS_TTL_MS),
        },
        tx,
      );
      const note: MessageRow = await messages.add(
        view.row.ownerId,
        {
          pushType: 'apply',
          recordId: view.row.recordId,
          permissionRequestId: created.requestId,
          subType: 'request',
          // Who asks for which recording, so the owner's message says so.
          applicantName: user.userName,
          applicantEmail: user.email ?? '',
          recordName: view.row.name,
        },
        tx,
      );
      return { request: created, message: note };
    });
    if (message) await messages.push(message);
    return this.detailOf(view, request, { name: user.userName, email: user.email }, user.id);
  }

  /** The request, for the recording's owner or the applicant themself (else 3024). */
  async detail(user: UserRow, recordId: string, requestId: string): Promise<ApplyDetail> {
    const { view, request, applicant } = await this.load(recordId, requestId);
    if (user.id !== view.row.ownerId && user.id !== request.applicantId) {
      throw AppError.applyLoadFailed(403);
    }
    if (effectiveStatus(request, this.deps.clock.now()) === APPLY_STATUS.expired) {
      await this.deps.access.markExpired(request.id);
    }
    return this.detailOf(view, request, applicant, user.id);
  }

  /** The owner approves (2) or denies (3) a pending request; the applicant gets a message. */
  async decide(
    user: UserRow,
    recordId: string,
    requestId: string,
    status: 2 | 3,
  ): Promise<ApplyDetail> {
    const { database, recordings, access, messages, clock } = this.deps;
    const { view, applicant } = await this.load(recordId, requestId);
    if (user.id !== view.row.ownerId) throw AppError.applyLoadFailed(403);
    const outcome = await database.db.transaction(async (tx) => {
      const row = await recordings.lock(tx, view.row.id);
      const found = await access.byRequestId(requestId, tx);
      if (!row || !found) return { kind: 'gone' as const };
      const now = clock.now();
      const state = effectiveStatus(found.request, now);
      if (state !== APPLY_STATUS.pending) {
        return { kind: 'answered' as const, state, id: found.request.id };
      }
      await access.decide(found.request.id, status, new Date(now), tx);
      if (status === APPLY_STATUS.approved && !scopeAdmitsApplicants(row.shareScope)) {
        await recordings.update(row.id, { shareScope: 'applicants' }, tx);
      }
      const note = await messages.add(
        found.request.applicantId,
        {
          pushType: 'apply',
          recordId: row.recordId,
          permissionRequestId: requestId,
          subType: status === APPLY_STATUS.approved ? 'approved' : 'denied',
          recordName: row.name,
        },
        tx,
      );
      return { kind: 'decided' as const, note };
    });
    if (outcome.kind === 'gone') throw AppError.applyLoadFailed();
    if (outcome.kind === 'answered') {
      if (outcome.state === APPLY_STATUS.expired) await access.markExpired(outcome.id);
      throw AppError.conflict('applyNotPending');
    }
    await messages.push(outcome.note);
    const fresh = await this.load(recordId, requestId);
    return this.detailOf(fresh.view, fresh.request, applicant, user.id);
  }

  /** The request and its recording, when the request is of that recording (else 3024). */
  private async load(
    recordId: string,
    requestId: string,
  ): Promise<{ view: RecordingView; request: RecordingAccessRow; applicant: Applicant }> {
    const found = await this.deps.access.byRequestId(requestId);
    const view = found && (await this.deps.recordings.byId(found.request.recordingId));
    if (!found || !view || view.row.recordId !== recordId) throw AppError.applyLoadFailed();
    const applicant = { name: found.applicantName, email: found.applicantEmail };
    return { view, request: found.request, applicant };
  }

  private detailOf(
    view: RecordingView,
    request: RecordingAccessRow,
    applicant: Applicant,
    viewerId: number,
  ): ApplyDetail {
    const r = view.row;
    const status = effectiveStatus(request, this.deps.clock.now());
    // The preview is a frame of the recording: only for those who may see the recording.
    const mayPreview =
      viewerId === r.ownerId ||
      r.shareScope === 'link' ||
      (status === APPLY_STATUS.approved && scopeAdmitsApplicants(r.shareScope));
    return {
      permissionRequestId: request.requestId,
      status,
      reason: request.reason,
      applicantName: applicant.name,
      // The owner gets to know who asks; the applicant knows their own address.
      applicantEmail: viewerId === r.ownerId ? (applicant.email ?? '') : '',
      recordInfo: {
        recordId: r.recordId,
        filename: r.name,
        previewImg:
          mayPreview && r.status === 'ready' && r.previewKey
            ? this.deps.records.links.url(r, 'preview')
            : '',
        duration: Math.round(r.durationMs / 1000),
        startTime: r.startedAt.getTime(),
      },
    };
  }
}
