import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MAGIC_PUBLISH_STATUS as S, type MagicStyle } from '@meet/shared';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { magicApi } from '../../api/magic-api';
import * as toasts from '../../ui/toast-store';
import { MagicCatalogue } from './MagicCatalogue';
import { page, style } from './magic-fixtures';

const template = style({
  id: 'system-watercolor',
  type: 'system',
  name: 'Watercolor',
  prompt: 'watercolor painting',
  creatorName: null,
  hot: 4,
});
const community = style({ id: 'c1', name: 'Neon me', prompt: 'neon, only me', hot: 7 });

function renderCatalogue(onUse = vi.fn<(s: MagicStyle) => void>()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MagicCatalogue onUse={onUse} />
    </QueryClientProvider>,
  );
  return onUse;
}

const card = (id: string) => screen.getByTestId(`magic-style-${id}`);

beforeEach(() => {
  vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(magicApi, 'getHotFreeStyleMagic').mockResolvedValue(page([community]));
  vi.spyOn(magicApi, 'getSystemStyleMagic').mockResolvedValue(page([template]));
  vi.spyOn(magicApi, 'getMyFreeStyleMagicList').mockResolvedValue(page([]));
  vi.spyOn(magicApi, 'getMyFavoriteMagic').mockResolvedValue(page([]));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Magic Cam catalogue', () => {
  test('opens on Hot, each card shows its name, prompt, popularity and author, and Use hands the style over', async () => {
    const onUse = renderCatalogue();
    expect(screen.getByTestId('magic-tab-hot').getAttribute('aria-selected')).toBe('true');
    const hot = await screen.findByTestId('magic-style-c1');
    expect(within(hot).getByText('Neon me')).toBeTruthy();
    expect(within(hot).getByText('neon, only me')).toBeTruthy();
    expect(within(hot).getByTestId('magic-hot-c1').textContent).toContain('7');
    expect(within(hot).getByText('by Ada')).toBeTruthy();
    // No cover: the name's initials, not a picture pretending to be the style.
    expect(hot.querySelector('img')).toBeNull();
    expect(hot.textContent).toContain('NM');
    fireEvent.click(screen.getByTestId('magic-use-c1'));
    expect(onUse).toHaveBeenCalledWith(community);

    fireEvent.click(screen.getByTestId('magic-tab-templates'));
    expect(await screen.findByTestId('magic-style-system-watercolor')).toBeTruthy();
    // A template is nobody's to subscribe to.
    expect(screen.queryByTestId('magic-subscribe-system-watercolor')).toBeNull();
  });

  test('a favourited template shows its star on and is listed under Favourites', async () => {
    const favourite = { ...template, favorite: true, hot: 5 };
    vi.spyOn(magicApi, 'favoriteById').mockResolvedValue(favourite);
    renderCatalogue();
    fireEvent.click(screen.getByTestId('magic-tab-templates'));
    fireEvent.click(await screen.findByTestId('magic-favorite-system-watercolor'));
    await waitFor(() =>
      expect(
        screen.getByTestId('magic-favorite-system-watercolor').getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(magicApi.favoriteById).toHaveBeenCalledWith('system-watercolor');
    expect(screen.getByTestId('magic-hot-system-watercolor').textContent).toContain('5');

    vi.mocked(magicApi.getMyFavoriteMagic).mockResolvedValue(page([favourite]));
    fireEvent.click(screen.getByTestId('magic-tab-favorites'));
    expect(await screen.findByTestId('magic-style-system-watercolor')).toBeTruthy();
  });

  test("subscribing to someone's style raises its count and the button says Subscribed", async () => {
    vi.spyOn(magicApi, 'subscribe').mockResolvedValue({ ...community, subscribed: true, hot: 8 });
    renderCatalogue();
    fireEvent.click(await screen.findByTestId('magic-subscribe-c1'));
    await waitFor(() =>
      expect(screen.getByTestId('magic-subscribe-c1').textContent).toBe('Subscribed'),
    );
    expect(screen.getByTestId('magic-hot-c1').textContent).toContain('8');
  });

  test('my style being published reads Publishing… until the status poll says Published', async () => {
    const mine = style({
      id: 'm1',
      mine: true,
      status: S.publishing,
      name: 'Mine',
      creatorName: 'Me',
    });
    vi.mocked(magicApi.getMyFreeStyleMagicList).mockResolvedValue(page([mine]));
    const poll = vi
      .spyOn(magicApi, 'queryFreeStyleMagicStatus')
      .mockResolvedValueOnce({ list: [{ id: 'm1', status: S.publishing }] })
      .mockResolvedValue({ list: [{ id: 'm1', status: S.published }] });
    renderCatalogue();
    fireEvent.click(screen.getByTestId('magic-tab-mine'));
    const status = await screen.findByTestId('magic-publish-status-m1');
    expect(status.textContent).toBe('Publishing…');
    expect(screen.getByTestId('magic-cancel-m1')).toBeTruthy();
    await waitFor(() => expect(poll).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('magic-publish-status-m1').textContent).toBe('Publishing…');
    expect(screen.queryByTestId('magic-cover-m1')).toBeNull();
    // The publish job has made the cover by the next ask, about 2 s later.
    vi.mocked(magicApi.getMyFreeStyleMagicList).mockResolvedValue(
      page([{ ...mine, status: S.published, cover: '/files/m1.jpg' }]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('magic-publish-status-m1').textContent).toBe('Published'),
    );
    expect(poll).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(screen.getByTestId('magic-cover-m1').getAttribute('src')).toBe('/files/m1.jpg'),
    );
    expect(poll).toHaveBeenCalledWith(['m1'], { silent: true });
    expect(screen.queryByTestId('magic-cancel-m1')).toBeNull();
  });

  test.each([
    ['a failed style offers Retry', S.failed, 'retry', 'retry'],
    ['a cancelled style offers Publish again', S.cancelled, 'republish', 'republish'],
    ['a style being published can be cancelled', S.publishing, 'cancel', 'cancel'],
  ] as const)('%s', async (_name, status, button, call) => {
    const mine = style({ id: 'm2', mine: true, status });
    vi.mocked(magicApi.getMyFreeStyleMagicList).mockResolvedValue(page([mine]));
    vi.spyOn(magicApi, 'queryFreeStyleMagicStatus').mockResolvedValue({ list: [] });
    const action = vi
      .spyOn(magicApi, call)
      .mockResolvedValue({ ...mine, status: call === 'cancel' ? S.cancelled : S.publishing });
    renderCatalogue();
    fireEvent.click(screen.getByTestId('magic-tab-mine'));
    fireEvent.click(await screen.findByTestId(`magic-${button}-m2`));
    await waitFor(() => expect(action).toHaveBeenCalledWith('m2'));
    await waitFor(() =>
      expect(screen.getByTestId('magic-publish-status-m2').textContent).toBe(
        call === 'cancel' ? 'Publishing cancelled' : 'Publishing…',
      ),
    );
  });

  test('delete asks first, and confirming removes the card', async () => {
    const mine = style({ id: 'm3', mine: true, status: S.published, name: 'Gone soon' });
    vi.mocked(magicApi.getMyFreeStyleMagicList).mockResolvedValue(page([mine]));
    const remove = vi.spyOn(magicApi, 'remove').mockResolvedValue(null);
    renderCatalogue();
    fireEvent.click(screen.getByTestId('magic-tab-mine'));
    fireEvent.click(await screen.findByTestId('magic-delete-m3'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this style?' });
    expect(dialog.textContent).toContain('Gone soon');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('magic-style-m3')).toBeNull());
    expect(remove).toHaveBeenCalledWith('m3');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('"Load more" asks for the next page while the server says there are more', async () => {
    vi.mocked(magicApi.getHotFreeStyleMagic).mockImplementation(async ({ page: n = 1 } = {}) =>
      n === 1 ? page([community], true) : page([style({ id: 'c2', name: 'Second page' })]),
    );
    renderCatalogue();
    fireEvent.click(await screen.findByTestId('magic-more'));
    expect(await screen.findByTestId('magic-style-c2')).toBeTruthy();
    expect(card('c1')).toBeTruthy();
    expect(magicApi.getHotFreeStyleMagic).toHaveBeenLastCalledWith(
      { page: 2, pageSize: 20 },
      { silent: true },
    );
    expect(screen.queryByTestId('magic-more')).toBeNull();
  });

  test('a list that fails to load says so and tries again on request', async () => {
    vi.mocked(magicApi.getHotFreeStyleMagic).mockRejectedValueOnce(new ApiError(-1, 'boom'));
    renderCatalogue();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('magic-style-c1')).toBeTruthy();
  });

  test('an empty tab says what would be there', async () => {
    renderCatalogue();
    fireEvent.click(screen.getByTestId('magic-tab-favorites'));
    expect(await screen.findByText('No favourites yet')).toBeTruthy();
  });
});
