/**
 * The Avatar tab's behaviour: the characters that ship (from `/tool/getVirtualPersonList`),
 * choosing one or none, applied at once to what is sent and remembered on this device, and the
 * tab's "New" hint until visited. A failure of the avatar, or Magic Cam starting, turns it off
 * (EffectsButton forgets it): the tab shows None chosen again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AvatarId, VirtualPerson } from '@meet/shared';
import { ApiError } from '../../api/client';
import { toolApi } from '../../api/tool-api';
import { useRoomClient } from '../room-core/RoomContext';
import {
  AVATAR_ENDED,
  avatarHintVisited,
  loadAvatarSetting,
  saveAvatarSetting,
  visitAvatarHint,
} from './avatar-setting';

export function useAvatar() {
  const client = useRoomClient();
  const [chosen, setChosen] = useState<AvatarId | null>(loadAvatarSetting);
  const [characters, setCharacters] = useState<VirtualPerson[] | null>(null);
  /** Why the list could not be had (the server's text, in the user's language). */
  const [listError, setListError] = useState<string | null>(null);
  const [visited, setVisited] = useState(avatarHintVisited);

  useEffect(() => {
    let live = true;
    toolApi.virtualPersonList({ silent: true }).then(
      ({ list }) => live && setCharacters(list),
      (error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        if (!live) return;
        setCharacters([]);
        setListError(error.message);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(
    () =>
      client.on('error', (key) => {
        if (AVATAR_ENDED.has(key)) setChosen(null);
      }),
    [client],
  );

  const choose = useCallback(
    (id: AvatarId | null) => {
      setChosen(id);
      saveAvatarSetting(id);
      void client.setAvatar(id);
    },
    [client],
  );

  return {
    characters,
    listError,
    chosen,
    choose,
    isNew: !visited,
    visit: () => {
      if (visited) return;
      visitAvatarHint();
      setVisited(true);
    },
  };
}
