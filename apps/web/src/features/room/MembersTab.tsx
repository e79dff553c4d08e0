/**
 * The people tab: everyone in member order (MemberRow), raised hands answered one by one or
 * all at once, and the confirmations for making someone host or removing them. Test hooks:
 * `members-list`, `hands-approve-all`, `hands-refuse-all`.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { orderMembers, type PeerInfo } from '@meet/shared';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MemberRow } from './MemberRow';
import { HandIcon } from '../room-core/room-icons';
import { useRoomState } from '../room-core/RoomContext';
import { amHost, handRaised, isHostMember } from '../room-core/roles';
import { useHostActions } from './useHostActions';

type Confirm = { kind: 'makeHost' | 'remove'; member: PeerInfo } | null;

// Loaded when first opened: most members never rename themselves (the room's JS budget).
const RenameDialog = lazy(() =>
  import('./RenameDialog').then((m) => ({ default: m.RenameDialog })),
);

export function MembersTab() {
  const { t } = useTranslation();
  const me = useRoomState((s) => s.me);
  const peers = useRoomState((s) => s.peers);
  const hostId = useRoomState((s) => s.hostId);
  const localShare = useRoomState((s) => s.localShare);
  const host = useRoomState(amHost);
  const actions = useHostActions();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState(false);

  const members = useMemo(() => {
    const all = (me ? [me, ...peers] : peers).map((p) => ({
      ...p,
      isHost: isHostMember(p, hostId),
    }));
    return orderMembers(all, me?.peerId ?? '');
  }, [me, peers, hostId]);
  const raised = members.filter((m) => handRaised(m) && m.peerId !== me?.peerId);

  const confirmAction = async () => {
    if (!confirm) return;
    setBusy(true);
    const done = await (confirm.kind === 'makeHost'
      ? actions.makeHost(confirm.member.userId)
      : actions.remove(confirm.member.userId));
    setBusy(false);
    if (done) setConfirm(null);
  };

  return (
    <>
      <div className="room-panel__sub">{t('room.members.count', { count: members.length })}</div>
      {host && raised.length > 0 && (
        <div className="room-hands" role="group" aria-label={t('room.hands.title')}>
          <HandIcon size={18} />
          <span className="room-hands__text">
            {t('room.hands.count', { count: raised.length })}
          </span>
          <span className="room-hands__actions">
            <Button
              size="small"
              data-testid="hands-approve-all"
              onClick={() => void actions.answerHands('all', true)}
            >
              {t('room.hands.approveAll')}
            </Button>
            <Button
              size="small"
              variant="text"
              data-testid="hands-refuse-all"
              onClick={() => void actions.answerHands('all', false)}
            >
              {t('room.hands.refuseAll')}
            </Button>
          </span>
        </div>
      )}
      <ul className="room-panel__list" data-testid="members-list">
        {members.map((m) => {
          const isMe = m.peerId === me?.peerId;
          return (
            <MemberRow
              key={m.peerId}
              member={m}
              isMe={isMe}
              sharing={m.shareEnabled || (isMe && localShare)}
              manage={host && !isMe}
              canReclaim={isMe && m.isCreator && !host}
              onMute={() => void actions.toggleMemberMute(m)}
              onVideo={() => void actions.toggleMemberVideo(m)}
              onMakeHost={() => setConfirm({ kind: 'makeHost', member: m })}
              onRemove={() => setConfirm({ kind: 'remove', member: m })}
              onHand={(approve) => void actions.answerHands([m.userId], approve)}
              onRename={() => setRenaming(true)}
              onReclaim={() => void actions.reclaimHost(m.userId)}
            />
          );
        })}
      </ul>
      {confirm && (
        <ConfirmDialog
          title={
            confirm.kind === 'makeHost'
              ? t('room.members.makeHostTitle', { name: confirm.member.displayName })
              : t('room.members.removeTitle', { name: confirm.member.displayName })
          }
          confirmLabel={
            confirm.kind === 'makeHost' ? t('room.members.makeHost') : t('room.members.remove')
          }
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          danger={confirm.kind === 'remove'}
          busy={busy}
          onConfirm={() => void confirmAction()}
          onClose={() => setConfirm(null)}
        >
          {confirm.kind === 'makeHost'
            ? t('room.members.makeHostBody')
            : t('room.members.removeBody', { name: confirm.member.displayName })}
        </ConfirmDialog>
      )}
      {renaming && me && (
        <Suspense fallback={null}>
          <RenameDialog current={me.displayName} onClose={() => setRenaming(false)} />
        </Suspense>
      )}
    </>
  );
}
