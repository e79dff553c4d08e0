/**
 * Copying text for the user, with a toast that says it worked (or that it did not, so they copy
 * by hand). Pages served over plain http have no Clipboard API, so the old selection-based copy
 * stands in there, as phones on a local network meet it.
 */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { toast } from './toast-store';

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      let copied = false;
      try {
        if (navigator.clipboard) {
          await navigator.clipboard.writeText(text);
          copied = true;
        }
      } catch {
        // Refused (no focus, no permission): the selection-based copy may still work.
      }
      if (!copied) copied = copyBySelection(text);
      if (copied) toast.success(t('share.copied'));
      else toast.error(t('share.copyFailed'));
    },
    [t],
  );
}
