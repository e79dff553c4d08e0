import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { waitingEntries, waitingRoomApi } from './waiting-room-api';

describe('waiting-room calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const body = (i = 0) =>
    JSON.parse(fetchMock.mock.calls[i]![1]?.body as string) as Record<string, unknown>;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'success', payload: null }))),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

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
