/**
 * The route table of SPEC.md section 2. Every page is its own chunk, loaded when first shown
 * (React.lazy), so the first screen only downloads what it shows; the redirects live in
 * RouteGuard (routing-rules.ts). The app has no loaders or actions, so a plain BrowserRouter does
 * (the data router alone would add about 15 KB gzip to every page). Navigations are transitions:
 * the current page stays until the next one's chunk has arrived.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoadBoundary } from './PageLoadBoundary';
import { RootLayout } from './RootLayout';

type PageModule = { default: ComponentType };
type PageRoute = RouteObject & { load?: () => Promise<PageModule>; children?: PageRoute[] };

/** A lazily loaded page; `load` fetches its chunk once, whether the router or a preload asks. */
function page(path: string, importPage: () => Promise<PageModule>, children?: PageRoute[]) {
  let loading: Promise<PageModule> | undefined;
  const load = () => (loading ??= importPage());
  const Page = lazy(load);
  return { path, load, element: <Page />, children } satisfies PageRoute;
}

const nothing: PageRoute = { index: true, element: null };

export const routes: PageRoute[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      // '/' and '/home' only redirect (RouteGuard) and render nothing themselves.
      nothing,
      page('h5', () => import('../pages/SiteH5Page')),
      page('home', () => import('../pages/HomePage'), [
        nothing,
        page('meetings', () => import('../pages/HomeMeetingPage')),
        page('recording', () => import('../pages/HomeRecordingPage')),
      ]),
      page('signin', () => import('../pages/SigninPage')),
      page('signup', () => import('../pages/SignUpPage')),
      page('binding', () => import('../pages/BindingPage')),
      page('forgot-password', () => import('../pages/ForgotPasswordPage')),
      page('meeting/:conferenceId', () => import('../pages/MeetingPage')),
      page('i/:conferenceId?', () => import('../pages/InvitePage')),
      page('create', () => import('../pages/CreatePage')),
      page('join', () => import('../pages/JoinPage')),
      page('rec/:id?', () => import('../pages/RecordPage')),
      page('scan/:scanId', () => import('../pages/ScanPage')),
      page('magic', () => import('../pages/MagicPage')),
      page('privacy', () => import('../pages/PrivacyPage')),
      page('terms', () => import('../pages/TermsPage')),
      { path: '*', element: null },
    ],
  },
];

/**
 * Starts loading every page `pathname` shows (a layout and the page inside it) side by side,
 * rather than each only once the one around it has rendered.
 */
export function preloadPages(pathname: string) {
  // A chunk that fails to arrive fails the page's own render, which reports it.
  for (const { route } of matchRoutes(routes, pathname) ?? [])
    route.load?.().catch(() => undefined);
}

function AppRoutes() {
  preloadPages(useLocation().pathname);
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <PageLoadBoundary>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </PageLoadBoundary>
    </BrowserRouter>
  );
}
