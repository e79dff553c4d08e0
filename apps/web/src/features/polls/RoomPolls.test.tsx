import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PeerInfo, PollChange } from '@meet/shared';
import '../../i18n/i18n';
import { voteApi } from '../../api/vote-api';
import type { RoomClientHandle } from '../../room-client/types';
import { summary } from './poll-fixtures';
import { MoreAppsButton } from './MoreAppsButton';
import { PollPrompt } from './PollPrompt';
import { RoomPolls } from './RoomPolls';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const me = { peerId: '1', userId: 1, displayName: 'Me' } as PeerInfo;

function setup(hostId: number) {
  const listeners = new Set<(voteId: number, change: PollChange) => void>();
  const client = {
    on: (event: string, listener: (voteId: number, change: PollChange) => void) => {
      if (event !== 'pollChanged') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as RoomClientHandle;
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RoomPolls
        client={client}
        conferenceUri="uri-1"
        me={me}
        hostId={hostId}
        host={hostId === me.userId}
        connection="disconnect"
      >
        <MoreAppsButton />
      </RoomPolls>
    </QueryClientProvider>,
  );
  return { emit: (id: number, c: PollChange) => act(() => listeners.forEach((l) => l(id, c))) };
}

describe('polls in the meeting', () => {
  test('the badge shows for a launched poll I have not answered, and goes once I have', async () => {
    const list = vi
      .spyOn(voteApi, 'list')
      .mockResolvedValue([summary({ isHost: false, status: 1 })]);
    const { emit } = setup(2);
    await screen.findByTestId('more-apps-dot');
    fireEvent.click(screen.getByTestId('more-apps'));
    expect(screen.getByTestId('polls-badge')).toBeTruthy();
    list.mockResolvedValue([summary({ isHost: false, status: 1, joined: 1 })]);
    await emit(7, 'voted');
    await waitFor(() => expect(screen.queryByTestId('polls-badge')).toBeNull());
  });

  test('Polls opens the dialog; a member cannot create, the host can', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([]);
    setup(2);
    fireEvent.click(screen.getByTestId('more-apps'));
    fireEvent.click(screen.getByTestId('open-polls'));
    expect(await screen.findByTestId('poll-list')).toBeTruthy();
    expect(screen.queryByTestId('poll-new')).toBeNull();
    cleanup();
    setup(1);
    fireEvent.click(screen.getByTestId('more-apps'));
    fireEvent.click(screen.getByTestId('open-polls'));
    expect(await screen.findByTestId('poll-new')).toBeTruthy();
  });
});

describe('the poll prompt', () => {
  function withPrompt() {
    const client = { on: () => () => undefined } as unknown as RoomClientHandle;
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RoomPolls
          client={client}
          conferenceUri="uri-1"
          me={me}
          hostId={2}
          host={false}
          connection="connected"
        >
          <PollPrompt />
        </RoomPolls>
      </QueryClientProvider>,
    );
  }

  test('a launched poll someone else runs asks me to vote, with its title; Vote opens the polls', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([
      summary({ voteId: 9, title: 'Lunch?', isHost: false, status: 1 }),
    ]);
    withPrompt();
    const prompt = await screen.findByTestId('poll-prompt');
    expect(prompt.textContent).toContain('Lunch?: a poll is waiting for your vote');
    expect(prompt.dataset.voteId).toBe('9');
    fireEvent.click(screen.getByTestId('poll-prompt-vote'));
    await waitFor(() => expect(screen.queryByTestId('poll-prompt')).toBeNull());
  });

  test('no prompt for a poll I run, one I answered, or one not launched', async () => {
    const list = vi
      .spyOn(voteApi, 'list')
      .mockResolvedValue([
        summary({ voteId: 1, isHost: true, status: 1 }),
        summary({ voteId: 2, isHost: false, status: 1, joined: 1 }),
        summary({ voteId: 3, isHost: false, status: 0 }),
      ]);
    withPrompt();
    await waitFor(() => expect(list).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('poll-prompt')).toBeNull();
  });
});
