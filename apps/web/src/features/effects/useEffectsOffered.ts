/**
 * Which optional effects this deployment offers (SPEC.md's System setting: isVHumanEnabled,
 * isVVoiceEnabled from the server's config). Until the server has answered, both are offered,
 * as the server's defaults are; a remembered avatar or voice is switched off by `useOfferedOnly`
 * once the server says it is not offered.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toolApi } from '../../api/tool-api';
import type { RoomClient } from '../../room-client/room-client';
import { serverConfigKey } from '../mobile-app/useMobileAppUrl';

export interface EffectsOffered {
  avatars: boolean;
  voiceChanger: boolean;
}

export function useEffectsOffered(): EffectsOffered {
  const config = useQuery({
    queryKey: serverConfigKey,
    queryFn: () => toolApi.serverConfig(),
    staleTime: Infinity,
    retry: false,
  });
  const setting = config.data?.systemSetting;
  return {
    avatars: setting?.isVHumanEnabled ?? true,
    voiceChanger: setting?.isVVoiceEnabled ?? true,
  };
}

/** Turns off in `client` an avatar or a voice the deployment does not offer. */
export function useOfferedOnly(client: Pick<RoomClient, 'setAvatar' | 'setVoice'>): EffectsOffered {
  const offered = useEffectsOffered();
  useEffect(() => {
    if (!offered.avatars) void client.setAvatar(null);
    if (!offered.voiceChanger) void client.setVoice('none');
  }, [client, offered.avatars, offered.voiceChanger]);
  return offered;
}
