/**
 * The toolbar's microphone and camera buttons: the switch with its device menu beside it
 * (DeviceToggle), and a menu's list of devices of one kind (DeviceList). Tooltips name the
 * switch's keyboard shortcut.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { usePopover, Popover } from '../../ui/Popover';
import type { MediaDeviceInfoLike } from '../../room-client/types';
import { CheckIcon, ChevronUpIcon } from '../room-core/room-icons';
import { ariaShortcut, onMac, withShortcut, type ShortcutAction } from './shortcuts';

export function DeviceList({
  title,
  devices,
  selected,
  onSelect,
}: {
  title: string;
  devices: MediaDeviceInfoLike[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  // An empty saved id means "the default", which is the first device the browser lists.
  const current = devices.some((d) => d.deviceId === selected) ? selected : devices[0]?.deviceId;
  return (
    <div className="room-menu__group">
      <div className="room-menu__title">{title}</div>
      {devices.length === 0 && <div className="room-menu__empty">{t('room.prejoin.noDevice')}</div>}
      {devices.map((d, i) => (
        <button
          key={d.deviceId || i}
          type="button"
          role="menuitemradio"
          aria-checked={d.deviceId === current}
          className="room-menu__item"
          onClick={() => onSelect(d.deviceId)}
        >
          <span className="room-menu__check">
            {d.deviceId === current && <CheckIcon size={18} />}
          </span>
          <span className="room-menu__label">{d.label || `${title} ${i + 1}`}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * A microphone or camera button with its device menu beside it. `labels` are the on, off and
 * held-by-the-host texts; while held, the button explains why instead of toggling.
 */
export function DeviceToggle({
  testId,
  on,
  held,
  device,
  labels: [onLabel, offLabel, heldLabel],
  icons: [onIcon, offIcon],
  onToggle,
  shortcut,
  children,
}: {
  testId: string;
  on: boolean;
  held: boolean;
  device: string;
  labels: [string, string, string];
  icons: [ReactNode, ReactNode];
  onToggle: () => void;
  shortcut: ShortcutAction;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const menu = usePopover();
  const label = on ? onLabel : offLabel;
  return (
    <div {...menu.anchorProps} className="room-split popover-anchor">
      <button
        type="button"
        className="room-split__more"
        aria-label={t('room.toolbar.devices', { device })}
        {...menu.triggerProps}
      >
        <ChevronUpIcon size={20} />
      </button>
      <button
        type="button"
        data-testid={testId}
        aria-pressed={on}
        aria-disabled={held || undefined}
        className={`room-btn${on ? '' : ' room-btn--off'}${held ? ' room-btn--held' : ''}`}
        aria-label={label}
        title={held ? heldLabel : withShortcut(label, shortcut, onMac())}
        aria-keyshortcuts={ariaShortcut(shortcut, onMac())}
        onClick={onToggle}
      >
        {on ? onIcon : offIcon}
      </button>
      {menu.open && (
        <Popover label={device} role="menu" className="room-menu">
          {children(menu.close)}
        </Popover>
      )}
    </div>
  );
}
