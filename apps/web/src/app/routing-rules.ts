/**
 * The routing rules of SPEC.md section 2 as pure decisions: given where the user is going, who
 * they are and their browser, where should they be sent instead (or null to stay).
 */
import { isMobileBrowser, isSupportedBrowser, safeSitePath } from '@meet/shared';

export type RouteName =
  | 'site'
  | 'siteH5'
  | 'home'
  | 'homeMeeting'
  | 'homeRecording'
  | 'signin'
  | 'signUp'
  | 'binding'
  | 'forgotPassword'
  | 'meeting'
  | 'invite'
  | 'create'
  | 'join'
  | 'record'
  /** /scan/{id}: approving a QR sign-in on a signed-in device (phones too). */
  | 'scan'
  /** /magic: Magic Cam on its own (SPEC.md's magicWeb; phones too), for a real account. */
  | 'magicWeb'
  /** /privacy and /terms: the built-in legal pages About links to, open to everyone. */
  | 'privacy'
  | 'terms'
  | 'unknown';

export interface MatchedRoute {
  name: RouteName;
  /** The conference id of /meeting/{id} and /i/{id}, the recording id of /rec/{id}. */
  id?: string;
}

const STATIC: Record<string, RouteName> = {
  '/': 'site',
  '/h5': 'siteH5',
  '/home': 'home',
  '/home/meetings': 'homeMeeting',
  '/home/recording': 'homeRecording',
  '/signin': 'signin',
  '/signup': 'signUp',
  '/binding': 'binding',
  '/forgot-password': 'forgotPassword',
  '/create': 'create',
  '/join': 'join',
  '/magic': 'magicWeb',
  '/privacy': 'privacy',
  '/terms': 'terms',
};

export function matchRoute(pathname: string): MatchedRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = STATIC[path];
  if (fixed) return { name: fixed };
  const scan = /^\/scan\/([^/]+)$/.exec(path);
  if (scan) return { name: 'scan', id: decodeURIComponent(scan[1]!) };
  const dynamic = /^\/(meeting|i|rec)(?:\/([^/]+))?$/.exec(path);
  if (dynamic) {
    const [, kind, raw] = dynamic;
    const id = raw === undefined ? undefined : decodeURIComponent(raw);
    if (kind === 'meeting') return id ? { name: 'meeting', id } : { name: 'unknown' };
    return { name: kind === 'i' ? 'invite' : 'record', ...(id ? { id } : {}) };
  }
  return { name: 'unknown' };
}

export interface AuthState {
  hasToken: boolean;
  isVisitor: boolean;
}

/** A real login: a token that is not a visitor's. */
export function isRealLogin(auth: AuthState): boolean {
  return auth.hasToken && !auth.isVisitor;
}

const LOGIN_REQUIRED: ReadonlySet<RouteName> = new Set([
  'home',
  'homeMeeting',
  'homeRecording',
  // Its styles, favourites and the credits it spends belong to an account.
  'magicWeb',
]);
const REAL_LOGIN_REQUIRED: ReadonlySet<RouteName> = new Set(['create', 'scan']);
const GUEST_ONLY: ReadonlySet<RouteName> = new Set(['signin', 'signUp', 'forgotPassword']);

export interface RouteInput {
  pathname: string;
  search: string;
  auth: AuthState;
  userAgent: string;
  /** Meeting needs a device id and no pending reload flag (SPEC.md section 2). */
  hasDeviceId?: boolean;
  meetingReloadFlag?: boolean;
  /**
   * The meeting this tab joined (its join payload, kept in sessionStorage across a reload): a
   * reload of that meeting's page stays there (issue 29), on the pre-join or back in the room.
   */
  joinedMeetingId?: string | null;
}

export type RouteDecision =
  | { kind: 'stay' }
  | { kind: 'redirect'; to: string }
  /** /home?from=invite: the caller stores the visitor login type, then goes to `to`. */
  | { kind: 'visitorSignin'; to: string }
  /**
   * Meeting opened without a device id, or reloaded without this tab's join of it: the caller
   * clears the flag.
   */
  | { kind: 'leaveMeeting'; to: string }
  | { kind: 'unsupported' };

/**
 * Only same-site paths are followed, so `from` cannot send the user to another origin; the
 * server keeps Google's `returnTo` by the same rule (safeSitePath).
 */
export function safeFrom(search: string): string | null {
  return safeSitePath(new URLSearchParams(search).get('from'));
}

function signinFor(pathname: string, search: string): string {
  return `/signin?from=${encodeURIComponent(pathname + search)}`;
}

export function decideRoute(input: RouteInput): RouteDecision {
  const { pathname, search, auth, userAgent } = input;
  const route = matchRoute(pathname);

  // Only a browser without a media handler (SPEC.md section 9) is turned away.
  if (!isSupportedBrowser(userAgent)) return { kind: 'unsupported' };

  // A phone has no app to go to (this product has none): it joins in its browser, and gets the
  // same pages, laid out for its screen. The site's address opens the mobile landing.
  switch (route.name) {
    case 'unknown':
      return { kind: 'redirect', to: '/home' };
    case 'site':
      return { kind: 'redirect', to: isMobileBrowser(userAgent) ? '/h5' : '/home' };
    case 'meeting':
      if (
        !input.hasDeviceId ||
        (input.meetingReloadFlag && (!route.id || input.joinedMeetingId !== route.id))
      ) {
        return {
          kind: 'leaveMeeting',
          to: route.id ? `/i/${encodeURIComponent(route.id)}` : '/home',
        };
      }
      return { kind: 'stay' };
    default:
      break;
  }

  if (route.name === 'home' && new URLSearchParams(search).get('from') === 'invite') {
    return { kind: 'visitorSignin', to: '/signin' };
  }
  if (LOGIN_REQUIRED.has(route.name) || REAL_LOGIN_REQUIRED.has(route.name)) {
    if (!isRealLogin(auth)) return { kind: 'redirect', to: signinFor(pathname, search) };
  }
  if (route.name === 'home') return { kind: 'redirect', to: '/home/meetings' };
  if (GUEST_ONLY.has(route.name) && isRealLogin(auth)) {
    return { kind: 'redirect', to: safeFrom(search) ?? '/home' };
  }
  return { kind: 'stay' };
}

/** Where a 203 or a token removed in another tab sends the user from this page, if anywhere. */
export function authLostRedirect(pathname: string, search: string): string | null {
  const { name } = matchRoute(pathname);
  if (LOGIN_REQUIRED.has(name) || REAL_LOGIN_REQUIRED.has(name) || name === 'meeting') {
    return signinFor(pathname, search);
  }
  return null;
}
