/** The meeting calls of SPEC.md section 7 ("Meeting" and "Utility") the web app makes so far. */
import type {
  ConferenceStatus,
  JoinBody,
  JoinPayload,
  MeetingInfo,
  MeetingListItem,
} from '@meet/shared';
import { FINISHED_PAGE_SIZE } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export interface ReservationBody {
  topic: string;
  timezone: string;
  startTime: number;
  endTime: number;
  subtitle: 0 | 1;
}

export type { ConferenceStatus, JoinBody, MyState } from '@meet/shared';

export const conferenceApi = {
  create: (topic?: string) =>
    apiPost<MeetingInfo>('conference/createConference', topic ? { topic } : {}),
  info: (conferenceId: string, options?: RequestOptions) =>
    apiPost<MeetingInfo>('conference/conferenceInfo', { conferenceId }, options),
  reserve: (body: ReservationBody, options?: RequestOptions) =>
    apiPost<MeetingInfo>('conference/reserve/create', { ...body }, options),
  updateReservation: (conferenceId: string, body: ReservationBody, options?: RequestOptions) =>
    apiPost<MeetingInfo>('conference/reserve/update', { conferenceId, ...body }, options),
  deleteReservation: (conferenceId: string) =>
    apiPost<null>('conference/reserve/delete', { conferenceId }),
  reservations: () => apiPost<MeetingListItem[]>('conference/reserve/list'),
  running: () => apiPost<MeetingListItem[]>('conference/getMyRunningConferenceList'),
  finished: (page: number) =>
    apiPost<MeetingListItem[]>('conference/v2/getMyFinishedConferenceList', {
      page,
      pageSize: FINISHED_PAGE_SIZE,
    }),
  join: (body: JoinBody) =>
    // Every outcome code has its own presentation (SPEC.md section 8), so no generic toast.
    apiPost<JoinPayload>('conference/joinConference', { ...body }, { silent: true }),
  quit: (conferenceId: string, deviceId: string) =>
    apiPost<null>('conference/quitConference', { conferenceId, deviceId }, { silent: true }),
  status: (conferenceId: string, deviceId: string) =>
    apiPost<ConferenceStatus>(
      'conference/getConferenceStatus',
      { conferenceId, deviceId },
      { silent: true },
    ),
  /** The five-point quality rating after leaving (score 1 to 5). */
  addEvaluate: (conferenceId: string, score: number, comment?: string) =>
    apiPost<null>(
      'conference/addEvaluate',
      comment ? { conferenceId, score, comment } : { conferenceId, score },
    ),
  checkLimitRegion: () =>
    apiPost<{ limited: boolean; isLimit: number }>('tool/checkLimitRegion', {}, { silent: true }),
};

/** The server's clock (GET /api/getTimestamp), so "about to begin" does not trust the PC clock. */
export async function serverTimestamp(): Promise<number> {
  const response = await fetch('/api/getTimestamp');
  const reply = (await response.json()) as { code: number; payload: { timestamp: number } };
  if (reply.code !== 0) throw new Error('getTimestamp failed');
  return reply.payload.timestamp;
}
