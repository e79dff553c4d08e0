import { describe, expect, test } from 'vitest';
import type { MessageContent } from '@meet/shared';
import { actionOf, applyPartiesOf, headlineOf, parseContent } from './message-content';

const request: MessageContent = {
  pushType: 'apply',
  recordId: 'rec-1',
  permissionRequestId: 'req-1',
  subType: 'request',
};

describe('message center entries', () => {
  test.each([
    [
      'an access request',
      request,
      'applyRequest',
      { kind: 'applyDetail', recordId: 'rec-1', permissionRequestId: 'req-1' },
    ],
    [
      'an approved request',
      { ...request, subType: 'approved' },
      'applyApproved',
      { kind: 'navigate', to: '/rec/rec-1' },
    ],
    [
      'a denied request',
      { ...request, subType: 'denied' },
      'applyDenied',
      { kind: 'navigate', to: '/rec/rec-1' },
    ],
    [
      'a recording ready',
      { pushType: 'record', recordId: 'r 2', status: 'ready', name: 'Sync' },
      'recordReady',
      { kind: 'navigate', to: '/rec/r%202' },
    ],
    [
      'a recording that failed',
      { pushType: 'record', recordId: 'r2', status: 'failed', name: 'Sync' },
      'recordFailed',
      { kind: 'navigate', to: '/home/recording' },
    ],
    [
      'a business notice',
      { pushType: 'business', cover: '', detail: 'News' },
      'business',
      { kind: 'none' },
    ],
  ] as const)('%s reads %s and opens %j', (_name, content, headline, action) => {
    const parsed = parseContent({ content: JSON.stringify(content) });
    expect(parsed).toEqual(content);
    expect(headlineOf(parsed)).toBe(headline);
    expect(actionOf(parsed)).toEqual(action);
  });

  test.each([
    ['not JSON', '{'],
    ['an unknown push type', JSON.stringify({ pushType: 'poll' })],
    ['an apply without its request', JSON.stringify({ pushType: 'apply', recordId: 'r' })],
  ])('content that is %s is still listed, as a plain notice that opens nothing', (_name, raw) => {
    const parsed = parseContent({ content: raw });
    expect(parsed).toBeNull();
    expect(headlineOf(parsed)).toBe('unknown');
    expect(actionOf(parsed)).toEqual({ kind: 'none' });
  });
});

describe('who asked for which recording', () => {
  test.each([
    [
      'a request with its parties',
      { ...request, applicantName: 'Bo', applicantEmail: 'bo@x.io', recordName: 'Sync' },
      { name: 'Bo', email: 'bo@x.io', record: 'Sync' },
    ],
    [
      'an answer naming its recording',
      { ...request, subType: 'approved', recordName: 'Sync' },
      { name: '', email: '', record: 'Sync' },
    ],
    ['a request from before names were kept', request, null],
    [
      'a recording notice',
      { pushType: 'record', recordId: 'r', status: 'ready', name: 'Sync' },
      null,
    ],
  ] as const)('%s', (_name, content, parties) => {
    expect(applyPartiesOf(parseContent({ content: JSON.stringify(content) }))).toEqual(parties);
  });

  test('fields of the wrong type are dropped, the message still reads', () => {
    const parsed = parseContent({ content: JSON.stringify({ ...request, applicantName: 7 }) });
    expect(parsed).toEqual(request);
  });
});
