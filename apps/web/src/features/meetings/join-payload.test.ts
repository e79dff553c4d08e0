import { afterEach, describe, expect, test } from 'vitest';
import type { JoinPayload } from '@meet/shared';
import { joinPayloadFor } from './join-payload';
import { saveJoinPayload } from './join-session';

const payload: JoinPayload = {
  conferenceId: '123456789',
  conferenceUri: 'k3j5h2',
  conferenceName: 'Weekly',
  conferenceProperties: {
    confMute: 0,
    lockRoom: 0,
    asrStatus: 0,
    syncCalendar: 0,
    recordStatus: 0,
    recordType: 0,
    waitingRoom: 0,
  },
  asrStatus: 0,
  endTime: null,
  hostId: 7,
  hostName: 'Ada',
  creatorId: 7,
  memberId: 31,
  userId: 7,
  mediaServer: 'http://localhost:3000',
  mediaNode: 'local',
  roomPass: 'eyJ9.c2ln',
};

afterEach(() => sessionStorage.clear());

describe('the join payload read back', () => {
  test('is the one this tab saved, for its meeting only', () => {
    saveJoinPayload(payload, 'Ada');
    expect(joinPayloadFor('123456789')).toEqual(payload);
    expect(joinPayloadFor('987654321')).toBeNull();
  });

  test('is nothing when what is kept does not read as a join payload', () => {
    expect(joinPayloadFor('123456789')).toBeNull();
    sessionStorage.setItem('joinPayload', '[');
    expect(joinPayloadFor('123456789')).toBeNull();
    // An older build's shape, or one edited by hand: the page joins again instead.
    const { mediaServer: _gone, ...withoutServer } = payload;
    sessionStorage.setItem('joinPayload', JSON.stringify(withoutServer));
    expect(joinPayloadFor('123456789')).toBeNull();
    sessionStorage.setItem('joinPayload', JSON.stringify({ ...payload, memberId: '31' }));
    expect(joinPayloadFor('123456789')).toBeNull();
  });
});
