import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { captionsApi } from '../../api/captions-api';
import { CaptionsToggle } from './CaptionsToggle';
import { joined, renderInRoom } from './captions-fixtures';
import { TranscriptTab } from './TranscriptTab';

afterEach(() => vi.restoreAllMocks());

const line = (speakerId: number, speakerName: string, text: string, startTime: number) => ({
  speakerId,
  speakerName,
  text,
  language: 'en',
  startTime,
  endTime: startTime + 2000,
});

test('the captions menu opens the live transcript in the side panel and closes itself', async () => {
  const { room, captions } = renderInRoom(<CaptionsToggle />);
  joined(captions);
  await act(async () => fireEvent.click(screen.getByTestId('captions-settings')));
  const menu = await screen.findByRole('dialog');
  await act(async () => fireEvent.click(within(menu).getByTestId('captions-transcript')));
  expect(room.getState().panel).toBe('transcript');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('the transcript lists every final line so far with who said it, and says when there is none', async () => {
  const read = vi
    .spyOn(captionsApi, 'transcript')
    .mockResolvedValueOnce({ list: [] })
    .mockResolvedValue({
      list: [
        line(2, 'Ada', 'Good morning everyone', 1_764_000_000_000),
        line(3, 'Bo', 'Let us review the plan', 1_764_000_003_000),
      ],
    });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderInRoom(<TranscriptTab />);
  expect(await screen.findByText(/No captions yet/)).toBeTruthy();
  expect(read).toHaveBeenCalledWith('uri-1', { silent: true });
  // Read again while open.
  await act(async () => vi.advanceTimersByTime(2100));
  const lines = await screen.findAllByTestId('transcript-line');
  expect(lines.map((l) => [l.dataset.memberId, l.textContent])).toEqual([
    ['2', expect.stringMatching(/^Ada.*Good morning everyone$/)],
    ['3', expect.stringMatching(/^Bo.*Let us review the plan$/)],
  ]);
  vi.useRealTimers();
});

test('speech that could not be recognised keeps its place in the transcript, said so (issue 31)', async () => {
  vi.spyOn(captionsApi, 'transcript').mockResolvedValue({
    list: [
      line(2, 'Ada', 'Good morning everyone', 1_764_000_000_000),
      { ...line(3, 'Bo', '', 1_764_000_003_000), recognized: false },
    ],
  });
  cleanup(); // the panel of the test before
  renderInRoom(<TranscriptTab />);
  await screen.findByText('[speech not recognised]');
  const lines = screen.getAllByTestId('transcript-line');
  expect(lines.map((l) => [l.dataset.memberId, l.textContent])).toEqual([
    ['2', expect.stringMatching(/^Ada.*Good morning everyone$/)],
    ['3', expect.stringMatching(/^Bo.*\[speech not recognised\]$/)],
  ]);
  expect(lines[1]!.querySelector('[data-recognized="false"]')).not.toBeNull();
});
