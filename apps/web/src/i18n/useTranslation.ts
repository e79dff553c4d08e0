/**
 * The app's texts in a component: `t` in the current language, re-rendering the component when
 * the language changes or a chunk adds texts (i18n.ts).
 */
import { useMemo, useSyncExternalStore } from 'react';
import i18n, { type TFunction, type TKey, type TParams } from './i18n';

export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const version = useSyncExternalStore(i18n.subscribe, i18n.snapshot, i18n.snapshot);
  // A new function after each change, so memoised children that take `t` render again.
  const t = useMemo<TFunction>(
    () => (key: TKey, params?: TParams) => i18n.t(key, params),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  return { t, i18n };
}
