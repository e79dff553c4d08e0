import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { captionsApi } from '../../api/captions-api';
import * as toasts from '../../ui/toast-store';
import { captionState, fakeClient, joined, pushedThen, renderInRoom } from './captions-fixtures';
import { CaptionsHostControls } from './CaptionsHostControls';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('the host’s caption controls', () => {
  test('captions for everyone off locks them; on turns them on for everyone', async () => {
    const fake = fakeClient();
    const locked = captionState({ asrStatus: 0, locked: true });
    const set = vi
      .spyOn(captionsApi, 'setAsrStatus')
      .mockImplementationOnce(pushedThen(fake, { state: locked }, locked))
      .mockImplementationOnce(pushedThen(fake, { state: captionState() }, captionState()));
    const { captions } = renderInRoom(<CaptionsHostControls />, {
      host: true,
      client: fake.client,
    });
    joined(captions);
    expect(input('captions-for-all').checked).toBe(true);
    await act(async () => fireEvent.click(input('captions-for-all')));
    expect(set).toHaveBeenLastCalledWith('uri-1', false, { silent: true });
    expect(captions.getState().meeting?.locked).toBe(true);
    expect(input('captions-for-all').checked).toBe(false);
    await act(async () => fireEvent.click(input('captions-for-all')));
    expect(set).toHaveBeenLastCalledWith('uri-1', true, { silent: true });
    expect(input('captions-for-all').checked).toBe(true);
  });

  test('allowing AI translation follows the click, and falls back when the server refuses', async () => {
    vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
    let refuse: (error: ApiError) => void = () => undefined;
    vi.spyOn(captionsApi, 'setTranslateAllowed').mockReturnValue(
      new Promise((_resolve, reject) => (refuse = reject)),
    );
    const { captions } = renderInRoom(<CaptionsHostControls />, { host: true });
    joined(captions, { translateAllowed: false });
    fireEvent.click(input('allow-translation'));
    expect(input('allow-translation').checked).toBe(true);
    await act(async () => refuse(new ApiError(-1, 'Only the host can do this')));
    expect(input('allow-translation').checked).toBe(false);
    expect(toasts.toast.error).toHaveBeenCalledWith('Only the host can do this');
  });
});
