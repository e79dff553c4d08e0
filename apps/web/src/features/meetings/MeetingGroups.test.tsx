import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { CONFERENCE_STATUS, type MeetingListItem } from '@meet/shared';
import i18n from '../../i18n/i18n';
import { MeetingGroups } from './MeetingGroups';
import { invitationText } from './invitation';

// The polls entry talks to the message socket; what is tested here is beside it.
vi.mock('../polls/MeetingPollsEntry', () => ({ MeetingPollsEntry: () => null }));

afterEach(cleanup);

const HOUR = 3600_000;
const NOW = Date.UTC(2026, 5, 1, 8);

function meeting(id: string, status: number, startTime: number | null): MeetingListItem {
  return {
    meetingTitle: `Meeting ${id}`,
    meetingId: id,
    meetingUri: `uri-${id}`,
    creator: 'Ada',
    creatorId: 1,
    status,
    timezone: 'UTC',
    startTime,
    endTime: startTime === null ? null : startTime + HOUR,
    endTimeDefaulted: false,
    finishTime: null,
    asrEnabled: false,
    joinAgent: 0,
    conferenceProperties: {
      confMute: 0,
      lockRoom: 0,
      asrStatus: 0,
      syncCalendar: 0,
      recordStatus: 0,
      recordType: 0,
      waitingRoom: 0,
    },
    voteList: [],
  };
}

test('a meeting whose time cannot be shown is listed under “Time unknown”, the rest by day', () => {
  const items = [
    meeting('100000001', CONFERENCE_STATUS.reserved, NOW + 2 * HOUR),
    // As a server from before times were bounded sent it: 2^53, past the largest date.
    meeting('100000002', CONFERENCE_STATUS.reserved, 2 ** 53),
    // As the server sends it now.
    meeting('100000003', CONFERENCE_STATUS.reserved, null),
    meeting('100000004', CONFERENCE_STATUS.running, 2 ** 53),
  ];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MeetingGroups
        items={items}
        now={NOW}
        timezone="UTC"
        order="asc"
        userId={1}
        onJoin={vi.fn()}
        onDelete={vi.fn()}
      />
    </QueryClientProvider>,
  );
  const groups = screen.getAllByTestId('meeting-group');
  expect(groups.map((g) => g.getAttribute('data-date'))).toEqual([
    'current',
    '2026-06-01',
    'undated',
  ]);
  const undated = groups[2]!;
  expect(within(undated).getByRole('heading', { level: 2 }).textContent).toBe('Time unknown');
  const times = within(undated)
    .getAllByTestId('meeting-time')
    .map((e) => e.textContent);
  expect(times).toEqual(['Time unknown', 'Time unknown']);
  // Still there to start or delete.
  expect(within(undated).getAllByRole('button', { name: 'Start' })).toHaveLength(2);
  expect(within(undated).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  expect(within(groups[0]!).getByTestId('meeting-time').textContent).toBe('Time unknown');
  expect(within(groups[1]!).getByTestId('meeting-time').textContent).toBe('10:00 – 11:00');
});

test('the invitation of a meeting without a time leaves the time line out', () => {
  const t = i18n.t.bind(i18n) as Parameters<typeof invitationText>[3];
  const target = { conferenceId: '100000002', topic: 'Lost', timezone: 'UTC', endTime: null };
  const text = invitationText({ ...target, startTime: 2 ** 53 }, 'Ada', 'http://x/i/1', t);
  expect(text).toContain('Lost');
  expect(text).toContain('100 000 002');
  expect(text.split('\n')).toHaveLength(6);
  const timed = invitationText({ ...target, startTime: NOW }, 'Ada', 'http://x/i/1', t);
  expect(timed.split('\n')).toHaveLength(7);
});
