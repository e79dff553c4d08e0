import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ResultCode, type PollChange, type PollDetail } from '@meet/shared';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { voteApi } from '../../api/vote-api';
import { toast } from '../../ui/toast-store';
import { detail, summary } from './poll-fixtures';
import { PollsDialog } from './PollsDialog';
import type { PollsPlace } from './usePollsDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Listener = (voteId: number, change: PollChange) => void;

function setup(place: Partial<PollsPlace> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const listeners = new Set<Listener>();
  const onClose = vi.fn();
  const warnings = vi.spyOn(toast, 'warning');
  const infos = vi.spyOn(toast, 'info');
  const errors = vi.spyOn(toast, 'error');
  render(
    <QueryClientProvider client={client}>
      <PollsDialog
        place={{
          conferenceUri: 'uri-1',
          inMeeting: true,
          canCreate: true,
          nickname: 'Me',
          subscribe: (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          ...place,
        }}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  const emit = (voteId: number, change: PollChange) =>
    act(() => listeners.forEach((l) => l(voteId, change)));
  return { client, onClose, emit, warnings, infos, errors };
}

const testIds = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('[data-testid^="poll-"]'))
    .map((el) => el.getAttribute('data-testid')!)
    .filter((id) =>
      /^poll-(launch|stop|delete|edit|confirm|vote|export|publish|unpublish)$/.test(id),
    )
    .sort();

async function openPoll(poll: PollDetail) {
  vi.spyOn(voteApi, 'list').mockResolvedValue([summary(poll)]);
  vi.spyOn(voteApi, 'result').mockResolvedValue(poll);
  const view = setup({ inMeeting: true });
  fireEvent.click(await screen.findByTestId('poll-item'));
  return view;
}

describe('the poll dialog: buttons by role, status and place', () => {
  test.each([
    [
      'host, draft, in meeting',
      { isHost: true, status: 0 },
      true,
      ['poll-delete', 'poll-edit', 'poll-launch'],
    ],
    [
      'host, draft, outside',
      { isHost: true, status: 0 },
      false,
      ['poll-confirm', 'poll-delete', 'poll-edit'],
    ],
    [
      'host, running, in meeting, not voted',
      { isHost: true, status: 1 },
      true,
      ['poll-delete', 'poll-stop', 'poll-vote'],
    ],
    [
      'host, running, in meeting, voted',
      { isHost: true, status: 1, joined: 1 },
      true,
      ['poll-delete', 'poll-stop'],
    ],
    ['host, running, outside', { isHost: true, status: 1 }, false, ['poll-delete']],
    ['host, ended, in meeting', { isHost: true, status: 2 }, true, ['poll-delete', 'poll-publish']],
    [
      'host, ended, outside',
      { isHost: true, status: 2 },
      false,
      ['poll-delete', 'poll-export', 'poll-publish'],
    ],
    [
      'member, ended, published',
      { isHost: false, status: 2, resultPublished: 1 },
      true,
      ['poll-confirm'],
    ],
    [
      'member, running, voted',
      { isHost: false, status: 1, joined: 1, resultVisible: false },
      true,
      ['poll-confirm'],
    ],
  ] as const)('%s', async (_, extra, inMeeting, expected) => {
    const poll = detail(extra);
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary(extra)]);
    vi.spyOn(voteApi, 'result').mockResolvedValue(poll);
    setup({ inMeeting, canCreate: extra.isHost });
    fireEvent.click(await screen.findByTestId('poll-item'));
    await screen.findByTestId('poll-result');
    expect(testIds(document.body)).toEqual([...expected].sort());
  });

  test('a member sees no poll-new button, a host does', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([]);
    setup({ canCreate: false });
    await screen.findByTestId('poll-list');
    expect(screen.queryByTestId('poll-new')).toBeNull();
  });
});

describe('launch, stop, delete, share, download', () => {
  test('launch reloads the poll from the answer', async () => {
    await openPoll(detail({ status: 0 }));
    vi.spyOn(voteApi, 'launch').mockResolvedValue(detail({ status: 1 }));
    await act(async () => fireEvent.click(await screen.findByTestId('poll-launch')));
    expect(voteApi.launch).toHaveBeenCalledWith(7);
    expect(await screen.findByTestId('poll-stop')).toBeTruthy();
    expect(screen.getByTestId('poll-status').textContent).toBe('In progress');
  });

  test('stop asks first, with the spec question', async () => {
    await openPoll(detail({ status: 1 }));
    const stop = vi.spyOn(voteApi, 'stop').mockResolvedValue(detail({ status: 2 }));
    fireEvent.click(await screen.findByTestId('poll-stop'));
    const box = screen.getByRole('dialog', { name: 'Are you sure you want to end the poll?' });
    expect(within(box).getByTestId('poll-confirm-text').textContent).toMatch(/no longer take part/);
    expect(stop).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(box).getByTestId('poll-confirm-yes')));
    expect(stop).toHaveBeenCalledWith(7);
    await waitFor(() => expect(screen.getByTestId('poll-status').textContent).toBe('Ended'));
  });

  test.each([
    [0, /not been launched/],
    [1, /in progress/],
    [2, /results will be removed/],
  ])(
    'delete of a poll in status %d warns accordingly, then leaves the list without it',
    async (status, warning) => {
      await openPoll(detail({ status }));
      const remove = vi.spyOn(voteApi, 'delete').mockImplementation(async () => {
        vi.mocked(voteApi.list).mockResolvedValue([]);
        return null;
      });
      fireEvent.click(await screen.findByTestId('poll-delete'));
      const box = screen.getByRole('dialog', { name: 'Are you sure you want to delete the poll?' });
      expect(within(box).getByTestId('poll-confirm-text').textContent).toMatch(warning);
      await act(async () => fireEvent.click(within(box).getByTestId('poll-confirm-yes')));
      expect(remove).toHaveBeenCalledWith(7);
      await waitFor(() => expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('list'));
      expect(screen.queryByTestId('poll-item')).toBeNull();
    },
  );

  test('cancelling a confirm keeps the poll', async () => {
    await openPoll(detail({ status: 1 }));
    const remove = vi.spyOn(voteApi, 'delete');
    fireEvent.click(await screen.findByTestId('poll-delete'));
    fireEvent.click(screen.getByTestId('poll-confirm-no'));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('result');
  });

  test('the share checkbox publishes, then hides', async () => {
    await openPoll(detail({ status: 2 }));
    vi.spyOn(voteApi, 'publishResult').mockResolvedValue(detail({ status: 2, resultPublished: 1 }));
    await act(async () => fireEvent.click(await screen.findByTestId('poll-publish')));
    const box = (await screen.findByTestId('poll-unpublish')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    vi.spyOn(voteApi, 'unPublishResult').mockResolvedValue(detail({ status: 2 }));
    await act(async () => fireEvent.click(box));
    expect(voteApi.unPublishResult).toHaveBeenCalledWith(7);
    expect(((await screen.findByTestId('poll-publish')) as HTMLInputElement).checked).toBe(false);
  });

  test('download asks for the export of an ended poll outside the meeting', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 2 })]);
    vi.spyOn(voteApi, 'result').mockResolvedValue(detail({ status: 2 }));
    const exported = vi.spyOn(voteApi, 'export').mockResolvedValue('Lunch.xlsx');
    setup({ inMeeting: false });
    fireEvent.click(await screen.findByTestId('poll-item'));
    await act(async () => fireEvent.click(await screen.findByTestId('poll-export')));
    expect(exported).toHaveBeenCalledWith(7);
  });
});

describe('results', () => {
  test('rows show counts and percentages for the host', async () => {
    await openPoll(detail({ status: 1 }));
    const rows = await screen.findAllByTestId('poll-result-option');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Here.*1 vote.*33\.3%/),
      expect.stringMatching(/There.*Your choice.*2 votes.*66\.7%/),
      expect.stringMatching(/Nowhere.*0 votes.*0\.50%/),
    ]);
    expect(screen.getAllByTestId('poll-voter').map((v) => v.textContent)).toEqual([
      'Ann',
      'A name that is much lon...',
      'Bo',
    ]);
  });

  test('a member sees no counts before the results are published', async () => {
    await openPoll(detail({ isHost: false, status: 2, joined: 1, resultVisible: false }));
    await screen.findByTestId('poll-result-hidden');
    expect(screen.queryByTestId('poll-result-count')).toBeNull();
    expect(screen.queryByTestId('poll-result-percent')).toBeNull();
  });
});

describe('voting', () => {
  const twoQuestions = (extra: Partial<PollDetail> = {}) => {
    const poll = detail({ isHost: false, resultVisible: false, ...extra });
    poll.questions.push({
      questionId: 2,
      title: 'What?',
      type: 1,
      select: [],
      options: [1, 2, 3].map((optionId) => ({
        optionId,
        optionDesc: `Dish ${optionId}`,
        votesNumber: null,
        percent: null,
        members: [],
      })),
    });
    poll.questions[0]!.select = [];
    return poll;
  };

  test('a member opens a running poll in vote mode; every question needs an answer', async () => {
    const { warnings } = await openPoll(twoQuestions());
    await screen.findByTestId('poll-ballot');
    const participate = vi
      .spyOn(voteApi, 'participate')
      .mockResolvedValue(twoQuestions({ joined: 1 }));
    fireEvent.click(screen.getByTestId('poll-submit'));
    expect(warnings).toHaveBeenCalledWith('You still have unanswered questions');
    fireEvent.click(screen.getByLabelText('There'));
    // Ticking and unticking leaves the multiple-choice question unanswered.
    fireEvent.click(screen.getByLabelText('Dish 1'));
    fireEvent.click(screen.getByLabelText('Dish 1'));
    fireEvent.click(screen.getByTestId('poll-submit'));
    expect(warnings).toHaveBeenCalledTimes(2);
    expect(participate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Dish 3'));
    fireEvent.click(screen.getByLabelText('Dish 2'));
    await act(async () => fireEvent.click(screen.getByTestId('poll-submit')));
    expect(participate).toHaveBeenCalledWith('uri-1', 7, 'Me', [
      { questionId: 1, select: [2] },
      { questionId: 2, select: [3, 2] },
    ]);
    await waitFor(() => expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('result'));
  });

  test('the host votes through Vote, then sees the result', async () => {
    await openPoll(detail({ status: 1 }));
    fireEvent.click(await screen.findByTestId('poll-vote'));
    expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('vote');
    const radio = screen.getByLabelText('Here') as HTMLInputElement;
    expect(radio.type).toBe('radio');
  });
});

describe('4050 and live notices', () => {
  test('a poll that no longer exists closes and leaves the list', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([
      summary(),
      summary({ voteId: 8, title: 'Other' }),
    ]);
    vi.spyOn(voteApi, 'result').mockRejectedValue(
      new ApiError(ResultCode.pollGone, 'The poll no longer exists'),
    );
    const { errors } = setup();
    fireEvent.click((await screen.findAllByTestId('poll-item'))[0]!);
    await screen.findByTestId('poll-list');
    expect(errors).toHaveBeenCalledWith('The poll no longer exists');
    expect(screen.getAllByTestId('poll-item').map((el) => el.dataset.voteId)).toEqual(['8']);
  });

  test('outside the meeting an attendee with the poll open gets publish notices and refreshes', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ isHost: false, status: 2 })]);
    const result = vi
      .spyOn(voteApi, 'result')
      .mockResolvedValue(detail({ isHost: false, status: 2, resultVisible: false }));
    const { emit, infos, warnings } = setup({ inMeeting: false, canCreate: false });
    fireEvent.click(await screen.findByTestId('poll-item'));
    await screen.findByTestId('poll-result-hidden');
    result.mockResolvedValue(detail({ isHost: false, status: 2, resultPublished: 1 }));
    await act(async () => emit(8, 'resultPublished'));
    expect(infos).not.toHaveBeenCalled();
    await act(async () => emit(7, 'resultPublished'));
    expect(infos).toHaveBeenCalledWith('The poll results are shared');
    await screen.findAllByTestId('poll-result-count');
    await act(async () => emit(7, 'deleted'));
    expect(warnings).toHaveBeenCalledWith('The host deleted this poll');
    expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('list');
  });

  test('outside the meeting the host ignores those notices', async () => {
    vi.spyOn(voteApi, 'list').mockResolvedValue([summary({ status: 2 })]);
    vi.spyOn(voteApi, 'result').mockResolvedValue(detail({ status: 2 }));
    const { emit, infos } = setup({ inMeeting: false });
    fireEvent.click(await screen.findByTestId('poll-item'));
    await screen.findByTestId('poll-result');
    await act(async () => emit(7, 'resultPublished'));
    await act(async () => emit(7, 'deleted'));
    expect(infos).not.toHaveBeenCalled();
    expect(screen.getByTestId('polls-dialog').dataset.mode).toBe('result');
  });

  test('in the meeting a vote by someone else refreshes the open result', async () => {
    const { emit } = await openPoll(detail({ status: 1 }));
    await screen.findByTestId('poll-result');
    vi.spyOn(voteApi, 'result').mockResolvedValue(detail({ status: 1, votesNumbers: 4 }));
    await act(async () => emit(7, 'voted'));
    await waitFor(() => expect(screen.getByTestId('poll-participants').textContent).toMatch(/4/));
  });
});
