/**
 * The record page's data: the recording as the caller may see it (asked again while it is being
 * processed or its minutes are being written), the page state (record-view.ts), asking the owner
 * for access, and the owner's sharing scope. Anyone may open the page; the server decides what
 * they see. A request of mine still pending, or a message about this recording's requests, makes
 * the page ask again, so an approval opens the recording where it stands. The query is keyed by
 * the token too, so signing in (or the automatic visitor login) asks again as the new caller.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { RecordInfo, ShareScope } from '@meet/shared';
import { recordsApi } from '../../api/records-api';
import { toast } from '../../ui/toast-store';
import { useMessage } from '../../message-socket/MessageSocketProvider';
import { useAuth } from '../auth/AuthProvider';
import { parseContent } from '../messages/message-content';
import { RECORDS_POLL_MS, recordKey } from './recording-queries';
import { applyStateOf, awaitingAnswer, recordSettling, recordViewOf } from './record-view';

export function useRecordPage(recordId: string) {
  const { t } = useTranslation();
  const { token, isRealLogin } = useAuth();
  const queryClient = useQueryClient();
  const key = [...recordKey(recordId), token ?? ''] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => recordsApi.infoByUuid(recordId, { silent: true }),
    enabled: recordId !== '',
    retry: false,
    refetchInterval: (q) =>
      recordSettling(q.state.data) || awaitingAnswer(recordId, q.state.error)
        ? RECORDS_POLL_MS
        : false,
  });
  const view = recordViewOf(recordId, query);
  const [applying, setApplying] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKey(recordId) });
  const patch = (changes: Partial<RecordInfo>) =>
    queryClient.setQueryData<RecordInfo>(key, (info) => (info ? { ...info, ...changes } : info));
  // An answer to my request (approved: the recording opens), or a new request to me as the owner:
  // the page shows it at once, without a reload. Polling while pending covers a lost socket.
  useMessage('new_message', (push) => {
    const content = parseContent(push.message);
    if (content?.pushType === 'apply' && content.recordId === recordId) void refresh();
  });

  return {
    view,
    realLogin: isRealLogin,
    applyState:
      view.kind === 'noAccess' ? applyStateOf(view.teaser.applyStatus, isRealLogin) : null,
    applying,
    refresh,
    patch,
    /** Asks the owner for access; the page then shows the request as pending. */
    async apply(reason: string) {
      setApplying(true);
      try {
        await recordsApi.apply(recordId, reason.trim());
        toast.success(t('recordings.access.sent'));
        await refresh();
      } catch {
        // The API client has shown the server's message.
      } finally {
        setApplying(false);
      }
    },
    async setShareScope(shareScope: ShareScope) {
      try {
        await recordsApi.setShareScope(recordId, shareScope);
        patch({ shareScope });
        toast.success(t('recordings.share.saved'));
      } catch {
        // Shown by the API client; the selector stays on the scope the server holds.
      }
    },
  };
}
