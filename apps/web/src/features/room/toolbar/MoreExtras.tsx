/**
 * The "More options" menu's own entries (issue 30), each doing what the product already does
 * elsewhere, now with words: the layout switch, polls and the keyboard shortcuts' help (the
 * bar's unlabelled buttons; while the bar is narrow those buttons are in the menu themselves,
 * so these step aside), the transcript (otherwise in the captions settings) and feedback
 * (otherwise on Home); and the menu's manners (`useMenuManners`). Loaded with the menu's first
 * opening, or just before it. Test hooks: `more-layout`,
 * `more-polls`, `more-transcript`, `more-shortcuts`, `more-feedback`.
 */
import { lazy, Suspense, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';
import { icon } from '../../../ui/icons';
import { useAuth } from '../../auth/AuthProvider';
import { CaptionsIcon } from '../../captions/captions-icons';
import { PollIcon } from '../../polls/poll-icons';
import { useRoomPolls } from '../../polls/RoomPolls';
import { useRoomDispatch } from '../../room-core/RoomContext';
import { GridIcon, KeyboardIcon, SpotlightIcon } from '../../room-core/room-icons';
import type { RoomControls } from '../useRoomControls';
import { useToolbarSlots } from './toolbar-slots';
import { useMenuManners } from './useMenuManners';

const ShortcutsDialog = lazy(() =>
  import('../ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })),
);
const FeedbackDialog = lazy(() =>
  import('../../home/FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })),
);

const FeedbackIcon = icon(
  'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zm-7 12h-2v-2h2v2zm0-4h-2V6h2v4z',
);

function Item({
  testId,
  icon: glyph,
  label,
  children,
  ...rest
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  children?: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
  'aria-haspopup'?: 'dialog';
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-testid={testId}
      className="room-menu__item room-more__item"
      {...rest}
    >
      {glyph}
      <span className="room-menu__label">{label}</span>
      {children}
    </button>
  );
}

export default function MoreExtras({
  controls: c,
  ...menu
}: {
  controls: RoomControls;
  open: boolean;
  close: (refocus: boolean) => void;
  anchorRef: RefObject<HTMLElement | null>;
  menuRef: RefObject<HTMLElement | null>;
}) {
  useMenuManners(menu);
  const { t } = useTranslation();
  const { user } = useAuth();
  const polls = useRoomPolls();
  const dispatch = useRoomDispatch();
  // A bar button moved into the menu: its labelled twin here steps aside.
  const { moved } = useToolbarSlots();
  const [dialog, setDialog] = useState<'shortcuts' | 'feedback' | null>(null);
  const toGrid = c.viewMode !== 'grid';
  return (
    <>
      {!moved.has('view-mode') && (
        <Item
          testId="more-layout"
          icon={toGrid ? <GridIcon size={20} /> : <SpotlightIcon size={20} />}
          label={toGrid ? t('room.more.toGrid') : t('room.more.toSpotlight')}
          disabled={toGrid && c.gridDisabled}
          title={toGrid && c.gridDisabled ? t('room.view.gridDisabled') : undefined}
          onClick={() => c.setViewMode(toGrid ? 'grid' : 'float')}
        />
      )}
      {!moved.has('more-apps') && (
        <Item
          testId="more-polls"
          icon={<PollIcon size={20} />}
          label={t('polls.entry')}
          onClick={polls.show}
        >
          {polls.unanswered && <span className="poll-badge">{t('polls.badge')}</span>}
        </Item>
      )}
      <Item
        testId="more-transcript"
        icon={<CaptionsIcon size={20} />}
        label={t('room.transcript.open')}
        onClick={() => dispatch({ type: 'panel', panel: 'transcript' })}
      />
      {!moved.has('shortcuts') && (
        <Item
          testId="more-shortcuts"
          icon={<KeyboardIcon size={20} />}
          label={t('room.shortcuts.open')}
          aria-haspopup="dialog"
          onClick={() => setDialog('shortcuts')}
        />
      )}
      {user && (
        <Item
          testId="more-feedback"
          icon={<FeedbackIcon size={20} />}
          label={t('room.more.feedback')}
          aria-haspopup="dialog"
          onClick={() => setDialog('feedback')}
        />
      )}
      <Suspense fallback={null}>
        {dialog === 'shortcuts' && <ShortcutsDialog onClose={() => setDialog(null)} />}
        {dialog === 'feedback' && <FeedbackDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
