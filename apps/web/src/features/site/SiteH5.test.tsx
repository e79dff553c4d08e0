import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../app/i18n';
import { serverConfigReply } from '../../test/server-config';
import { toolApi } from '../../api/tool-api';
import { SiteH5 } from './SiteH5';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(search: string, mobileAppUrl: string | null) {
  vi.spyOn(toolApi, 'serverConfig').mockResolvedValue(serverConfigReply({ mobileAppUrl }));
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/h5${search}`]}>
        <SiteH5 />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { writeText };
}

describe('the mobile page with an invite', () => {
  test('labels the meeting ID and explains joining from a computer', () => {
    setup('?conf_id=123456789', null);
    expect(screen.getByTestId('h5-meeting-id').textContent).toBe('Meeting ID 123 456 789');
    expect(screen.getByText(/open the invite link in Chrome or Edge on a computer/)).toBeTruthy();
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

  test('offers the mobile app when the server names it, and not otherwise', async () => {
    setup('?conf_id=123456789', 'https://apps.example.com/meet');
    const open = await screen.findByRole('link', { name: 'Open the mobile app' });
    expect(open.getAttribute('href')).toBe('https://apps.example.com/meet');
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
    expect(screen.getByRole('heading', { name: 'Meet works best on a computer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy invite link' })).toBeNull();
  });
});
