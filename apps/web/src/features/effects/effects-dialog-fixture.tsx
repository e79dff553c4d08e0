/**
 * Tests of the effects dialog: the dialog rendered in a room whose client is a recorder of the
 * calls the dialog makes, and a way to raise the client's `error` events.
 */
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { SystemSetting } from '@meet/shared';
import { toolApi } from '../../api/tool-api';
import { serverConfigReply } from '../../test/server-config';
import type { RoomClientHandle } from '../../room-client/types';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';
import { EffectsDialog } from './EffectsDialog';

const CALLS = [
  'setBackground',
  'setBeauty',
  'setAvatar',
  'setVoice',
  'previewVoice',
  'switchDevice',
] as const;
type Call = (typeof CALLS)[number];

/** The server's System setting says what `offered` changes (both effects are offered by default). */
export function offerEffects(offered: Partial<SystemSetting> = {}): void {
  const reply = serverConfigReply();
  reply.systemSetting = { ...reply.systemSetting, ...offered };
  vi.spyOn(toolApi, 'serverConfig').mockResolvedValue(reply);
}

export async function renderEffectsDialog(
  onClose: () => void = () => undefined,
  offered: Partial<SystemSetting> = {},
): Promise<Record<Call, ReturnType<typeof vi.fn>> & { fail: (key: string) => void }> {
  const listeners: ((key: string) => void)[] = [];
  const calls = Object.fromEntries(
    CALLS.map((name) => [name, vi.fn().mockResolvedValue(undefined)]),
  ) as Record<Call, ReturnType<typeof vi.fn>>;
  const client = {
    ...calls,
    on: (_event: string, listener: (key: string) => void) => {
      listeners.push(listener);
      return () => undefined;
    },
    tracks: { get: () => undefined },
  } as unknown as RoomClientHandle;
  offerEffects(offered);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RoomProvider
        client={client}
        store={createRoomStore()}
        meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
      >
        <EffectsDialog onClose={onClose} />
      </RoomProvider>
    </QueryClientProvider>,
  );
  await act(async () => undefined);
  return { ...calls, fail: (key: string) => act(() => listeners.forEach((l) => l(key))) };
}
