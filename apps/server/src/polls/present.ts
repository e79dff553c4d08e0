/**
 * Turns poll rows into the API's poll shapes for one viewer: counts, percentages and names only
 * when the viewer may see results, names never for anonymous polls.
 */
import { canSeeResults, tallyPoll, type PollDetail, type PollSummary } from '@meet/shared';
import type { ConferenceRow, PollRow } from '../db/schema/index.js';
import type { StoredBallot, StoredQuestion } from './polls-repository.js';

export interface PollViewer {
  userId: number;
  isHost: boolean;
}

export function pollSummaryOf(
  poll: PollRow,
  conf: ConferenceRow,
  viewer: PollViewer,
  votes: { joined: boolean; votesNumbers: number },
): PollSummary {
  return {
    voteId: poll.id,
    conferenceId: conf.conferenceId,
    conferenceUri: conf.conferenceUri,
    title: poll.title,
    anonymous: poll.anonymous ? 1 : 0,
    status: poll.status,
    joined: votes.joined ? 1 : 0,
    votesNumbers: votes.votesNumbers,
    resultPublished: poll.resultPublished ? 1 : 0,
    createTime: poll.createdAt.getTime(),
    startTime: poll.startedAt?.getTime() ?? null,
    endTime: poll.endedAt?.getTime() ?? null,
    isHost: viewer.isHost,
  };
}

/** The whole poll for a viewer; the export asks for it as host, so it always has the counts. */
export function pollDetailOf(
  poll: PollRow,
  conf: ConferenceRow,
  questions: StoredQuestion[],
  ballots: StoredBallot[],
  viewer: PollViewer,
): PollDetail {
  const mine = ballots.find((b) => b.userId === viewer.userId);
  const visible = canSeeResults(viewer.isHost, poll.resultPublished);
  const tally = tallyPoll(questions, ballots, poll.anonymous);
  const summary = visible ? tally.summary : [];
  return {
    ...pollSummaryOf(poll, conf, viewer, {
      joined: mine !== undefined,
      votesNumbers: tally.votesNumbers,
    }),
    resultVisible: visible,
    questions: questions.map((q) => {
      const counts = summary.find((s) => s.questionId === q.questionId)?.optionInfo;
      return {
        questionId: q.questionId,
        title: q.title,
        type: q.type,
        select: mine?.answers.find((a) => a.questionId === q.questionId)?.select ?? [],
        options: q.options.map((o) => {
          const c = counts?.find((x) => x.optionId === o.optionId);
          return {
            optionId: o.optionId,
            optionDesc: o.optionDesc,
            votesNumber: c?.votesNumber ?? null,
            percent: c?.percent ?? null,
            members: c?.members ?? [],
          };
        }),
      };
    }),
    mySelect: mine?.answers ?? [],
    summary: summary.map((s) => ({
      questionId: s.questionId,
      optionInfo: s.optionInfo.map(({ optionId, votesNumber, percent }) => ({
        optionId,
        votesNumber,
        percent,
      })),
    })),
  };
}
