/**
 * The cloud-recording calls of SPEC.md section 7 ("Records", `/conference/startRecord|stopRecord`,
 * `/sm/*`, `/asr/updateRecordMemberName`), shaped by packages/shared/src/api/records.ts. The
 * server decides who may do what; these only ask. Minutes and chapters are saved as uploaded
 * files (a text file, a JSON file), as the spec's multipart calls take them.
 */
import type {
  Chapter,
  RecordLayout,
  RecordType,
  ShareScope,
  recordTeaser,
  recordsReply,
  summaryRemainReply,
} from '@meet/shared';
import type { z } from 'zod';
import { apiPost, type RequestOptions } from './client';

export type RecordsPage = z.infer<typeof recordsReply>;
export type RecordTeaser = z.infer<typeof recordTeaser>;
export type SummaryRemain = z.infer<typeof summaryRemainReply>;

/** 2 lets the applicant in, 3 turns them down (SPEC.md section 4). */
export type ApplyAnswer = 2 | 3;

export interface SpeakerRename {
  speakerId: number;
  name: string;
}

function fileForm(recordId: string, file: File): FormData {
  const form = new FormData();
  form.append('recordId', recordId);
  form.append('updateFile', file);
  return form;
}

export const recordsApi = {
  /** Meeting info for the signed-in viewer: its recordFuncStatus says what their plan records. */
  meetingForViewer: (conferenceId: string, options?: RequestOptions) =>
    apiPost('conference/getConferenceInfo', { conferenceId }, options),
  startRecord: (
    body: { conferenceUri: string; recordType: RecordType; layout: RecordLayout },
    options?: RequestOptions,
  ) => apiPost('conference/startRecord', { ...body }, options),
  stopRecord: (conferenceUri: string, options?: RequestOptions) =>
    apiPost('conference/stopRecord', { conferenceUri }, options),

  myRecords: (pageNum: number, pageSize: number, options?: RequestOptions) =>
    apiPost('record/getMyRecords', { pageNum, pageSize }, options),
  /** With the caller's sign-in; a caller without access gets 403 noRecordAccess with a teaser. */
  info: (recordId: string, options?: RequestOptions) =>
    apiPost('record/getRecordInfo', { recordId }, options),
  /** The record page's call: also answers without a token, for recordings shared by link. */
  infoByUuid: (uuid: string, options?: RequestOptions) =>
    apiPost('record/getRecordInfoByUUID', { uuid }, options),
  rename: (recordId: string, newRecordName: string, options?: RequestOptions) =>
    apiPost('record/updateRecordName', { recordId, newRecordName }, options),
  remove: (recordId: string, options?: RequestOptions) =>
    apiPost('record/deleteRecord', { recordId }, options),
  /** Takes a recording someone shared with me off my list (theirs stays). */
  removeShared: (recordId: string, options?: RequestOptions) =>
    apiPost('record/deleteSharedRecord', { recordId }, options),

  setShareScope: (recordId: string, shareScope: ShareScope, options?: RequestOptions) =>
    apiPost('record/permission/set', { recordId, shareScope }, options),
  apply: (recordId: string, reason: string, options?: RequestOptions) =>
    apiPost('record/permission/apply', { recordId, reason }, options),
  getApply: (recordId: string, permissionRequestId: string, options?: RequestOptions) =>
    apiPost('record/permission/getApply', { recordId, permissionRequestId }, options),
  updateApply: (
    recordId: string,
    permissionRequestId: string,
    status: ApplyAnswer,
    options?: RequestOptions,
  ) => apiPost('record/permission/updateApply', { recordId, permissionRequestId, status }, options),

  startSummary: (recordId: string, options?: RequestOptions) =>
    apiPost('sm/startSummary', { recordId }, options),
  summaryRemain: (options?: RequestOptions) => apiPost('sm/getSummaryRemainTimes', {}, options),
  /** Replaces the minutes with `minutes`, sent as a text file. */
  updateMinutes: (recordId: string, minutes: string, options?: RequestOptions) =>
    apiPost(
      'sm/updateSummaryResult',
      fileForm(recordId, new File([minutes], 'minutes.txt', { type: 'text/plain' })),
      options,
    ),
  /** Replaces the chapters, sent as a JSON file. */
  updateChapters: (recordId: string, chapters: Chapter[], options?: RequestOptions) =>
    apiPost(
      'sm/updateChapter',
      fileForm(
        recordId,
        new File([JSON.stringify(chapters)], 'chapters.json', { type: 'application/json' }),
      ),
      options,
    ),
  updateSpeakerNames: (recordId: string, memberInfo: SpeakerRename[], options?: RequestOptions) =>
    apiPost('asr/updateRecordMemberName', { recordId, memberInfo }, options),
};
