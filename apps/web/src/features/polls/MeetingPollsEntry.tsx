/**
 * Polls from Home, outside the meeting: a "Polls" button on a meeting in the list that opens the
 * poll dialog there (results, sharing and the xlsx download of ended polls; the creator of a
 * reserved meeting may prepare polls). The message socket's poll notices reach the dialog.
 * Test hook: data-testid meeting-polls.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  CONFERENCE_STATUS,
  POLL_MESSAGES,
  type MeetingListItem,
  type PollChange,
  type PollMessage,
} from '@meet/shared';
import { useMessageSocket } from '../../message-socket/MessageSocketProvider';
import { Button } from '../../ui/Button';
import { summariesFrom } from './poll-view';
import type { PollsPlace } from './usePollsDialog';

// Home shows the button on every meeting; the dialog's code comes when one is opened.
const PollsDialog = lazy(() => import('./PollsDialog').then((m) => ({ default: m.PollsDialog })));

const CHANGE_OF: Record<PollMessage, PollChange> = {
  publish_vote_result: 'resultPublished',
  cancel_publish_vote_result: 'resultUnpublished',
  delete_vote: 'deleted',
};

export function MeetingPollsEntry({ item, mine }: { item: MeetingListItem; mine: boolean }) {
  const { t } = useTranslation();
  const socket = useMessageSocket();
  const [open, setOpen] = useState(false);
  const uri = item.meetingUri;
  const known = useMemo(() => summariesFrom(item.voteList) ?? undefined, [item.voteList]);

  const subscribe = useCallback(
    (listener: (voteId: number, change: PollChange) => void) => {
      const offs = POLL_MESSAGES.map((type) =>
        socket.onMessage(type, (message) => {
          if (message.conferenceUri === uri) listener(Number(message.voteId), CHANGE_OF[type]);
        }),
      );
      return () => offs.forEach((off) => off());
    },
    [socket, uri],
  );
  const place = useMemo<PollsPlace>(
    () => ({
      conferenceUri: uri,
      inMeeting: false,
      canCreate: mine && item.status === CONFERENCE_STATUS.reserved,
      nickname: '',
      subscribe,
      initialList: known,
    }),
    [uri, mine, item.status, subscribe, known],
  );

  return (
    <>
      <Button
        variant="secondary"
        size="small"
        data-testid="meeting-polls"
        onClick={() => setOpen(true)}
      >
        {known ? t('polls.home.entryCount', { count: known.length }) : t('polls.home.entry')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PollsDialog
            place={place}
            title={t('polls.home.title', { meeting: item.meetingTitle })}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
