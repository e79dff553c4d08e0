/** Polls as the server answers them, for the feature's tests. */
import type { PollDetail, PollSummary } from '@meet/shared';

export function detail(extra: Partial<PollDetail> = {}): PollDetail {
  return {
    voteId: 7,
    conferenceId: '123456789',
    conferenceUri: 'uri-1',
    title: 'Lunch',
    anonymous: 0,
    status: 1,
    joined: 0,
    votesNumbers: 3,
    resultPublished: 0,
    createTime: 1,
    startTime: 2,
    endTime: null,
    isHost: true,
    resultVisible: true,
    questions: [
      {
        questionId: 1,
        title: 'Where?',
        type: 0,
        select: [2],
        options: [
          { optionId: 1, optionDesc: 'Here', votesNumber: 1, percent: 333, members: ['Ann'] },
          {
            optionId: 2,
            optionDesc: 'There',
            votesNumber: 2,
            percent: 667,
            members: ['A name that is much longer than 25', 'Bo'],
          },
          { optionId: 3, optionDesc: 'Nowhere', votesNumber: 0, percent: 5, members: [] },
        ],
      },
    ],
    mySelect: [{ questionId: 1, select: [2] }],
    summary: [],
    ...extra,
  };
}

export function summary(extra: Partial<PollSummary> = {}): PollSummary {
  return {
    voteId: 7,
    conferenceId: '123456789',
    conferenceUri: 'uri-1',
    title: 'Lunch',
    anonymous: 0,
    status: 1,
    joined: 0,
    votesNumbers: 0,
    resultPublished: 0,
    createTime: 1,
    startTime: 2,
    endTime: null,
    isHost: true,
    ...extra,
  };
}
