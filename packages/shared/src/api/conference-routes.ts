/**
 * The route table's meeting calls (routes.ts): meetings and reservations, host controls, cloud
 * recording's start and stop, the waiting room, and the utility calls (servers, region, avatars).
 */
import { z } from 'zod';
import type { ApiGetRoute, ApiRoute } from './api-route.js';
import { virtualPersonList } from './avatars.js';
import {
  addEvaluateBody,
  conferenceIdBody,
  conferenceStatus,
  conferenceStatusBody,
  createConferenceBody,
  finishedListBody,
  joinConferenceBody,
  joinPayload,
  meetingInfo,
  meetingListItem,
  quitConferenceBody,
  reserveCreateBody,
  reserveUpdateBody,
  serverConfig,
  serverConfigQuery,
  serverTime,
  updateNicknameBody,
} from './conference.js';
import { emptyPayload } from './envelope.js';
import {
  approveJoinBody,
  changeHostBody,
  conferenceSetBody,
  denyJoinBody,
  waitingEntry,
  waitingListBody,
  waitingRoomStatusBody,
} from './host-control.js';
import { startRecordBody, stopRecordBody } from './records.js';

export const meetingList = z.array(meetingListItem);
export const waitingList = z.array(waitingEntry);
export const recordStarted = z.object({ recordId: z.string() });
/** `isLimit` is SPEC.md's 0/1 for `limited`. */
export const limitRegion = z.object({ limited: z.boolean(), isLimit: z.number() });

export const conferenceRoutes = {
  'conference/createConference': { body: createConferenceBody.optional(), reply: meetingInfo },
  'conference/conferenceInfo': { body: conferenceIdBody, reply: meetingInfo },
  'conference/v2/conferenceInfo': { body: conferenceIdBody, reply: meetingInfo },
  'conference/getConferenceInfo': { body: conferenceIdBody, reply: meetingInfo },
  'conference/getConferenceStatus': { body: conferenceStatusBody, reply: conferenceStatus },
  'conference/joinConference': { body: joinConferenceBody, reply: joinPayload },
  'conference/quitConference': { body: quitConferenceBody, reply: emptyPayload },
  'conference/updateUserConferenceNickname': { body: updateNicknameBody, reply: emptyPayload },
  'conference/addEvaluate': { body: addEvaluateBody, reply: emptyPayload },
  'conference/getMyRunningConferenceList': { reply: meetingList },
  'conference/v2/getMyFinishedConferenceList': {
    body: finishedListBody.optional(),
    reply: meetingList,
  },

  'conference/reserve/create': { body: reserveCreateBody, reply: meetingInfo },
  'conference/reserve/update': { body: reserveUpdateBody, reply: meetingInfo },
  'conference/reserve/delete': { body: conferenceIdBody, reply: emptyPayload },
  'conference/reserve/list': { reply: meetingList },

  'conference/set': { body: conferenceSetBody, reply: emptyPayload },
  'conference/changeHost': { body: changeHostBody, reply: emptyPayload },
  'conference/startRecord': { body: startRecordBody, reply: recordStarted },
  'conference/stopRecord': { body: stopRecordBody, reply: emptyPayload },

  'conference/getWaitingRoomMemberList': { body: waitingListBody, reply: waitingList },
  'conference/approveJoin': { body: approveJoinBody, reply: emptyPayload },
  'conference/denyJoin': { body: denyJoinBody, reply: emptyPayload },
  'conference/updateWaitingRoomStatus': { body: waitingRoomStatusBody, reply: emptyPayload },

  getServerConfig: { body: serverConfigQuery, reply: serverConfig },
  'tool/checkLimitRegion': { reply: limitRegion },
  'tool/getVirtualPersonList': { reply: virtualPersonList },
} as const satisfies Record<string, ApiRoute>;

/** The meeting calls made with GET (no body): the server's clock. */
export const conferenceGetRoutes = {
  getTimestamp: { reply: serverTime },
} as const satisfies Record<string, ApiGetRoute>;
