import { describe, expect, test } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { waitingEntries, waitingRoomApi } from './waiting-room-api';

describe('waiting-room calls', () => {
  const { body } = stubFetch();

  test('the waiting-room calls send their lists and flags as the server reads them', async () => {
    await waitingRoomApi.denyJoin('uri-1', [5, 6], true);
    await waitingRoomApi.updateWaitingRoomStatus('uri-1', false);
    expect(body(0)).toMatchObject({ conferenceUri: 'uri-1', userIdList: '5,6', addToBlackList: 1 });
    expect(body(1)).toMatchObject({ conferenceUri: 'uri-1', status: 0 });
  });
});

test('the waiting list comes bare or wrapped, without admitted entries', () => {
  const entry = (userId: number, status: number) => ({
    userId,
    status,
    userAvatar: '',
    userConferenceName: 'x',
  });
  expect(waitingEntries([entry(1, 2), entry(2, 1)]).map((e) => e.userId)).toEqual([1]);
  expect(waitingEntries({ list: [entry(3, 3)] }).map((e) => e.userId)).toEqual([3]);
  expect(waitingEntries(null)).toEqual([]);
});
