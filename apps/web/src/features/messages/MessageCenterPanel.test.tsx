import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  MESSAGES_FIRST_LOAD_MS,
  MESSAGES_MORE_DELAY_MS,
  MESSAGES_PAGE_SIZE,
  ResultCode,
  type MessageItem,
} from '@meet/shared';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { messagesApi } from '../../api/messages-api';
import { recordsApi } from '../../api/records-api';
import { FakeSocket } from '../../message-socket/fake-socket';
import { MessageSocket } from '../../message-socket/message-socket';
import { MessageSocketProvider } from '../../message-socket/MessageSocketProvider';
import * as toasts from '../../ui/toast-store';
import { applyDetail, message, renderRoute } from '../recordings/recordings-fixtures';
import { MessageCenterPanel } from './MessageCenterPanel';
import { useMessageBell } from './useMessageBell';

vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ token: 't1', isRealLogin: true }) }));

const request = (id: number, extra: Partial<MessageItem> = {}) =>
  message(
    id,
    { pushType: 'apply', recordId: 'rec-1', permissionRequestId: `req-${id}`, subType: 'request' },
    extra,
  );
const ready = (id: number, extra: Partial<MessageItem> = {}) =>
  message(
    id,
    { pushType: 'record', recordId: 'rec-9', status: 'ready', name: 'Weekly sync' },
    extra,
  );
const page = (list: MessageItem[], unread = list.filter((m) => m.isUnread).length) => ({
  list,
  unread,
});

/** The bell's red dot, as the Home header shows it. */
function Bell() {
  const { hasUnread } = useMessageBell();
  return hasUnread ? <span data-testid="message-unread-dot" /> : null;
}

let fake: FakeSocket;

function renderCenter() {
  const socket = new MessageSocket((auth) => (fake = new FakeSocket(auth)));
  const result = renderRoute(
    <MessageSocketProvider auth={null} socket={socket}>
      <Bell />
      <MessageCenterPanel onClose={() => undefined} />
    </MessageSocketProvider>,
    { path: '/home/meetings' },
  );
  socket.start({ userId: 1, deviceId: 'device-1', token: 't1' });
  fake.serverConnect();
  return result;
}

/** Lets the panel's timers run (and what they start settle). */
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const items = () => screen.queryAllByTestId('message-item');
/** The panel's first page: asked for after its delay, then shown. */
async function firstLoad() {
  await wait(MESSAGES_FIRST_LOAD_MS);
  await waitFor(() => expect(screen.queryByTestId('message-loading')).toBeNull());
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(toasts.toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the message center', () => {
  test('the panel asks for its first page 200 ms after it opens, ten at a time, newest first', async () => {
    const list = vi
      .spyOn(messagesApi, 'list')
      .mockImplementation(async (time, size) =>
        size === 1 ? page([request(1)]) : page([request(1), ready(2, { isUnread: false })]),
      );
    renderCenter();
    expect(screen.getByTestId('message-loading')).toBeTruthy();
    await wait(MESSAGES_FIRST_LOAD_MS - 50);
    expect(list).not.toHaveBeenCalledWith(undefined, MESSAGES_PAGE_SIZE, { silent: true });
    await wait(50);
    expect(list).toHaveBeenCalledWith(undefined, MESSAGES_PAGE_SIZE, { silent: true });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().map((el) => [el.dataset.messageId, el.dataset.unread])).toEqual([
      ['1', 'true'],
      ['2', 'false'],
    ]);
    expect(items()[0]!.textContent).toContain('Someone asked to view your recording');
    expect(items()[1]!.textContent).toContain('Your recording is ready');
    expect(items()[1]!.textContent).toContain('Weekly sync');
    expect(screen.getByTestId('message-end')).toBeTruthy();
  });

  test('a request says who asked for which recording, with their email, at the time in Home’s zone; the detail shows the email', async () => {
    localStorage.setItem('meetingsTimezone', 'America/New_York');
    const asked = message(
      3,
      {
        pushType: 'apply',
        recordId: 'rec-1',
        permissionRequestId: 'req-3',
        subType: 'request',
        applicantName: 'Bo Lee',
        applicantEmail: 'bo@example.com',
        recordName: 'Budget 2027',
      },
      { ctime: Date.UTC(2026, 10, 28, 2, 30) },
    );
    vi.spyOn(messagesApi, 'list').mockResolvedValue(page([asked]));
    vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    vi.spyOn(recordsApi, 'getApply').mockResolvedValue(
      applyDetail({ applicantName: 'Bo Lee', applicantEmail: 'bo@example.com' }),
    );
    renderCenter();
    await firstLoad();
    const [item] = items();
    expect(item!.textContent).toContain('Bo Lee asked to view “Budget 2027”');
    expect(within(item!).getByTestId('message-applicant-email').textContent).toBe('bo@example.com');
    // 02:30 UTC on the 28th is 21:30 on the 27th in New York.
    expect(item!.textContent).toContain('Nov 27, 2026, 21:30');
    await act(async () => fireEvent.click(item!));
    const detail = await screen.findByTestId('apply-detail');
    expect(within(detail).getByTestId('apply-applicant-email').textContent).toBe('bo@example.com');
    localStorage.removeItem('meetingsTimezone');
  });

  test('with no messages the panel says so', async () => {
    vi.spyOn(messagesApi, 'list').mockResolvedValue(page([]));
    renderCenter();
    await firstLoad();
    expect(screen.getByTestId('message-empty').textContent).toContain('No messages yet');
    expect(screen.queryByTestId('message-unread-dot')).toBeNull();
  });

  test('reaching the end of the list loads the older page 500 ms later, after the oldest shown', async () => {
    const first = Array.from({ length: MESSAGES_PAGE_SIZE }, (_, i) => ready(i + 1));
    const older = [ready(11), ready(12)];
    const list = vi
      .spyOn(messagesApi, 'list')
      .mockImplementation(async (time, size) =>
        size === 1 ? page([], 12) : time === undefined ? page(first, 12) : page(older, 12),
      );
    renderCenter();
    await firstLoad();
    expect(items()).toHaveLength(10);
    expect(screen.queryByTestId('message-end')).toBeNull();
    fireEvent.scroll(screen.getByTestId('message-list'));
    expect(screen.getByTestId('message-loading-more')).toBeTruthy();
    await wait(MESSAGES_MORE_DELAY_MS - 50);
    expect(list).not.toHaveBeenCalledWith(first[9]!.ctime, MESSAGES_PAGE_SIZE, { silent: true });
    // Scrolling again meanwhile does not ask twice.
    fireEvent.scroll(screen.getByTestId('message-list'));
    await wait(50);
    expect(list).toHaveBeenCalledWith(first[9]!.ctime, MESSAGES_PAGE_SIZE, { silent: true });
    await waitFor(() => expect(items()).toHaveLength(12));
    expect(screen.queryByTestId('message-loading-more')).toBeNull();
    expect(screen.getByTestId('message-end')).toBeTruthy();
    // The last page was not full: nothing more to ask for.
    const calls = list.mock.calls.length;
    fireEvent.scroll(screen.getByTestId('message-list'));
    await wait(MESSAGES_MORE_DELAY_MS);
    expect(list.mock.calls.length).toBe(calls);
  });

  test('opening a message marks it read, and the red dot goes once nothing is unread', async () => {
    vi.spyOn(messagesApi, 'list').mockImplementation(async (time, size) =>
      size === 1 ? page([ready(1)], 1) : page([ready(1), ready(2, { isUnread: false })]),
    );
    const markRead = vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    renderCenter();
    await firstLoad();
    expect(screen.getByTestId('message-unread-dot')).toBeTruthy();
    await act(async () => fireEvent.click(items()[0]!));
    expect(markRead).toHaveBeenCalledWith([1], { silent: true });
    await waitFor(() => expect(items()[0]!.dataset.unread).toBe('false'));
    expect(screen.queryByTestId('message-unread-dot')).toBeNull();
    // A recording notice goes to the recording.
    expect(screen.getByTestId('where').textContent).toBe('/rec/rec-9');
  });

  test('read all marks every message read', async () => {
    vi.spyOn(messagesApi, 'list').mockImplementation(async (time, size) =>
      size === 1 ? page([], 2) : page([ready(1), ready(2)]),
    );
    const markRead = vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    renderCenter();
    await firstLoad();
    await act(async () => fireEvent.click(screen.getByTestId('message-read-all')));
    expect(markRead).toHaveBeenCalledWith(undefined, { silent: true });
    await waitFor(() => expect(items().map((el) => el.dataset.unread)).toEqual(['false', 'false']));
    expect(screen.queryByTestId('message-unread-dot')).toBeNull();
    expect((screen.getByTestId('message-read-all') as HTMLButtonElement).disabled).toBe(true);
  });

  test('an access request opens its detail — file, preview, duration, start, who asks and why — and Approve answers it', async () => {
    vi.spyOn(messagesApi, 'list').mockResolvedValue(page([request(1)]));
    vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    const get = vi.spyOn(recordsApi, 'getApply').mockResolvedValue(applyDetail());
    const answer = vi.spyOn(recordsApi, 'updateApply').mockResolvedValue(applyDetail());
    renderCenter();
    await firstLoad();
    await act(async () => fireEvent.click(items()[0]!));
    const detail = await screen.findByTestId('apply-detail');
    expect(get).toHaveBeenCalledWith('rec-1', 'req-1', { silent: true });
    expect(within(detail).getByTestId('apply-filename').textContent).toBe('Weekly sync');
    expect(within(detail).getByTestId('apply-applicant').textContent).toBe('Carol');
    expect(within(detail).getByTestId('apply-reason').textContent).toBe('I missed the meeting');
    expect(detail.textContent).toContain('12:34');
    expect(detail.querySelector('img')!.getAttribute('src')).toBe('/files/rec-1.jpg?sig=1');
    expect(within(detail).getByTestId('apply-status').textContent).toBe('Waiting for your answer');
    await act(async () => fireEvent.click(screen.getByTestId('apply-approve')));
    expect(answer).toHaveBeenCalledWith('rec-1', 'req-1', 2, { silent: true });
    expect(within(detail).getByTestId('apply-status').textContent).toBe('Approved');
    expect(screen.queryByTestId('apply-approve')).toBeNull();
  });

  test('Deny answers 3; a request already answered elsewhere shows the server’s message and its state now', async () => {
    vi.spyOn(messagesApi, 'list').mockResolvedValue(page([request(1)]));
    vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    vi.spyOn(recordsApi, 'getApply')
      .mockResolvedValueOnce(applyDetail())
      .mockResolvedValue(applyDetail({ status: 2 }));
    const answer = vi
      .spyOn(recordsApi, 'updateApply')
      .mockRejectedValue(
        new ApiError(-1, 'This request has already been answered', null, 'applyNotPending'),
      );
    renderCenter();
    await firstLoad();
    await act(async () => fireEvent.click(items()[0]!));
    await act(async () => fireEvent.click(await screen.findByTestId('apply-deny')));
    expect(answer).toHaveBeenCalledWith('rec-1', 'req-1', 3, { silent: true });
    expect(screen.getByTestId('apply-answer-error').textContent).toBe(
      'This request has already been answered',
    );
    await wait(0);
    expect(screen.getByTestId('apply-status').textContent).toBe('Approved');
  });

  test('a request that cannot be loaded (3024) shows the server’s message', async () => {
    vi.spyOn(messagesApi, 'list').mockResolvedValue(page([request(1)]));
    vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    vi.spyOn(recordsApi, 'getApply').mockRejectedValue(
      new ApiError(
        ResultCode.applyLoadFailed,
        'This request could not be loaded',
        null,
        'applyLoadFailed',
      ),
    );
    renderCenter();
    await firstLoad();
    await act(async () => fireEvent.click(items()[0]!));
    expect((await screen.findByTestId('apply-detail-error')).textContent).toBe(
      'This request could not be loaded',
    );
    expect(screen.queryByTestId('apply-approve')).toBeNull();
  });

  test('an answered request goes to the recording for the applicant', async () => {
    vi.spyOn(messagesApi, 'list').mockResolvedValue(
      page([
        message(1, {
          pushType: 'apply',
          recordId: 'rec-7',
          permissionRequestId: 'req-1',
          subType: 'approved',
        }),
      ]),
    );
    vi.spyOn(messagesApi, 'markRead').mockResolvedValue({ unread: 0 });
    renderCenter();
    await firstLoad();
    expect(items()[0]!.textContent).toContain('Your request to view a recording was approved');
    await act(async () => fireEvent.click(items()[0]!));
    expect(screen.getByTestId('where').textContent).toBe('/rec/rec-7');
  });

  test('a new message arrives live over the /message socket: first in the list, and the red dot lights', async () => {
    vi.spyOn(messagesApi, 'list').mockImplementation(async (time, size) =>
      size === 1 ? page([], 0) : page([ready(2, { isUnread: false })], 0),
    );
    renderCenter();
    await firstLoad();
    expect(screen.queryByTestId('message-unread-dot')).toBeNull();
    act(() =>
      fake.push({ msgType: 'new_message', message: request(1, { ctime: Date.now() }), unread: 1 }),
    );
    await waitFor(() => expect(items().map((el) => el.dataset.messageId)).toEqual(['1', '2']));
    expect(screen.getByTestId('message-unread-dot')).toBeTruthy();
    // The same push twice (a reconnect) is listed once.
    act(() => fake.push({ msgType: 'new_message', message: request(1), unread: 1 }));
    await wait(0);
    expect(items()).toHaveLength(2);
  });
});
