import { describe, expect, test } from 'vitest';
import {
  authLostRedirect,
  decideRoute,
  matchRoute,
  safeFrom,
  type AuthState,
  type RouteDecision,
} from './routing-rules';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';
const OLD_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.0 Safari/537.36';
const CHROME_70 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36';
const IE = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const out: AuthState = { hasToken: false, isVisitor: false };
const visitor: AuthState = { hasToken: true, isVisitor: true };
const member: AuthState = { hasToken: true, isVisitor: false };

const stay: RouteDecision = { kind: 'stay' };
const to = (path: string): RouteDecision => ({ kind: 'redirect', to: path });

describe('matchRoute', () => {
  test.each([
    ['/', 'site', undefined],
    ['/home/', 'home', undefined],
    ['/home/meetings', 'homeMeeting', undefined],
    ['/meeting/123', 'meeting', '123'],
    ['/meeting', 'unknown', undefined],
    ['/i', 'invite', undefined],
    ['/i/987', 'invite', '987'],
    ['/rec/abc', 'record', 'abc'],
    ['/rec', 'record', undefined],
    ['/scan/abc123', 'scan', 'abc123'],
    ['/scan', 'unknown', undefined],
    ['/magic', 'magicWeb', undefined],
    ['/privacy', 'privacy', undefined],
    ['/terms/', 'terms', undefined],
    ['/nope', 'unknown', undefined],
    ['/home/other', 'unknown', undefined],
  ])('%s is %s', (path, name, id) => {
    expect(matchRoute(path)).toEqual(id ? { name, id } : { name });
  });
});

describe('decideRoute on a desktop Chrome', () => {
  test.each<[string, string, AuthState, RouteDecision]>([
    ['/', '', member, to('/home')],
    ['/home', '', member, to('/home/meetings')],
    ['/home', '', out, to('/signin?from=%2Fhome')],
    ['/home/meetings', '', visitor, to('/signin?from=%2Fhome%2Fmeetings')],
    ['/home/recording', '', out, to('/signin?from=%2Fhome%2Frecording')],
    ['/home/meetings', '', member, stay],
    ['/home', '?from=invite', member, { kind: 'visitorSignin', to: '/signin' }],
    ['/home', '?from=invite', out, { kind: 'visitorSignin', to: '/signin' }],
    ['/create', '', visitor, to('/signin?from=%2Fcreate')],
    ['/create', '', out, to('/signin?from=%2Fcreate')],
    ['/create', '', member, stay],
    ['/signin', '', member, to('/home')],
    ['/signup', '?from=%2Fcreate', member, to('/create')],
    ['/forgot-password', '?from=https://evil.example', member, to('/home')],
    ['/signin', '', visitor, stay],
    ['/signup', '', out, stay],
    ['/join', '', out, stay],
    ['/i/123', '', visitor, stay],
    ['/i', '', out, stay],
    ['/rec/5', '', out, stay],
    ['/binding', '', out, stay],
    ['/scan/abc', '', member, stay],
    ['/scan/abc', '', visitor, to('/signin?from=%2Fscan%2Fabc')],
    ['/scan/abc', '', out, to('/signin?from=%2Fscan%2Fabc')],
    ['/magic', '', member, stay],
    ['/magic', '', visitor, to('/signin?from=%2Fmagic')],
    ['/magic', '', out, to('/signin?from=%2Fmagic')],
    ['/h5', '', out, stay],
    // The legal pages About links to are for everyone, signed in or not.
    ['/privacy', '', out, stay],
    ['/privacy', '', member, stay],
    ['/terms', '', visitor, stay],
    ['/terms', '', out, stay],
    ['/somewhere/else', '', member, to('/home')],
  ])('%s%s', (pathname, search, auth, expected) => {
    expect(decideRoute({ pathname, search, auth, userAgent: CHROME, hasDeviceId: true })).toEqual(
      expected,
    );
  });

  test.each<[boolean, boolean, string | null, string, RouteDecision]>([
    [true, false, null, '/meeting/42', stay],
    [false, false, null, '/meeting/42', { kind: 'leaveMeeting', to: '/i/42' }],
    [true, true, null, '/meeting/42', { kind: 'leaveMeeting', to: '/i/42' }],
    // A reload of the meeting this tab joined stays on it (issue 29); of another, it does not.
    [true, true, '42', '/meeting/42', stay],
    [true, true, '43', '/meeting/42', { kind: 'leaveMeeting', to: '/i/42' }],
    [false, true, '42', '/meeting/42', { kind: 'leaveMeeting', to: '/i/42' }],
  ])(
    'meeting with device id %s, reload flag %s and this tab joined %s',
    (hasDeviceId, meetingReloadFlag, joinedMeetingId, pathname, expected) => {
      expect(
        decideRoute({
          pathname,
          search: '',
          auth: out,
          userAgent: CHROME,
          hasDeviceId,
          meetingReloadFlag,
          joinedMeetingId,
        }),
      ).toEqual(expected);
    },
  );
});

describe('decideRoute by browser', () => {
  test.each<[string, string, string, RouteDecision]>([
    ['Edge', EDGE, '/home/meetings', stay],
    ['Chrome 79', OLD_CHROME, '/join', stay],
    ['Chrome 70', CHROME_70, '/signin', { kind: 'unsupported' }],
    ['Internet Explorer', IE, '/rec/7', { kind: 'unsupported' }],
    ['Firefox', FIREFOX, '/signin', to('/home')],
    ['Firefox', FIREFOX, '/home/meetings', stay],
    ['Safari', SAFARI, '/home', to('/home/meetings')],
    ['Safari', SAFARI, '/rec/7', stay],
    ['Android', ANDROID, '/', to('/h5')],
    ['Android', ANDROID, '/home/meetings', stay],
    ['Android', ANDROID, '/create', stay],
    ['Android', ANDROID, '/signin', to('/home')],
    ['Android', ANDROID, '/join', stay],
    ['Android', ANDROID, '/rec/7', stay],
    ['Android', ANDROID, '/h5', stay],
    ['iPhone', IPHONE, '/i/555', stay],
    ['iPhone', IPHONE, '/meeting/555', stay],
    ['Android', ANDROID, '/scan/abc', stay],
    ['Android', ANDROID, '/magic', stay],
  ])('%s at %s', (_name, userAgent, pathname, expected) => {
    expect(
      decideRoute({ pathname, search: '', auth: member, userAgent, hasDeviceId: true }),
    ).toEqual(expected);
  });
});

test('a phone that is not signed in signs in before approving a QR sign-in or using Magic Cam', () => {
  for (const auth of [out, visitor]) {
    expect(
      decideRoute({
        pathname: '/scan/abc',
        search: '',
        auth,
        userAgent: IPHONE,
        hasDeviceId: true,
      }),
    ).toEqual(to('/signin?from=%2Fscan%2Fabc'));
    expect(
      decideRoute({ pathname: '/magic', search: '', auth, userAgent: IPHONE, hasDeviceId: true }),
    ).toEqual(to('/signin?from=%2Fmagic'));
  }
});

describe('after losing the sign-in', () => {
  test.each([
    ['/home/meetings', '/signin?from=%2Fhome%2Fmeetings'],
    ['/meeting/9', '/signin?from=%2Fmeeting%2F9'],
    ['/create', '/signin?from=%2Fcreate'],
    ['/magic', '/signin?from=%2Fmagic'],
    ['/join', null],
    ['/signin', null],
  ])('%s goes to %s', (pathname, expected) => {
    expect(authLostRedirect(pathname, '')).toBe(expected);
  });

  test.each([
    ['?from=/home/recording', '/home/recording'],
    ['?from=//evil.example', null],
    ['?from=http://evil.example', null],
    // Browsers read "\" as "/" and drop tabs: these are "//evil.example" (the server agrees).
    ['?from=/%5Cevil.example', null],
    ['?from=/%5C/evil.example', null],
    ['?from=/%09/evil.example', null],
    ['?from=/%255Cevil.example', null],
    ['?from=javascript:alert(1)', null],
    ['', null],
  ])('safeFrom(%s)', (search, expected) => {
    expect(safeFrom(search)).toBe(expected);
  });
});
