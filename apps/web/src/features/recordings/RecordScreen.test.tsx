import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { recordsApi } from '../../api/records-api';
import * as toasts from '../../ui/toast-store';
import { RECORDS_POLL_MS } from './recording-queries';
import { applyDetail, recordInfo, renderRoute } from './recordings-fixtures';
import { RecordScreen } from './RecordScreen';

const auth = { token: 'token-owner' as string | null, isRealLogin: true };
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => auth }));

const renderPage = (id = 'rec-1') =>
  renderRoute(<RecordScreen />, { path: `/rec/${id}`, route: '/rec/:id?' });

const noAccess = (applyStatus: number) =>
  new ApiError(
    -1,
    'No access permissions currently',
    { recordId: 'rec-1', name: 'Weekly sync', ownerName: 'Ann', applyStatus, access: false },
    'noRecordAccess',
  );

let played: ReturnType<typeof vi.fn>;

beforeEach(() => {
  auth.token = 'token-owner';
  auth.isRealLogin = true;
  vi.spyOn(toasts.toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(recordsApi, 'summaryRemain').mockResolvedValue({
    remainTimes: 2,
    engine: 'Extractive (built-in)',
  });
  // jsdom has no media playback.
  played = vi.fn(() => Promise.resolve());
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: played });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the record page: what someone without the recording sees', () => {
  test('a missing recording says "The meeting recording could not be found"', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockRejectedValue(
      new ApiError(-1, 'The meeting recording could not be found', null, 'recordNotFound'),
    );
    renderPage('gone');
    const missing = await screen.findByTestId('record-not-found');
    expect(missing.textContent).toContain('The meeting recording could not be found');
  });

  test('an address without an id is a missing recording too', async () => {
    const info = vi.spyOn(recordsApi, 'infoByUuid');
    renderRoute(<RecordScreen />, { path: '/rec', route: '/rec/:id?' });
    expect(await screen.findByTestId('record-not-found')).toBeTruthy();
    expect(info).not.toHaveBeenCalled();
  });

  test('without access an account sees "No access permissions currently", asks with a reason, and then sees the request pending', async () => {
    const load = vi
      .spyOn(recordsApi, 'infoByUuid')
      .mockRejectedValueOnce(noAccess(0))
      .mockRejectedValue(noAccess(1));
    const apply = vi.spyOn(recordsApi, 'apply').mockResolvedValue(applyDetail());
    renderPage();
    const page = await screen.findByTestId('record-no-access');
    expect(page.textContent).toContain('No access permissions currently');
    expect(page.textContent).toContain('“Weekly sync” belongs to Ann.');
    expect(screen.queryByTestId('record-player')).toBeNull();
    fireEvent.change(screen.getByTestId('record-apply-reason'), {
      target: { value: ' I missed the meeting ' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('record-apply')));
    expect(apply).toHaveBeenCalledWith('rec-1', 'I missed the meeting');
    const pending = await screen.findByTestId('record-apply-pending');
    expect(pending.textContent).toContain('once Ann approves it');
    expect(screen.queryByTestId('record-apply')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  test.each([
    [3, 'record-apply-denied', 'The owner declined your last request.'],
    [4, 'record-apply-expired', 'Your last request was not answered in time and has expired.'],
  ])('a request in state %s says so and can be asked again', async (status, testId, text) => {
    vi.spyOn(recordsApi, 'infoByUuid').mockRejectedValue(noAccess(status));
    renderPage();
    expect((await screen.findByTestId(testId)).textContent).toBe(text);
    expect(screen.getByTestId('record-apply').textContent).toBe('Ask again');
  });

  test('a visitor opening a private recording is asked to sign in to apply, and comes back here after', async () => {
    auth.token = 'token-visitor';
    auth.isRealLogin = false;
    vi.spyOn(recordsApi, 'infoByUuid').mockRejectedValue(noAccess(0));
    renderPage();
    const signIn = await screen.findByTestId('record-signin');
    expect(signIn.getAttribute('href')).toBe('/signin?from=%2Frec%2Frec-1');
    expect(screen.queryByTestId('record-apply')).toBeNull();
  });

  test('a recording shared by link opens without any sign-in', async () => {
    auth.token = null;
    auth.isRealLogin = false;
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(
      recordInfo({ isOwner: false, shareScope: 'link' }),
    );
    renderPage();
    expect(await screen.findByTestId('record-player')).toBeTruthy();
    expect(screen.queryByTestId('share-scope')).toBeNull();
    expect(screen.getByTestId('record-meta').textContent).toContain('Shared by Ann');
  });
});

describe('the record page: watching', () => {
  test('clicking a transcript line or a chapter plays the recording from there', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(recordInfo());
    renderPage();
    const player = (await screen.findByTestId('record-player')) as HTMLVideoElement;
    expect(player.dataset.kind).toBe('video');
    expect(player.getAttribute('src')).toBe('/files/rec-1.mp4?sig=1');
    const lines = screen.getAllByTestId('transcript-line');
    expect(within(lines[1]!).getByTestId('transcript-speaker').textContent).toBe('Bob');
    expect(within(lines[1]!).getByTestId('transcript-time').textContent).toBe('01:05');
    fireEvent.click(lines[1]!);
    expect(player.currentTime).toBe(65);
    expect(played).toHaveBeenCalled();
    expect(lines[1]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByTestId('summary-tab-chapters'));
    const chapters = screen.getAllByTestId('chapter-item');
    expect(chapters.map((c) => c.textContent)).toEqual(['00:00Opening', '01:00Budget']);
    fireEvent.click(chapters[0]!);
    expect(player.currentTime).toBe(0);
    expect(screen.getAllByTestId('chapter-item')[0]!.getAttribute('aria-current')).toBe('true');
  });

  test('an audio-only recording plays in an audio player and offers the audio to download, named after it and its day in the chosen zone', async () => {
    localStorage.setItem('meetingsTimezone', 'Asia/Shanghai');
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(
      recordInfo({
        recordType: 'audio',
        videoUrl: undefined,
        startTime: Date.UTC(2026, 10, 27, 23, 30),
      }),
    );
    renderPage();
    const player = await screen.findByTestId('record-player');
    expect(player.tagName).toBe('AUDIO');
    expect(screen.queryByTestId('record-download-video')).toBeNull();
    const link = screen.getByTestId('record-download-audio');
    expect(link.getAttribute('href')).toBe('/files/rec-1.m4a?sig=1&download=1&tz=Asia%2FShanghai');
    expect(link.getAttribute('download')).toBe('Weekly sync 2026-11-28.m4a');
    expect(screen.getByTestId('record-meta').textContent).toContain('Nov 28, 2026, 07:30');
    localStorage.removeItem('meetingsTimezone');
  });

  test('a recording still being processed shows how far along it is, and the page updates by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(recordsApi, 'infoByUuid')
      .mockResolvedValueOnce(
        recordInfo({ status: 'processing', progress: 30, videoUrl: undefined }),
      )
      .mockResolvedValue(recordInfo());
    renderPage();
    expect((await screen.findByTestId('record-processing')).textContent).toContain(
      'Processing 30%',
    );
    expect(screen.queryByTestId('record-player')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECORDS_POLL_MS)));
    expect(await screen.findByTestId('record-player')).toBeTruthy();
  });

  test('someone let in who is not the owner cannot edit or change the sharing', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(recordInfo({ isOwner: false }));
    renderPage();
    await screen.findByTestId('record-player');
    expect(screen.queryByTestId('share-scope')).toBeNull();
    expect(screen.queryByTestId('edit-speakers')).toBeNull();
    expect(screen.queryByTestId('minutes-edit')).toBeNull();
    expect(screen.getByTestId('copy-record-link')).toBeTruthy();
  });
});

describe('the record page: the owner', () => {
  test('chooses who can open it', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(recordInfo());
    const set = vi.spyOn(recordsApi, 'setShareScope').mockResolvedValue(recordInfo());
    renderPage();
    const scope = (await screen.findByTestId('share-scope')) as HTMLSelectElement;
    expect(scope.value).toBe('private');
    expect([...scope.options].map((o) => o.textContent)).toEqual([
      'Only me',
      'People I let in',
      'Everyone with the link',
    ]);
    await act(async () => fireEvent.change(scope, { target: { value: 'link' } }));
    expect(set).toHaveBeenCalledWith('rec-1', 'link');
    // The page shows the new scope once the server took it (a busy machine may take a moment).
    await waitFor(() => expect(scope.value).toBe('link'));
    expect(screen.getByTestId('share-scope-hint').textContent).toContain('without signing in');
  });

  test('edits chapters: two at the same time are refused; unique times are saved in order', async () => {
    const load = vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(recordInfo());
    const save = vi.spyOn(recordsApi, 'updateChapters').mockResolvedValue(recordInfo());
    renderPage();
    fireEvent.click(await screen.findByTestId('summary-tab-chapters'));
    fireEvent.click(screen.getByTestId('chapters-edit'));
    fireEvent.click(screen.getByTestId('chapter-add'));
    const times = () => screen.getAllByTestId('chapter-time-input');
    const titles = () => screen.getAllByTestId('chapter-title-input');
    fireEvent.change(times()[2]!, { target: { value: '1:00' } });
    fireEvent.change(titles()[2]!, { target: { value: 'Hiring' } });
    fireEvent.click(screen.getByTestId('chapters-save'));
    expect((await screen.findByTestId('chapters-error')).textContent).toBe(
      'Two chapters cannot start at the same time',
    );
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(times()[2]!, { target: { value: '0:30' } });
    await act(async () => fireEvent.click(screen.getByTestId('chapters-save')));
    expect(save).toHaveBeenCalledWith(
      'rec-1',
      [
        { startTime: 0, title: 'Opening' },
        { startTime: 30_000, title: 'Hiring' },
        { startTime: 60_000, title: 'Budget' },
      ],
      { silent: true },
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('chapter-item').map((c) => c.textContent)).toEqual([
        '00:00Opening',
        '00:30Hiring',
        '01:00Budget',
      ]),
    );
    expect(load).toHaveBeenCalledOnce();
  });

  test('renames speakers; a speaker left without a name is refused', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(recordInfo());
    const save = vi.spyOn(recordsApi, 'updateSpeakerNames').mockResolvedValue(recordInfo());
    renderPage();
    fireEvent.click(await screen.findByTestId('edit-speakers'));
    const [ann, bob] = screen.getAllByTestId('speaker-name-input');
    fireEvent.change(ann!, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('speakers-save'));
    expect((await screen.findByText('A speaker needs a name')).getAttribute('role')).toBe('alert');
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(ann!, { target: { value: 'Ann' } });
    fireEvent.change(bob!, { target: { value: 'Robert' } });
    await act(async () => fireEvent.click(screen.getByTestId('speakers-save')));
    expect(save).toHaveBeenCalledWith('rec-1', [{ speakerId: 2, name: 'Robert' }], {
      silent: true,
    });
    await waitFor(() =>
      expect(
        screen.getAllByTestId('transcript-speaker').map((speaker) => speaker.textContent),
      ).toEqual(['Ann', 'Robert']),
    );
  });

  test('edits the minutes', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(recordInfo());
    const save = vi.spyOn(recordsApi, 'updateMinutes').mockResolvedValue(recordInfo());
    renderPage();
    expect((await screen.findByTestId('summary-engine')).textContent).toBe(
      'Written by Extractive (built-in)',
    );
    fireEvent.click(screen.getByTestId('minutes-edit'));
    fireEvent.change(screen.getByTestId('minutes-input'), { target: { value: 'Budget agreed.' } });
    await act(async () => fireEvent.click(screen.getByTestId('minutes-save')));
    expect(save).toHaveBeenCalledWith('rec-1', 'Budget agreed.', { silent: true });
    await waitFor(() =>
      expect(screen.getByTestId('record-minutes').textContent).toBe('Budget agreed.'),
    );
  });

  test('has minutes written: the summaries left show, then progress, then the minutes labelled with their engine', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(recordsApi, 'infoByUuid')
      .mockResolvedValueOnce(
        recordInfo({ summaryStatus: 'none', minutes: '', chapters: [], summaryEngine: '' }),
      )
      .mockResolvedValueOnce(
        recordInfo({ summaryStatus: 'processing', minutes: '', chapters: [], summaryEngine: '' }),
      )
      .mockResolvedValue(recordInfo());
    const start = vi.spyOn(recordsApi, 'startSummary').mockResolvedValue(recordInfo());
    renderPage();
    expect((await screen.findByTestId('summary-remain')).textContent).toBe('Left this month: 2');
    await act(async () => fireEvent.click(screen.getByTestId('summary-generate')));
    expect(start).toHaveBeenCalledWith('rec-1');
    expect(await screen.findByTestId('summary-progress')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECORDS_POLL_MS)));
    await waitFor(() => expect(screen.queryByTestId('summary-progress')).toBeNull());
    expect(screen.getByTestId('record-minutes').textContent).toContain('The budget is on track.');
    expect(screen.getByTestId('summary-engine').textContent).toBe(
      'Written by Extractive (built-in)',
    );
  });

  test('with no summaries left this month, writing minutes is not offered', async () => {
    vi.spyOn(recordsApi, 'summaryRemain').mockResolvedValue({ remainTimes: 0, engine: 'x' });
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(
      recordInfo({ summaryStatus: 'none', minutes: '', chapters: [] }),
    );
    renderPage();
    expect((await screen.findByTestId('summary-remain')).textContent).toBe('Left this month: 0');
    expect((screen.getByTestId('summary-generate') as HTMLButtonElement).disabled).toBe(true);
  });
});
