/**
 * The route table's recording calls (routes.ts): my recordings and one recording's page, sharing
 * and access requests (`/record/*`), AI minutes and chapters (`/sm/*`) and transcript edits
 * (`/asr/*`). The edits of whole files are multipart forms: `recordId` and `updateFile`.
 */
import type { ApiRoute } from './api-route.js';
import { emptyPayload } from './envelope.js';
import {
  applyBody,
  applyDetail,
  getApplyBody,
  myRecordsBody,
  recordIdBody,
  recordInfo,
  recordUuidBody,
  recordsReply,
  setShareScopeBody,
  summaryRemainReply,
  updateApplyBody,
  updateRecordMemberNameBody,
  updateRecordNameBody,
} from './records.js';

export const recordRoutes = {
  'record/getMyRecords': { body: myRecordsBody, reply: recordsReply },
  'record/getRecordInfo': { body: recordIdBody, reply: recordInfo },
  'record/getRecordInfoByUUID': { body: recordUuidBody, reply: recordInfo },
  'record/updateRecordName': { body: updateRecordNameBody, reply: recordInfo },
  'record/deleteRecord': { body: recordIdBody, reply: emptyPayload },
  'record/deleteSharedRecord': { body: recordIdBody, reply: emptyPayload },
  'record/permission/set': { body: setShareScopeBody, reply: recordInfo },
  'record/permission/apply': { body: applyBody, reply: applyDetail },
  'record/permission/getApply': { body: getApplyBody, reply: applyDetail },
  'record/permission/updateApply': { body: updateApplyBody, reply: applyDetail },

  'sm/startSummary': { body: recordIdBody, reply: recordInfo },
  'sm/getSummaryRemainTimes': { reply: summaryRemainReply },
  'sm/updateSummaryResult': { upload: true, reply: recordInfo },
  'sm/updateChapter': { upload: true, reply: recordInfo },
  'sm/convertToText': { body: recordIdBody, reply: recordInfo },

  'asr/updateRecordMemberName': { body: updateRecordMemberNameBody, reply: recordInfo },
  'asr/updateAsrFile': { upload: true, reply: recordInfo },
} as const satisfies Record<string, ApiRoute>;
