import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { calendarApi } from '../../api/calendar-api';
import { IntegrationsDialog } from './IntegrationsDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const FIRST = 'http://meet.test/calendar/first-token-aaaaaaaaaaaaaaaa.ics';
const SECOND = 'http://meet.test/calendar/second-token-bbbbbbbbbbbbbbb.ics';

function open() {
  const onViewed = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntegrationsDialog onClose={onClose} onViewed={onViewed} />
    </QueryClientProvider>,
  );
  return { onViewed, onClose };
}

describe('the Integrations dialog', () => {
  test('shows the private address with instructions for the three calendar apps, and counts as viewed', async () => {
    vi.spyOn(calendarApi, 'feed').mockResolvedValue({ url: FIRST });
    const { onViewed } = open();
    expect(onViewed).toHaveBeenCalledTimes(1);
    const field = screen.getByRole('textbox', { name: 'Your private calendar address' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(FIRST));
    for (const app of ['Google Calendar', 'Outlook', 'Apple Calendar'])
      expect(screen.getByText(app)).toBeTruthy();
  });

  test('Copy puts the address on the clipboard', async () => {
    vi.spyOn(calendarApi, 'feed').mockResolvedValue({ url: FIRST });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    const copy = screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement;
    await waitFor(() => expect(copy.disabled).toBe(false));
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
  });

  test('Reset link asks first; confirmed, the new address replaces the old one', async () => {
    vi.spyOn(calendarApi, 'feed').mockResolvedValue({ url: FIRST });
    const reset = vi.spyOn(calendarApi, 'resetFeed').mockResolvedValue({ url: SECOND });
    open();
    const field = screen.getByRole('textbox', { name: 'Your private calendar address' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(FIRST));
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByText(/stops working at once/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reset).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(SECOND));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  test('an address that cannot be loaded says so and can be asked for again', async () => {
    const feed = vi
      .spyOn(calendarApi, 'feed')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ url: FIRST });
    open();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      'Your calendar address could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const field = screen.getByRole('textbox', { name: 'Your private calendar address' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(FIRST));
    expect(feed).toHaveBeenCalledTimes(2);
  });
});
