import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONFERENCE_STATUS, type MeetingListItem } from '@meet/shared';
import '../../i18n/i18n';
import { MeetingItem } from './MeetingItem';

// The polls entry talks to the message socket; what is tested here is beside it.
vi.mock('../polls/MeetingPollsEntry', () => ({ MeetingPollsEntry: () => null }));

afterEach(cleanup);

const HOUR = 3600_000;
const NOW = Date.UTC(2026, 5, 1, 8);

function item(status: number, syncCalendar = 0): MeetingListItem {
  return {
    meetingTitle: 'Design review',
    meetingId: '123456789',
    meetingUri: 'uri',
    creator: 'Ada',
    creatorId: 1,
    status,
    timezone: 'UTC',
    startTime: NOW + 2 * HOUR,
    endTime: NOW + 3 * HOUR,
    endTimeDefaulted: false,
    finishTime: null,
    asrEnabled: false,
    joinAgent: 0,
    conferenceProperties: {
      confMute: 0,
      lockRoom: 0,
      asrStatus: 0,
      syncCalendar,
      recordStatus: 0,
      recordType: 0,
      waitingRoom: 0,
    },
    voteList: [],
  };
}

function show(meeting: MeetingListItem, mine = true) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <MeetingItem item={meeting} now={NOW} timezone="UTC" mine={mine} />
      </ul>
    </QueryClientProvider>,
  );
}

describe('Add to calendar on a meeting', () => {
  test.each([
    ['mine', true],
    ['someone else’s', false],
  ])('a scheduled meeting (%s) downloads its .ics file', (_name, mine) => {
    show(item(CONFERENCE_STATUS.reserved), mine);
    const link = screen.getByRole('link', {
      name: 'Add to calendar: “Design review” (.ics file)',
    });
    expect(link.getAttribute('href')).toBe('/calendar/meeting/123456789.ics');
    expect(link.getAttribute('download')).toBe('meeting-123456789.ics');
    expect(link.textContent).toBe('Add to calendar');
  });

  test.each([
    ['running', CONFERENCE_STATUS.running],
    ['finished', CONFERENCE_STATUS.finished],
  ])('a %s meeting has none', (_name, status) => {
    show(item(status));
    expect(screen.queryByTestId('add-to-calendar')).toBeNull();
  });
});

describe('syncCalendar', () => {
  test('a meeting of mine that my calendar subscription lists says so', () => {
    show(item(CONFERENCE_STATUS.reserved, 1));
    expect(screen.getByTestId('meeting-in-feed').textContent).toBe('In calendar feed');
  });

  test('without a subscription, or on someone else’s meeting, it says nothing', () => {
    show(item(CONFERENCE_STATUS.reserved, 0));
    expect(screen.queryByTestId('meeting-in-feed')).toBeNull();
    cleanup();
    // Only the creator's subscription lists a meeting.
    show(item(CONFERENCE_STATUS.reserved, 1), false);
    expect(screen.queryByTestId('meeting-in-feed')).toBeNull();
  });
});
