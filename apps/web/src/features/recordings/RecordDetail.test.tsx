/**
 * The recording page's rough edges of issue 30: minutes as a list of timed points, processing
 * stages in the reader's language, the owner answering access requests on the page, the
 * requester's page opening when the approval is pushed, and times in Home's chosen zone.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { recordsApi } from '../../api/records-api';
import { FakeSocket } from '../../message-socket/fake-socket';
import { MessageSocket } from '../../message-socket/message-socket';
import { MessageSocketProvider } from '../../message-socket/MessageSocketProvider';
import * as toasts from '../../ui/toast-store';
import { applyDetail, message, recordInfo, renderRoute } from './recordings-fixtures';
import { RecordScreen } from './RecordScreen';

const auth = { token: 'token-owner' as string | null, isRealLogin: true };
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => auth }));

let fake: FakeSocket;

function renderPage() {
  const socket = new MessageSocket((a) => (fake = new FakeSocket(a)));
  const result = renderRoute(
    <MessageSocketProvider auth={null} socket={socket}>
      <RecordScreen />
    </MessageSocketProvider>,
    { path: '/rec/rec-1', route: '/rec/:id?' },
  );
  socket.start({ userId: 1, deviceId: 'device-1', token: 't1' });
  fake.serverConnect();
  return result;
}

beforeEach(() => {
  vi.spyOn(toasts.toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(recordsApi, 'summaryRemain').mockResolvedValue({ remainTimes: 2, engine: 'x' });
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the minutes', () => {
  test('"- [00:45] …" lines render as a list with their times, which play the recording from there', async () => {
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(
      recordInfo({
        minutes: 'Key points\n- [00:45] Ann: We ship on Friday.\n- [01:05] Bob: Budget is fine.',
      }),
    );
    renderPage();
    const minutes = await screen.findByTestId('record-minutes');
    expect(minutes.querySelector('p')?.textContent).toBe('Key points');
    const items = within(minutes).getAllByTestId('minutes-item');
    expect(items.map((li) => li.tagName)).toEqual(['LI', 'LI']);
    expect(items[0]!.parentElement!.tagName).toBe('UL');
    expect(items.map((li) => li.dataset.start)).toEqual(['45000', '65000']);
    expect(items[1]!.textContent).toBe('01:05Bob: Budget is fine.');
    // No raw "- [" left on screen.
    expect(minutes.textContent).not.toContain('- [');
    const player = screen.getByTestId('record-player') as HTMLVideoElement;
    fireEvent.click(within(items[1]!).getByTestId('minutes-time'));
    expect(player.currentTime).toBe(65);
  });
});

describe('processing stages', () => {
  test.each([
    ['en', 'compose', 'Now: composing'],
    ['zh', 'compose', '当前：合成中'],
    ['en', 'queued', 'Now: waiting'],
    ['zh', 'remux', '当前：读取音视频流'],
  ] as const)('in %s the stage %s reads %s, never the code word', async (language, stage, text) => {
    await i18n.changeLanguage(language);
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(
      recordInfo({ status: 'processing', progress: 40, stage, videoUrl: undefined }),
    );
    renderPage();
    expect((await screen.findByTestId('record-stage')).textContent).toBe(text);
  });

  test('a failed recording says at which stage, translated', async () => {
    await i18n.changeLanguage('zh');
    vi.spyOn(recordsApi, 'infoByUuid').mockResolvedValue(
      recordInfo({ status: 'failed', stage: 'store', videoUrl: undefined }),
    );
    renderPage();
    expect((await screen.findByTestId('record-stage')).textContent).toBe('在“保存中”阶段出错。');
  });
});

describe('access requests', () => {
  const waiting = {
    permissionRequestId: 'req-7',
    applicantName: 'Bo Lee',
    applicantEmail: 'bo@example.com',
    reason: 'I missed it',
    status: 1,
    createTime: Date.UTC(2026, 10, 27, 23, 30),
  };

  test('the owner sees who asks (name, email, when, why) and approves on the page; the page loads again', async () => {
    localStorage.setItem('meetingsTimezone', 'Asia/Shanghai');
    const load = vi
      .spyOn(recordsApi, 'infoByUuid')
      .mockResolvedValueOnce(recordInfo({ accessRequests: [waiting] }))
      .mockResolvedValue(recordInfo({ accessRequests: [], shareScope: 'applicants' }));
    const answer = vi.spyOn(recordsApi, 'updateApply').mockResolvedValue(applyDetail());
    renderPage();
    const item = await screen.findByTestId('record-request');
    expect(item.dataset.requestId).toBe('req-7');
    expect(within(item).getByTestId('record-request-name').textContent).toBe('Bo Lee');
    expect(within(item).getByTestId('record-request-email').textContent).toBe('bo@example.com');
    expect(item.textContent).toContain('Asked Nov 28, 2026, 07:30');
    expect(item.textContent).toContain('“I missed it”');
    await act(async () => fireEvent.click(within(item).getByTestId('record-request-approve')));
    expect(answer).toHaveBeenCalledWith('rec-1', 'req-7', 2);
    await waitFor(() => expect(screen.queryByTestId('record-requests')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('a new request pushed to the owner shows on the page without a reload', async () => {
    vi.spyOn(recordsApi, 'infoByUuid')
      .mockResolvedValueOnce(recordInfo({ accessRequests: [] }))
      .mockResolvedValue(recordInfo({ accessRequests: [waiting] }));
    renderPage();
    await screen.findByTestId('record-detail');
    expect(screen.queryByTestId('record-requests')).toBeNull();
    act(() =>
      fake.push({
        msgType: 'new_message',
        message: message(1, {
          pushType: 'apply',
          recordId: 'rec-1',
          permissionRequestId: 'req-7',
          subType: 'request',
        }),
        unread: 1,
      }),
    );
    expect((await screen.findByTestId('record-request-name')).textContent).toBe('Bo Lee');
  });

  test("the requester's page opens the recording when the approval is pushed, without a reload", async () => {
    auth.token = 'token-bo';
    vi.spyOn(recordsApi, 'infoByUuid')
      .mockRejectedValueOnce(
        new ApiError(
          -1,
          'No access permissions currently',
          { recordId: 'rec-1', name: 'Weekly sync', ownerName: 'Ann', applyStatus: 1 },
          'noRecordAccess',
        ),
      )
      .mockResolvedValue(recordInfo({ isOwner: false, applyStatus: 2 }));
    renderPage();
    expect(await screen.findByTestId('record-apply-pending')).toBeTruthy();
    act(() =>
      fake.push({
        msgType: 'new_message',
        message: message(2, {
          pushType: 'apply',
          recordId: 'rec-1',
          permissionRequestId: 'req-7',
          subType: 'approved',
        }),
        unread: 1,
      }),
    );
    expect(await screen.findByTestId('record-player')).toBeTruthy();
    auth.token = 'token-owner';
  });
});
