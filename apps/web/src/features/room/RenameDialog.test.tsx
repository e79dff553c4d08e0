import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { NICKNAME_MAX_MEETING } from '@meet/shared';
import '../../i18n/i18n';
import { hostApi } from '../../api/host-api';
import type { RoomClientHandle } from '../../room-client/types';
import { RenameDialog } from './RenameDialog';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup() {
  const client = { setDisplayName: vi.fn() } as unknown as RoomClientHandle;
  const onClose = vi.fn();
  render(
    <RoomProvider
      client={client}
      store={createRoomStore()}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <RenameDialog current="Ada" onClose={onClose} />
    </RoomProvider>,
  );
  const name = screen.getByRole('textbox', {
    name: 'Your name in this meeting',
  }) as HTMLInputElement;
  const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  return { client, onClose, name, save };
}

describe('renaming myself in the meeting', () => {
  test('a short name shows no counter; near the limit it does', () => {
    const { name } = setup();
    expect(screen.queryByTestId('char-count')).toBeNull();
    fireEvent.change(name, { target: { value: 'x'.repeat(25) } });
    expect(screen.getByTestId('char-count').textContent).toBe(`25/${NICKNAME_MAX_MEETING}`);
  });

  test('past the limit nothing is cut: the field says so and Save waits', async () => {
    const update = vi.spyOn(hostApi, 'updateNickname').mockResolvedValue(null as never);
    const { name, save, client } = setup();
    expect(name.maxLength).toBe(-1);
    const long = 'x'.repeat(NICKNAME_MAX_MEETING + 2);
    fireEvent.change(name, { target: { value: long } });
    expect(name.value).toBe(long);
    expect(screen.getByTestId('char-count').textContent).toBe(`32/${NICKNAME_MAX_MEETING}`);
    expect(screen.getByRole('alert').textContent).toBe('Your name can be at most 30 characters');
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'x'.repeat(NICKNAME_MAX_MEETING) } });
    expect(save.disabled).toBe(false);
    await act(async () => fireEvent.click(save));
    expect(update).toHaveBeenCalledWith('123456789', 'x'.repeat(30), { silent: true });
    expect(client.setDisplayName).toHaveBeenCalledWith('x'.repeat(30));
  });
});
