/**
 * The route table's poll calls (routes.ts), under `/vote/*`. Polls and answers travel as JSON
 * strings or as the lists themselves; the export answers an xlsx file.
 */
import type { ApiFileRoute, ApiRoute } from './api-route.js';
import { emptyPayload } from './envelope.js';
import {
  createVoteBody,
  participateBody,
  pollDetail,
  pollList,
  updateVoteBody,
  voteIdBody,
  voteListBody,
} from './vote.js';

const pollById = { body: voteIdBody, reply: pollDetail } as const;

export const voteRoutes = {
  'vote/create': { body: createVoteBody, reply: pollDetail },
  'vote/update': { body: updateVoteBody, reply: pollDetail },
  'vote/list': { body: voteListBody, reply: pollList },
  'vote/get': pollById,
  'vote/result': pollById,
  'vote/launch': pollById,
  'vote/stop': pollById,
  'vote/delete': { body: voteIdBody, reply: emptyPayload },
  'vote/publishResult': pollById,
  'vote/unPublishResult': pollById,
  'vote/participate': { body: participateBody, reply: pollDetail },
} as const satisfies Record<string, ApiRoute>;

/** A poll's answers as an xlsx (hosts, ended polls). */
export const voteFileRoutes = {
  'vote/export': { body: voteIdBody },
} as const satisfies Record<string, ApiFileRoute>;
