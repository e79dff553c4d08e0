import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { recordsApi } from '../../api/records-api';
import * as toasts from '../../ui/toast-store';
import { RECORDS_PAGE_SIZE, RECORDS_POLL_MS } from './recording-queries';
import { recordInfo, recordItem, recordsPage, renderRoute } from './recordings-fixtures';
import { RecordingsHome } from './RecordingsHome';

const renderHome = () => renderRoute(<RecordingsHome />, { path: '/home/recording' });
const item = (id: string) =>
  screen.getAllByTestId('record-item').find((el) => el.dataset.recordId === id)!;

beforeEach(() => {
  vi.spyOn(toasts.toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Home › Recordings', () => {
  test('lists each recording with its name, date, duration and size, the storage used, and opens its page', async () => {
    vi.spyOn(recordsApi, 'myRecords').mockResolvedValue(
      recordsPage([
        recordItem(),
        recordItem({
          recordId: 'rec-2',
          name: 'Audio call',
          recordType: 'audio',
          videoUrl: undefined,
        }),
      ]),
    );
    renderHome();
    const row = await screen.findByText('Weekly sync');
    expect(row.getAttribute('href')).toBe('/rec/rec-1');
    const meta = within(item('rec-1')).getByTestId('record-meta').textContent!;
    expect(meta).toContain('2025');
    expect(meta).toContain('12:34');
    expect(meta).toContain('48 MB');
    expect(within(item('rec-1')).queryByTestId('record-status')).toBeNull();
    expect(within(item('rec-2')).getByText('Audio')).toBeTruthy();
    const usage = screen.getByTestId('storage-usage');
    expect(usage.textContent).toContain('300 MB of 1 GB used');
    expect(usage.querySelector('[role=meter]')!.getAttribute('aria-valuenow')).toBe('29');
    fireEvent.click(screen.getByText('Audio call'));
    expect(screen.getByTestId('where').textContent).toBe('/rec/rec-2');
  });

  test.each([
    ['Asia/Shanghai', 'Jan 16, 2025, 22:03'],
    ['America/New_York', 'Jan 16, 2025, 09:03'],
  ])('the start shows in the zone chosen on Home (%s), not the browser’s', async (zone, text) => {
    localStorage.setItem('meetingsTimezone', zone);
    vi.spyOn(recordsApi, 'myRecords').mockResolvedValue(recordsPage([recordItem()]));
    renderHome();
    await screen.findByText('Weekly sync');
    expect(within(item('rec-1')).getByTestId('record-meta').textContent).toContain(text);
    localStorage.removeItem('meetingsTimezone');
  });

  test('with no recordings the empty state shows', async () => {
    vi.spyOn(recordsApi, 'myRecords').mockResolvedValue(recordsPage([], { usedBytes: 0 }));
    renderHome();
    expect(await screen.findByText('No recordings yet')).toBeTruthy();
    expect(screen.queryByTestId('recordings-list')).toBeNull();
  });

  test('a recording being processed shows its progress, and the list asks again until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const list = vi
      .spyOn(recordsApi, 'myRecords')
      .mockResolvedValueOnce(
        recordsPage([
          recordItem({
            status: 'processing',
            progress: 42,
            stage: 'compose',
            videoUrl: undefined,
          }),
        ]),
      )
      .mockResolvedValue(recordsPage([recordItem()]));
    renderHome();
    const status = await screen.findByTestId('record-status');
    expect(status.dataset.status).toBe('processing');
    expect(status.textContent).toContain('Processing 42%');
    expect(status.textContent).toContain('Processing 42% · composing');
    expect(screen.getByTestId('record-progress').getAttribute('aria-valuenow')).toBe('42');
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECORDS_POLL_MS)));
    await waitFor(() => expect(screen.queryByTestId('record-status')).toBeNull());
    expect(list).toHaveBeenCalledTimes(2);
    // Ready: nothing left to wait for, so no more asking.
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECORDS_POLL_MS * 3)));
    expect(list).toHaveBeenCalledTimes(2);
  });

  test('a recording still being recorded and one that failed say so', async () => {
    vi.spyOn(recordsApi, 'myRecords').mockResolvedValue(
      recordsPage([
        recordItem({ recordId: 'a', status: 'recording', progress: 0 }),
        recordItem({ recordId: 'b', status: 'failed' }),
      ]),
    );
    renderHome();
    await screen.findAllByTestId('record-item');
    expect(within(item('a')).getByTestId('record-status').textContent).toBe(
      'Recording in progress',
    );
    expect(within(item('b')).getByTestId('record-status').textContent).toBe('Processing failed');
    // A recording still running cannot be deleted yet.
    expect((within(item('a')).getByTestId('record-delete') as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test('renaming needs a name, sends the new one and shows it', async () => {
    vi.spyOn(recordsApi, 'myRecords')
      .mockResolvedValueOnce(recordsPage([recordItem()]))
      .mockResolvedValue(recordsPage([recordItem({ name: 'Budget review' })]));
    const rename = vi.spyOn(recordsApi, 'rename').mockResolvedValue(recordInfo());
    renderHome();
    fireEvent.click(await screen.findByTestId('record-rename'));
    const input = screen.getByTestId('rename-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('rename-save'));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();
    expect(rename).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' Budget review ' } });
    await act(async () => fireEvent.click(screen.getByTestId('rename-save')));
    expect(rename).toHaveBeenCalledWith('rec-1', 'Budget review', { silent: true });
    expect(await screen.findByText('Budget review')).toBeTruthy();
    expect(screen.queryByTestId('rename-input')).toBeNull();
  });

  test('a refused rename shows the server’s message in the dialog', async () => {
    vi.spyOn(recordsApi, 'myRecords').mockResolvedValue(recordsPage([recordItem()]));
    vi.spyOn(recordsApi, 'rename').mockRejectedValue(
      new ApiError(-1, "Only the recording's owner can do this", null, 'recordOwnerOnly'),
    );
    renderHome();
    fireEvent.click(await screen.findByTestId('record-rename'));
    await act(async () => fireEvent.click(screen.getByTestId('rename-save')));
    expect(screen.getByRole('alert').textContent).toBe("Only the recording's owner can do this");
  });

  test('deleting my recording asks first, then frees its storage', async () => {
    vi.spyOn(recordsApi, 'myRecords')
      .mockResolvedValueOnce(recordsPage([recordItem()]))
      .mockResolvedValue(recordsPage([], { usedBytes: 0 }));
    const remove = vi.spyOn(recordsApi, 'remove').mockResolvedValue(null);
    renderHome();
    fireEvent.click(await screen.findByTestId('record-delete'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('freeing 48 MB of storage');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(remove).toHaveBeenCalledWith('rec-1');
    await waitFor(() =>
      expect(screen.getByTestId('storage-usage').textContent).toContain('0 B of 1 GB'),
    );
    expect(screen.queryByTestId('record-item')).toBeNull();
  });

  test('a recording shared with me is only taken off my list', async () => {
    vi.spyOn(recordsApi, 'myRecords')
      .mockResolvedValueOnce(recordsPage([recordItem({ isOwner: false })]))
      .mockResolvedValue(recordsPage([]));
    const remove = vi.spyOn(recordsApi, 'remove');
    const removeShared = vi.spyOn(recordsApi, 'removeShared').mockResolvedValue(null);
    renderHome();
    expect(await screen.findByText('Shared with me')).toBeTruthy();
    expect(screen.queryByTestId('record-rename')).toBeNull();
    fireEvent.click(screen.getByTestId('record-remove-shared'));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove from my list' }),
      ),
    );
    expect(removeShared).toHaveBeenCalledWith('rec-1');
    expect(remove).not.toHaveBeenCalled();
  });

  test('a full page offers more, which asks for the next page', async () => {
    const full = Array.from({ length: RECORDS_PAGE_SIZE }, (_, i) =>
      recordItem({ recordId: `r${i}`, name: `Meeting ${i}` }),
    );
    const list = vi
      .spyOn(recordsApi, 'myRecords')
      .mockResolvedValueOnce(recordsPage(full))
      .mockResolvedValueOnce(
        recordsPage([recordItem({ recordId: 'old', name: 'Old one' })], { pageNum: 2 }),
      );
    renderHome();
    await act(async () => fireEvent.click(await screen.findByTestId('recordings-more')));
    expect(await screen.findByText('Old one')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(2, RECORDS_PAGE_SIZE, { silent: true });
    expect(screen.queryByTestId('recordings-more')).toBeNull();
  });

  test('when the list cannot be loaded, it says so and can try again', async () => {
    vi.spyOn(recordsApi, 'myRecords')
      .mockRejectedValueOnce(new ApiError(-100, 'Network error, please retry'))
      .mockResolvedValue(recordsPage([recordItem()]));
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Weekly sync')).toBeTruthy();
  });
});
