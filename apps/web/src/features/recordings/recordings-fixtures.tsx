/**
 * Recordings and messages as the server answers them (packages/shared/src/api/records.ts), and
 * a render harness with a query client and a router, for the feature's tests.
 */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type {
  ApplyDetail,
  MessageContent,
  MessageItem,
  RecordInfo,
  RecordListItem,
} from '@meet/shared';
import type { RecordsPage } from '../../api/records-api';
import { MessageSocketProvider } from '../../message-socket/MessageSocketProvider';

export const T0 = Date.UTC(2025, 0, 16, 14, 3);

export function recordItem(extra: Partial<RecordListItem> = {}): RecordListItem {
  return {
    recordId: 'rec-1',
    name: 'Weekly sync',
    status: 'ready',
    progress: 100,
    stage: '',
    recordType: 'video',
    layout: 'speech',
    duration: 754,
    size: 48 * 1024 * 1024,
    startTime: T0,
    videoUrl: '/files/rec-1.mp4?sig=1',
    audioUrl: '/files/rec-1.m4a?sig=1',
    previewImg: '/files/rec-1.jpg?sig=1',
    conferenceId: '123456789',
    conferenceName: 'Weekly sync',
    isOwner: true,
    shareScope: 'private',
    ...extra,
  };
}

export function recordsPage(list: RecordListItem[], extra: Partial<RecordsPage> = {}): RecordsPage {
  return {
    list,
    pageNum: 1,
    usedBytes: 300 * 1024 * 1024,
    quotaBytes: 1024 ** 3,
    ...extra,
  };
}

export function recordInfo(extra: Partial<RecordInfo> = {}): RecordInfo {
  return {
    ...recordItem(),
    transcript: [
      {
        speakerId: 1,
        speakerName: 'Ann',
        text: 'Welcome everyone, let us start with the budget.',
        startTime: 2000,
        endTime: 6000,
        origin: 'captions',
      },
      {
        speakerId: 2,
        speakerName: 'Bob',
        text: 'The budget is on track for this quarter.',
        startTime: 65_000,
        endTime: 70_000,
        origin: 'speech',
      },
    ],
    minutes: 'The budget is on track.\nNext: hiring.',
    chapters: [
      { startTime: 0, title: 'Opening' },
      { startTime: 60_000, title: 'Budget' },
    ],
    summaryEngine: 'Extractive (built-in)',
    summaryStatus: 'ready',
    applyStatus: 0,
    ownerName: 'Ann',
    ...extra,
  };
}

export function message(
  messageId: number,
  content: MessageContent,
  extra: Partial<MessageItem> = {},
): MessageItem {
  return {
    messageId,
    ctime: T0 - messageId * 60_000,
    pushType: content.pushType,
    content: JSON.stringify(content),
    isUnread: true,
    ...extra,
  };
}

export function applyDetail(extra: Partial<ApplyDetail> = {}): ApplyDetail {
  return {
    permissionRequestId: 'req-1',
    status: 1,
    reason: 'I missed the meeting',
    applicantName: 'Carol',
    recordInfo: {
      recordId: 'rec-1',
      filename: 'Weekly sync',
      previewImg: '/files/rec-1.jpg?sig=1',
      duration: 754,
      startTime: T0,
    },
    ...extra,
  };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders `ui` at `path` (matched by `route`), with the current address in `where`. */
export function renderRoute(
  ui: ReactNode,
  { path = '/', route = '*', client = testQueryClient() } = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      <MessageSocketProvider auth={null}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path={route}
              element={
                <>
                  {ui}
                  <Where />
                </>
              }
            />
            {route !== '*' && <Route path="*" element={<Where />} />}
          </Routes>
        </MemoryRouter>
      </MessageSocketProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
