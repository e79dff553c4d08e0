import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { MeetingListItem } from '@meet/shared';
import '../../i18n/i18n';
import { voteApi } from '../../api/vote-api';
import { FakeSocket } from '../../message-socket/fake-socket';
import { MessageSocket } from '../../message-socket/message-socket';
import { MessageSocketProvider } from '../../message-socket/MessageSocketProvider';
import { toast } from '../../ui/toast-store';
import { detail, summary } from './poll-fixtures';
import { MeetingPollsEntry } from './MeetingPollsEntry';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const item = (extra: Partial<MeetingListItem> = {}) =>
  ({
    meetingTitle: 'Weekly',
    meetingId: '123456789',
    meetingUri: 'uri-1',
    creator: 'Ann',
    creatorId: 1,
    status: 3,
    voteList: [],
    ...extra,
  }) as MeetingListItem;

function setup(meeting: MeetingListItem) {
  let fake: FakeSocket | undefined;
  const socket = new MessageSocket((auth) => (fake = new FakeSocket(auth)), 1e9);
  socket.start({ userId: 2, deviceId: 'dev', token: 'tok' });
  fake!.serverConnect();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MessageSocketProvider auth={null} socket={socket}>
        <MeetingPollsEntry item={meeting} mine={false} />
      </MessageSocketProvider>
    </QueryClientProvider>,
  );
  return { push: (json: Record<string, unknown>) => act(() => fake!.push(json)) };
}

describe('polls from Home', () => {
  test("an ended meeting's Polls button opens its list, fetched on demand", async () => {
    const list = vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 2 })]);
    setup(item());
    expect(list).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('meeting-polls'));
    expect(await screen.findByRole('dialog', { name: 'Polls · Weekly' })).toBeTruthy();
    expect(await screen.findByTestId('poll-item')).toBeTruthy();
    expect(list).toHaveBeenCalledWith('uri-1', { silent: true });
  });

  test('voteList names the count and shows at once', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 2 })]);
    setup(item({ voteList: [summary({ status: 2 }), summary({ voteId: 8, status: 2 })] }));
    expect(screen.getByTestId('meeting-polls').textContent).toBe('Polls (2)');
  });

  test('a notice for the open poll of this meeting reaches the dialog; others do not', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 2, isHost: false })]);
    vi.spyOn(voteApi, 'result').mockResolvedValue(
      detail({ status: 2, isHost: false, resultVisible: false }),
    );
    const infos = vi.spyOn(toast, 'info');
    const warnings = vi.spyOn(toast, 'warning');
    const { push } = setup(item());
    fireEvent.click(screen.getByTestId('meeting-polls'));
    fireEvent.click(await screen.findByTestId('poll-item'));
    await screen.findByTestId('poll-result-hidden');
    push({ msgType: 'publish_vote_result', voteId: 7, conferenceUri: 'uri-2', conferenceId: 'x' });
    expect(infos).not.toHaveBeenCalled();
    push({
      msgType: 'cancel_publish_vote_result',
      voteId: 7,
      conferenceUri: 'uri-1',
      conferenceId: 'x',
    });
    expect(infos).toHaveBeenCalledWith('The poll results are no longer shared');
    push({ msgType: 'delete_vote', voteId: 7, conferenceUri: 'uri-1', conferenceId: 'x' });
    expect(warnings).toHaveBeenCalledWith('The host deleted this poll');
    await waitFor(() => expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('list'));
  });
});
