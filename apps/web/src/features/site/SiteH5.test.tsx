import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { serverConfigReply } from '../../test/server-config';
import { toolApi } from '../../api/tool-api';
import { SiteH5 } from './SiteH5';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function setup(search: string, mobileAppUrl: string | null) {
  vi.spyOn(toolApi, 'serverConfig').mockResolvedValue(serverConfigReply({ mobileAppUrl }));
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/h5${search}`]}>
        <Routes>
          <Route path="/h5" element={<SiteH5 />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { writeText };
}

describe('the mobile page with an invite', () => {
  test('labels the meeting ID and offers joining here, not only on a computer', () => {
    setup('?conf_id=123456789', null);
    expect(screen.getByTestId('h5-meeting-id').textContent).toBe('Meeting ID 123 456 789');
    expect(screen.getByText(/Join right here in your phone's browser/)).toBeTruthy();
    expect(screen.queryByText(/Chrome or Edge/)).toBeNull();
  });

  test('"Join in this browser" opens the invite of that meeting', () => {
    setup('?conf_id=123-456-789', null);
    const join = screen.getByTestId('join-in-browser');
    expect(join.textContent).toBe('Join in this browser');
    expect(join.getAttribute('href')).toBe('/i/123456789');
    fireEvent.click(join);
    expect(screen.getByTestId('where').textContent).toBe('/i/123456789');
  });

  test('copies the invite link and the meeting ID', async () => {
    const { writeText } = setup('?conf_id=123456789', null);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' })),
    );
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/i/123456789`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy meeting ID' })));
    expect(writeText).toHaveBeenLastCalledWith('123 456 789');
  });

  test('offers the mobile app with its QR code when the server names it, and not otherwise', async () => {
    setup('?conf_id=123456789', 'https://apps.example.com/meet');
    const open = await screen.findByRole('link', { name: 'Open the mobile app' });
    expect(open.getAttribute('href')).toBe('https://apps.example.com/meet');
    expect(await screen.findByTestId('mobile-app-qr')).toBeTruthy();
    cleanup();
    setup('?conf_id=123456789', null);
    await waitFor(() => expect(toolApi.serverConfig).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Open the mobile app' })).toBeNull();
  });
});

describe('the mobile page without an invite', () => {
  test.each([[''], ['?conf_id=12ab']])('"%s" shows no meeting ID, only what works', (search) => {
    setup(search, null);
    expect(screen.queryByTestId('h5-meeting-id')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Meet on your phone' })).toBeTruthy();
    expect(screen.queryByText(/Chrome or Edge/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy invite link' })).toBeNull();
  });

  test.each([[''], ['?conf_id=12ab']])(
    '"%s": "Join in this browser" opens the join page, and sign-in is offered',
    (search) => {
      setup(search, null);
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
      fireEvent.click(screen.getByTestId('join-in-browser'));
      expect(screen.getByTestId('where').textContent).toBe('/join');
    },
  );
});

describe('the mobile page in Chinese', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  test('says to join in this browser, and nothing of Chrome, Edge or a computer', async () => {
    await i18n.changeLanguage('zh');
    setup('', null);
    expect(screen.getByTestId('join-in-browser').textContent).toBe('在此浏览器中入会');
    expect(screen.getByRole('heading', { name: '在手机上使用 Meet' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Chrome|Edge|电脑/);
    cleanup();
    setup('?conf_id=123456789', null);
    expect(screen.getByTestId('join-in-browser').getAttribute('href')).toBe('/i/123456789');
    expect(document.body.textContent).not.toMatch(/Chrome|Edge|电脑/);
  });
});
