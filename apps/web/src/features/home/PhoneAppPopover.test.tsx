import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import qrcode from 'qrcode-generator';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { serverConfigReply } from '../../test/server-config';
import { toolApi } from '../../api/tool-api';
import { PhoneAppPopover } from './PhoneAppPopover';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const APP_URL = 'https://apps.example.com/meet?from=web';

function setup(mobileAppUrl: string | null) {
  vi.spyOn(toolApi, 'serverConfig').mockResolvedValue(serverConfigReply({ mobileAppUrl }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <header>
        <PhoneAppPopover />
      </header>
    </QueryClientProvider>,
  );
}

/** The dark modules of a real QR code of `text`, as the SVG path draws them. */
function modulesOf(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  let d = '';
  for (let row = 0; row < qr.getModuleCount(); row++)
    for (let col = 0; col < qr.getModuleCount(); col++)
      if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  return d;
}

describe('the phone app popover', () => {
  test('shows a real QR code of the configured link, with the link written under it', async () => {
    setup(APP_URL);
    const button = await screen.findByRole('button', { name: 'Get the mobile app' });
    fireEvent.focus(button);
    const qr = await screen.findByRole('img', { name: 'QR code of the mobile app link' });
    expect(qr.querySelector('path')!.getAttribute('d')).toBe(modulesOf(APP_URL));
    const link = screen.getByRole('link', { name: APP_URL });
    expect(link.getAttribute('href')).toBe(APP_URL);
  });

  test('opens on hover and on click, and Escape closes it', async () => {
    setup(APP_URL);
    const button = await screen.findByRole('button', { name: 'Get the mobile app' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(button.parentElement!);
    expect(await screen.findByRole('dialog', { name: 'Get the mobile app' })).toBeTruthy();
  });

  test.each([
    ['no link is configured', null],
    ['the link is not a web address', 'javascript:alert(1)'],
  ])('without a usable link (%s) there is no phone icon at all', async (_name, url) => {
    setup(url);
    await waitFor(() => expect(toolApi.serverConfig).toHaveBeenCalled());
    // Let the query settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Get the mobile app' })).toBeNull();
    expect(document.querySelector('header')!.innerHTML).toBe('');
  });
});
