/**
 * The keyboard shortcuts' help (opened with "?" or the toolbar's keyboard button): each action
 * with its keys on this platform. A modal dialog: Escape closes it and the focus goes back to
 * where it was. Test hook: `shortcuts-dialog`.
 */
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Dialog } from '../../ui/Dialog';
import { isMacPlatform, shortcutKeys } from './shortcuts';
import './room-shortcuts.css';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const rows = shortcutKeys(isMacPlatform(navigator.platform));
  return (
    <Dialog
      open
      title={t('room.shortcuts.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={520}
    >
      {/* Takes the focus on opening (the dialog's own ring would frame the whole panel). */}
      <div
        data-testid="shortcuts-dialog"
        className="room-shortcuts-body"
        tabIndex={-1}
        data-autofocus
      >
        <table className="room-shortcuts">
          <tbody>
            {rows.map(({ action, keys }) => (
              <tr key={action} data-shortcut={action}>
                <th scope="row" className="room-shortcuts__action">
                  {t(`room.shortcuts.${action}`)}
                </th>
                <td className="room-shortcuts__keys">
                  {keys.map((combo, i) => (
                    <Fragment key={combo.join('+')}>
                      {i > 0 && (
                        <span className="room-shortcuts__or">{t('room.shortcuts.then')}</span>
                      )}
                      <kbd className="room-shortcuts__combo">
                        {combo.map((key, j) => (
                          <Fragment key={key}>
                            {j > 0 && '+'}
                            <kbd className="room-shortcuts__key">{key}</kbd>
                          </Fragment>
                        ))}
                      </kbd>
                    </Fragment>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="room-shortcuts__hint">{t('room.shortcuts.hint')}</p>
      </div>
    </Dialog>
  );
}
