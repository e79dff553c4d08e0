/**
 * The route table of SPEC.md section 2. Every page is loaded lazily so the first screen only
 * downloads what it shows; the redirects live in RouteGuard (routing-rules.ts).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => null,
    children: [
      // '/' and '/home' only redirect (RouteGuard) and render nothing themselves.
      { index: true, Component: () => null },
      { path: 'h5', ...page(() => import('../pages/SiteH5Page')) },
      {
        path: 'home',
        ...page(() => import('../pages/HomePage')),
        children: [
          { index: true, Component: () => null },
          { path: 'meetings', ...page(() => import('../pages/HomeMeetingPage')) },
          { path: 'recording', ...page(() => import('../pages/HomeRecordingPage')) },
        ],
      },
      { path: 'signin', ...page(() => import('../pages/SigninPage')) },
      { path: 'signup', ...page(() => import('../pages/SignUpPage')) },
      { path: 'binding', ...page(() => import('../pages/BindingPage')) },
      { path: 'forgot-password', ...page(() => import('../pages/ForgotPasswordPage')) },
      { path: 'meeting/:conferenceId', ...page(() => import('../pages/MeetingPage')) },
      { path: 'i/:conferenceId?', ...page(() => import('../pages/InvitePage')) },
      { path: 'create', ...page(() => import('../pages/CreatePage')) },
      { path: 'join', ...page(() => import('../pages/JoinPage')) },
      { path: 'rec/:id?', ...page(() => import('../pages/RecordPage')) },
      { path: 'scan/:scanId', ...page(() => import('../pages/ScanPage')) },
      { path: '*', Component: () => null },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
