import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { serverConfigReply } from '../../test/server-config';
import { toolApi } from '../../api/tool-api';
import { AboutDialog, legalLinks } from './AboutDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(config: Parameters<typeof serverConfigReply>[0] | Error) {
  const spy = vi.spyOn(toolApi, 'serverConfig');
  if (config instanceof Error) spy.mockRejectedValue(config);
  else spy.mockResolvedValue(serverConfigReply(config));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AboutDialog onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('About', () => {
  test('links the built-in /privacy and /terms pages when the server names none', async () => {
    setup({});
    await waitFor(() => expect(toolApi.serverConfig).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/terms',
    );
  });

  test("links the operator's pages when the server config names them (PRIVACY_URL, TERMS_URL)", async () => {
    setup({ privacyUrl: 'https://legal.example.com/p', termsUrl: 'https://legal.example.com/t' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
        'https://legal.example.com/p',
      ),
    );
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      'https://legal.example.com/t',
    );
  });

  test('keeps the built-in pages when the config cannot be had', async () => {
    setup(new Error('offline'));
    await waitFor(() => expect(toolApi.serverConfig).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  test.each([
    [undefined, { privacy: '/privacy', terms: '/terms' }],
    [{ privacyUrl: 'javascript:alert(1)' }, { privacy: '/privacy', terms: '/terms' }],
    [{ termsUrl: 'http://x.test/t' }, { privacy: '/privacy', terms: 'http://x.test/t' }],
  ])('legalLinks(%j) is %j', (config, expected) => {
    expect(legalLinks(config)).toEqual(expected);
  });
});
