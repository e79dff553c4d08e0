/**
 * Entry: a browser without a media handler (SPEC.md section 9: Chrome 70, the old Edge, Internet
 * Explorer) gets the message box only; every other one, desktop or phone, gets the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { isSupportedBrowser } from '@meet/shared';
import './app/global.css';
import './ui/ui.css';
import { i18nReady } from './i18n/i18n';
import { Providers, createQueryClient } from './app/providers';
import { AppRouter, preloadPages } from './app/router';
import { UnsupportedBrowser } from './app/UnsupportedBrowser';

// The page's Content Security Policy forbids eval: zod must not probe for it (the probe alone
// would be reported as a violation).
z.config({ jitless: true });

const root = createRoot(document.getElementById('root')!);
const ua = navigator.userAgent;
const supported = isSupportedBrowser(ua);
const queryClient = createQueryClient();

// The first render waits for the texts (in Chinese, their chunk); the pages of the opening
// address download meanwhile, side by side.
if (supported) preloadPages(window.location.pathname);
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <Providers client={queryClient}>
        {supported ? <AppRouter /> : <UnsupportedBrowser />}
      </Providers>
    </StrictMode>,
  ),
);

// The installable app: the service worker keeps the app shell (public/sw.js), never API replies.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
