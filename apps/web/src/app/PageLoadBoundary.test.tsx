import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import '../i18n/i18n';
import { PageLoadBoundary } from './PageLoadBoundary';

test('a page whose chunk fails to load says so and offers a reload', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = lazy(() =>
    Promise.reject(new Error('Failed to fetch dynamically imported module')),
  );
  render(
    <PageLoadBoundary>
      <Suspense fallback={null}>
        <Broken />
      </Suspense>
    </PageLoadBoundary>,
  );
  expect((await screen.findByTestId('page-load-failed')).textContent).toContain(
    'This page could not be loaded',
  );
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
});
