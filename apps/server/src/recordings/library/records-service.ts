/**
 * The rules of recordings for the records API (SPEC.md sections 4, 6 and 7, "Records"): who may
 * open one (record-access.ts), the list of mine and shared with me, rename, delete (its files
 * too, which frees the owner's storage), taking a shared one off my list, and the sharing scope.
 */
import {
  APPLY_STATUS,
  type AccessRequestItem,
  type Language,
  type RecordInfo,
  type RecordListItem,
  type ShareScope,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { entitlementsOf } from '../../payments/entitlements.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { AccessRepository } from './access-repository.js';
import { recordListItemOf } from './present.js';
import { accessTo, applyStatusOf, type AccessVerdict } from './record-access.js';
import type { RecordTranscript } from './record-transcript.js';
import type { RecordingLinks } from './recording-links.js';
import type { RecordingView, RecordsRepository } from './records-repository.js';
import { AppError } from '../../lib/app-error.js';

export interface RecordsDeps {
  records: RecordsRepository;
  access: AccessRepository;
  transcript: RecordTranscript;
  links: RecordingLinks;
  blobs: BlobStore;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class RecordsService {
  constructor(private readonly deps: RecordsDeps) {}

  get links(): RecordingLinks {
    return this.deps.links;
  }

  async find(recordId: string): Promise<RecordingView> {
    const view = await this.lookup(recordId);
    if (!view) throw AppError.recordNotFound();
    return view;
  }

  /** The recording, or undefined when there is none. */
  async lookup(recordId: string): Promise<RecordingView | undefined> {
    return this.deps.records.byRecordId(recordId);
  }

  /** The recording, when `user` owns it (else 403; a missing one is 404). */
  async owned(user: UserRow, recordId: string): Promise<RecordingView> {
    const view = await this.find(recordId);
    if (view.row.ownerId !== user.id) throw AppError.forbidden('recordOwnerOnly');
    return view;
  }

  /** Whether and why the viewer (undefined: nobody signed in) may open the recording. */
  async verdict(
    view: RecordingView,
    viewer: UserRow | null,
  ): Promise<{ verdict: AccessVerdict; applyStatus: number }> {
    if (!viewer || viewer.id === view.row.ownerId) {
      return { verdict: accessTo(view.row, viewer?.id, false), applyStatus: APPLY_STATUS.none };
    }
    const requests = await this.deps.access.requestsOf(view.row.id, viewer.id);
    const applyStatus = applyStatusOf(requests, this.deps.clock.now());
    return {
      verdict: accessTo(view.row, viewer.id, applyStatus === APPLY_STATUS.approved),
      applyStatus,
    };
  }

  /**
   * The recording page's data for whoever may open it; anyone else is refused with
   * `noRecordAccess` carrying the teaser (name, owner, their request's state).
   */
  async info(viewer: UserRow | null, recordId: string, language: Language): Promise<RecordInfo> {
    const view = await this.find(recordId);
    const { verdict, applyStatus } = await this.verdict(view, viewer);
    if (verdict === 'none') {
      throw AppError.noRecordAccess({
        recordId: view.row.recordId,
        name: view.row.name,
        ownerName: view.ownerName,
        applyStatus,
      });
    }
    return this.infoOf(view, viewer?.id, applyStatus, language);
  }

  /** The page's data of a recording the viewer may open. */
  async infoOf(
    view: RecordingView,
    viewerId: number | undefined,
    applyStatus: number,
    language: Language,
  ): Promise<RecordInfo> {
    const r = view.row;
    const owner = viewerId !== undefined && viewerId === r.ownerId;
    return {
      ...recordListItemOf(view, viewerId, this.deps.links),
      ...(owner ? { accessRequests: await this.pendingRequests(view) } : {}),
      transcript: await this.deps.transcript.entries(view, language),
      minutes: r.minutes,
      chapters: r.chapters,
      summaryEngine: r.summaryEngine,
      summaryStatus: r.summaryStatus as RecordInfo['summaryStatus'],
      applyStatus,
      ownerName: view.ownerName,
    };
  }

  /** Who waits for the owner's answer, to approve or deny on the recording's page too. */
  private async pendingRequests(view: RecordingView): Promise<AccessRequestItem[]> {
    const rows = await this.deps.access.pendingOf(view.row.id, new Date(this.deps.clock.now()));
    return rows.map(({ request, applicantName, applicantEmail }) => ({
      permissionRequestId: request.requestId,
      applicantName,
      applicantEmail: applicantEmail ?? '',
      reason: request.reason,
      status: APPLY_STATUS.pending,
      createTime: request.createdAt.getTime(),
    }));
  }

  /** The owner's view of their recording after a change. */
  async ownerInfo(user: UserRow, recordId: string, language: Language): Promise<RecordInfo> {
    return this.infoOf(await this.owned(user, recordId), user.id, APPLY_STATUS.none, language);
  }

  /** Mine and shared with me, newest first, with my storage used and allowed. */
  async list(
    user: UserRow,
    pageNum: number,
    pageSize: number,
  ): Promise<{ list: RecordListItem[]; pageNum: number; usedBytes: number; quotaBytes: number }> {
    const [views, usedBytes] = await Promise.all([
      this.deps.records.listFor(user.id, (pageNum - 1) * pageSize, pageSize),
      this.deps.records.usedBytes(user.id),
    ]);
    return {
      list: views.map((view) => recordListItemOf(view, user.id, this.deps.links)),
      pageNum,
      usedBytes,
      quotaBytes: entitlementsOf(user, this.deps.clock.now()).storageBytes,
    };
  }

  async rename(user: UserRow, recordId: string, name: string): Promise<void> {
    const view = await this.owned(user, recordId);
    await this.deps.records.update(view.row.id, { name });
  }

  /** A narrower scope than before also revokes the links to its files handed out until now. */
  async setShareScope(user: UserRow, recordId: string, shareScope: ShareScope): Promise<void> {
    const view = await this.owned(user, recordId);
    await this.deps.records.setShareScope(view.row.id, shareScope);
  }

  /**
   * Deletes the owner's recording: its files, then its rows (its streams, timeline, transcript
   * and requests go with it), which frees the storage it counted. Not while it is still being
   * recorded or processed (the job would write files for a recording that is gone).
   */
  async remove(user: UserRow, recordId: string): Promise<void> {
    const view = await this.owned(user, recordId);
    const r = view.row;
    if (r.status === 'recording' || r.status === 'processing') {
      throw AppError.conflict('recordingNotReady');
    }
    for (const key of [r.videoKey, r.audioKey, r.previewKey, ...r.voices.map((v) => v.key)]) {
      if (key) await this.deps.blobs.delete(key);
    }
    await this.deps.records.delete(r.id);
    this.deps.log.info({ recordId, bytes: r.sizeBytes }, 'recording deleted');
  }

  /** Takes a recording shared with me off my list (the owner's recording is untouched). */
  async removeShared(user: UserRow, recordId: string): Promise<void> {
    const view = await this.find(recordId);
    if (view.row.ownerId === user.id) throw AppError.conflict('ownRecordingNotShared');
    const hidden = await this.deps.access.hide(
      view.row.id,
      user.id,
      new Date(this.deps.clock.now()),
    );
    if (!hidden) throw AppError.recordNotFound();
  }
}
