/**
 * The device-permission dialog of SPEC.md section 8, opened by room-binding when a permission
 * state turns into a failure (or by a toggle on a failed device). Texts come from
 * permission-text.ts; closing clears the store's open-modal marker.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { parseUserAgent } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { desktopOs, permissionDialogContent, type Text } from './permission-text';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';

type HintsNavigator = Navigator & {
  userAgentData?: { getHighEntropyValues(hints: string[]): Promise<{ platformVersion?: string }> };
};

/** Windows 11 reports platformVersion 13+ through client hints; the user agent cannot tell. */
function useWindowsMajor(): number | null {
  const [major, setMajor] = useState<number | null>(null);
  useEffect(() => {
    const data = (navigator as HintsNavigator).userAgentData;
    if (!data?.getHighEntropyValues) return;
    let live = true;
    data
      .getHighEntropyValues(['platformVersion'])
      .then((v) => live && setMajor(Number.parseInt(v.platformVersion ?? '', 10) || null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return major;
}

export function PermissionDialog() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const kind = useRoomState((s) => s.permissionModal);
  const permissions = useRoomState((s) => s.permissions);
  const windowsMajor = useWindowsMajor();
  if (!kind) return null;
  const browser = parseUserAgent(navigator.userAgent);
  const content = permissionDialogContent({
    permissions,
    kind,
    browser,
    os: desktopOs(browser, windowsMajor),
    appName: t('common.appName'),
  });
  const close = () => dispatch({ type: 'permissionModal', kind: null });
  if (!content) return null;

  const device = t(`room.permission.device.${content.device}`);
  const page = t(`room.permission.page.${content.device}`);
  const text = (x: Text) => t(x.key, { device, page, ...x.values }) as string;

  return (
    <Dialog
      open
      title={text(content.title)}
      onClose={close}
      closeLabel={t('room.permission.close')}
      width={480}
      footer={
        content.settingsUrl ? (
          <Button
            data-autofocus
            onClick={() => {
              window.open(content.settingsUrl!, '_self');
              close();
            }}
          >
            {t('room.permission.goToSettings')}
          </Button>
        ) : (
          <Button data-autofocus onClick={close}>
            {t('room.permission.gotIt')}
          </Button>
        )
      }
    >
      <div className="room-permission" data-testid="permission-dialog" data-dialog={content.dialog}>
        {content.lines.map((line) => (
          <p key={line.key}>{text(line)}</p>
        ))}
        {content.heading && <div className="room-permission__heading">{content.heading}</div>}
        {content.steps.length > 0 && (
          <ol className="room-permission__steps">
            {content.steps.map((step) => (
              <li key={step.key}>{text(step)}</li>
            ))}
          </ol>
        )}
      </div>
    </Dialog>
  );
}
