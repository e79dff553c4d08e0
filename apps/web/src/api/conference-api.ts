/** The meeting calls of SPEC.md section 7 ("Meeting" and "Utility") the web app makes so far. */
import type { JoinBody } from '@meet/shared';
import { FINISHED_PAGE_SIZE } from '@meet/shared';
import { apiGet, apiPost, type RequestOptions } from './client';

export interface ReservationBody {
  topic: string;
  timezone: string;
  startTime: number;
  endTime: number;
  subtitle: 0 | 1;
}

export type { ConferenceStatus, JoinBody, MyState } from '@meet/shared';

export const conferenceApi = {
  create: (topic?: string) => apiPost('conference/createConference', topic ? { topic } : {}),
  info: (conferenceId: string, options?: RequestOptions) =>
    apiPost('conference/conferenceInfo', { conferenceId }, options),
  reserve: (body: ReservationBody, options?: RequestOptions) =>
    apiPost('conference/reserve/create', { ...body }, options),
  updateReservation: (conferenceId: string, body: ReservationBody, options?: RequestOptions) =>
    apiPost('conference/reserve/update', { conferenceId, ...body }, options),
  deleteReservation: (conferenceId: string) =>
    apiPost('conference/reserve/delete', { conferenceId }),
  reservations: () => apiPost('conference/reserve/list', {}),
  running: () => apiPost('conference/getMyRunningConferenceList', {}),
  finished: (page: number) =>
    apiPost('conference/v2/getMyFinishedConferenceList', {
      page,
      pageSize: FINISHED_PAGE_SIZE,
    }),
  join: (body: JoinBody) =>
    // Every outcome code has its own presentation (SPEC.md section 8), so no generic toast.
    apiPost('conference/joinConference', { ...body }, { silent: true }),
  quit: (conferenceId: string, deviceId: string) =>
    apiPost('conference/quitConference', { conferenceId, deviceId }, { silent: true }),
  status: (conferenceId: string, deviceId: string) =>
    apiPost('conference/getConferenceStatus', { conferenceId, deviceId }, { silent: true }),
  /** The five-point quality rating after leaving (score 1 to 5). */
  addEvaluate: (conferenceId: string, score: number, comment?: string) =>
    apiPost(
      'conference/addEvaluate',
      comment ? { conferenceId, score, comment } : { conferenceId, score },
    ),
  checkLimitRegion: () => apiPost('tool/checkLimitRegion', {}, { silent: true }),
};

/** The server's clock (GET /api/getTimestamp), so "about to begin" does not trust the PC clock. */
export async function serverTimestamp(): Promise<number> {
  // Quiet: without it the device's clock is used.
  return (await apiGet('getTimestamp', { silent: true })).timestamp;
}
