/**
 * The Beautify tab's behaviour: four rates (0..10) applied at once to what is sent and
 * remembered on this device, the quick preset, a reset, and the tab's "New" hint until visited.
 * All rates back at zero is NONE (packages/shared's beautify rules), and the camera goes out
 * unprocessed again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  NO_BEAUTY,
  beautyPreset,
  withBeautyRate,
  type BeautifySetting,
  type BeautyFilter,
} from '@meet/shared';
import { useRoomClient } from '../room-core/RoomContext';
import {
  beautyHintVisited,
  loadBeautySetting,
  saveBeautySetting,
  visitBeautyHint,
} from './beauty-setting';

export function useBeauty() {
  const client = useRoomClient();
  const [setting, setSetting] = useState<BeautifySetting>(loadBeautySetting);
  // A dragged slider sends changes faster than renders: each builds on the last one sent.
  const latest = useRef(setting);
  const [visited, setVisited] = useState(beautyHintVisited);

  // A failure turns the filters off (EffectsButton forgets them): the sliders say so too.
  useEffect(
    () =>
      client.on('error', (key) => {
        if (key !== 'beautyEffectsFailed') return;
        latest.current = NO_BEAUTY;
        setSetting(NO_BEAUTY);
      }),
    [client],
  );

  const apply = useCallback(
    (next: BeautifySetting) => {
      latest.current = next;
      setSetting(next);
      saveBeautySetting(next);
      void client.setBeauty(next);
    },
    [client],
  );

  return {
    setting,
    setRate: (filter: BeautyFilter, rate: number) =>
      apply(withBeautyRate(latest.current, filter, rate)),
    applyPreset: () => apply(beautyPreset()),
    reset: () => apply(NO_BEAUTY),
    isNew: !visited,
    visit: () => {
      if (visited) return;
      visitBeautyHint();
      setVisited(true);
    },
  };
}
