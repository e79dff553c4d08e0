/**
 * The toolbar's "Share a file" button: a JPG, PNG or MP4 (at most 10 MB) is shown to everyone as
 * a shared screen with my camera over its corner. Test hooks: `share-file` (the button),
 * `share-file-input` (its file input).
 */
import { useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { FILE_SHARE_TYPES } from '@meet/shared';
import { useFileShare } from './useFileShare';
import { useToolbarItem } from '../room/toolbar/toolbar-slots';

const ACCEPT = FILE_SHARE_TYPES.flatMap((t) => [t.mime, ...t.extensions.map((e) => `.${e}`)]).join(
  ',',
);

function FileShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect
        x="3"
        y="4"
        width="18"
        height="13"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M6 14l4-4 3 3 2-2 3 3" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="14" y="15" width="7" height="5" rx="1" fill="currentColor" />
    </svg>
  );
}

export function FileShareButton({ disabled, held }: { disabled: boolean; held: boolean }) {
  const { t } = useTranslation();
  const f = useFileShare();
  const input = useRef<HTMLInputElement>(null);
  const slot = useToolbarItem('share-file');
  const label = held ? t('room.toolbar.shareDisallowed') : t('room.fileShare.button');
  return (
    <>
      {slot.place(
        <button
          type="button"
          data-testid="share-file"
          className={`room-btn${f.state ? ' room-btn--active' : ''}${held ? ' room-btn--held' : ''}`}
          aria-label={label}
          title={label}
          aria-pressed={!!f.state}
          disabled={disabled || held}
          onClick={() => input.current?.click()}
          {...slot.item(!!f.state)}
        >
          <FileShareIcon />
          {slot.label(t('room.fileShare.button'))}
        </button>,
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="share-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) f.share(file);
        }}
      />
    </>
  );
}
