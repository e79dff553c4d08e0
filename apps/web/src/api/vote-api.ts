/**
 * The poll calls of SPEC.md section 7 ("Votes") under /api/vote. Polls and answers travel as
 * JSON strings, as the spec's form fields do. The export answers a file instead of
 * `{ code, msg, payload }`: `downloadFile` fetches it through the same fetch core (client.ts
 * `apiFetch`) and saves it through a blob link, and a refusal (JSON) is read as every other
 * call's reply is (client.ts `readReply`), so it throws the same ApiError (the meeting
 * transcript's download in captions-api.ts goes through it too).
 */
import {
  ResultCode,
  type ApiBody,
  type ApiFilePath,
  type PollForm,
  type QuestionAnswer,
} from '@meet/shared';
import i18n from '../i18n/i18n';
import { ApiError, apiFetch, apiPost, fail, readReply, type RequestOptions } from './client';

/** What create and update send as `voteList`: one poll, ids as the form numbers them. */
function pollJson(poll: PollForm, voteId?: number): string {
  return JSON.stringify({
    ...(voteId === undefined ? {} : { voteId }),
    title: poll.title,
    anonymous: poll.anonymous,
    questions: poll.questions.map((q) => ({
      questionId: q.questionId,
      title: q.title,
      type: q.type,
      options: q.options.map((o) => ({ optionId: o.optionId, optionDesc: o.optionDesc })),
    })),
  });
}

/** The calls on one poll that answer the poll as the caller now sees it. */
type PollAction = 'get' | 'result' | 'launch' | 'stop' | 'publishResult' | 'unPublishResult';

const byId = (path: PollAction) => (voteId: number, options?: RequestOptions) =>
  apiPost(`vote/${path}`, { voteId }, options);

export const voteApi = {
  list: (conferenceUri: string, options?: RequestOptions) =>
    apiPost('vote/list', { conferenceUri }, options),
  get: byId('get'),
  result: byId('result'),
  create: (conferenceUri: string, poll: PollForm, options?: RequestOptions) =>
    apiPost('vote/create', { conferenceUri, voteList: pollJson(poll) }, options),
  update: (conferenceUri: string, voteId: number, poll: PollForm, options?: RequestOptions) =>
    apiPost('vote/update', { conferenceUri, voteId, voteList: pollJson(poll, voteId) }, options),
  launch: byId('launch'),
  stop: byId('stop'),
  delete: (voteId: number, options?: RequestOptions) => apiPost('vote/delete', { voteId }, options),
  publishResult: byId('publishResult'),
  unPublishResult: byId('unPublishResult'),
  /** One list of option ids per question (a single choice too); the name shown to the host. */
  participate: (
    conferenceUri: string,
    voteId: number,
    nickname: string,
    questions: QuestionAnswer[],
    options?: RequestOptions,
  ) =>
    apiPost(
      'vote/participate',
      { conferenceUri, voteId, nickname, questions: JSON.stringify(questions) },
      options,
    ),
  /** Downloads a poll's xlsx (hosts, ended polls); resolves with the saved file's name. */
  export: (voteId: number, options?: RequestOptions) =>
    downloadFile('vote/export', { voteId }, `poll-${voteId}.xlsx`, options),
};

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` when present (poll
 * titles are often Chinese), else the plain `filename`, else null.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/** Saves a blob under a name through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POSTs to `/api/<path>` for a file (a poll's xlsx, a meeting's transcript) and saves it under
 * the name the reply gives, else `fallbackName`; resolves with the saved file's name.
 */
export async function downloadFile<P extends ApiFilePath>(
  path: P,
  fields: ApiBody<P>,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<string> {
  const { response, token } = await apiFetch(path, fields, options);
  const type = response.headers.get('content-type') ?? '';
  // A refusal (not host, poll gone…) comes as the usual reply, and throws from readReply.
  if (type.includes('json')) await readReply(response, token, options);
  if (!response.ok || type.includes('json'))
    fail(new ApiError(ResultCode.failure, i18n.t('common.networkError')), options);
  const filename = filenameFromDisposition(response.headers.get('content-disposition'));
  const name = filename ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}
