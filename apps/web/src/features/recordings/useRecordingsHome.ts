/**
 * Home › Recordings: my recordings and those shared with me, the storage used, and one dialog at
 * a time (rename, or delete / remove). Deleting my own recording frees its storage; removing a
 * shared one only takes it off my list.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { RecordListItem } from '@meet/shared';
import { ApiError } from '../../api/client';
import { recordsApi } from '../../api/records-api';
import { toast } from '../../ui/toast-store';
import { myRecordsKey, useMyRecords } from './recording-queries';

export type RecordingsDialog =
  { kind: 'rename'; item: RecordListItem } | { kind: 'delete'; item: RecordListItem } | null;

export function useRecordingsHome() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const records = useMyRecords();
  const [dialog, setDialog] = useState<RecordingsDialog>(null);
  const [busy, setBusy] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);

  const pages = records.data?.pages ?? [];
  const list = pages.flatMap((page) => page.list);
  const first = pages[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey: myRecordsKey });

  const close = () => {
    setDialog(null);
    setRenameError(null);
  };

  return {
    list,
    loading: records.isPending,
    failed: records.isError && !records.data,
    retry: () => void records.refetch(),
    usage: first ? { usedBytes: first.usedBytes, quotaBytes: first.quotaBytes } : null,
    hasMore: records.hasNextPage,
    loadingMore: records.isFetchingNextPage,
    loadMore: () => void records.fetchNextPage(),
    dialog,
    busy,
    renameError,
    askRename: (item: RecordListItem) => setDialog({ kind: 'rename', item }),
    askDelete: (item: RecordListItem) => setDialog({ kind: 'delete', item }),
    close,
    async rename(item: RecordListItem, name: string) {
      const trimmed = name.trim();
      if (!trimmed) {
        setRenameError(t('errors.recordNameRequired'));
        return;
      }
      setBusy(true);
      try {
        await recordsApi.rename(item.recordId, trimmed, { silent: true });
        await refresh();
        close();
      } catch (error) {
        setRenameError(error instanceof ApiError ? error.message : t('common.networkError'));
      } finally {
        setBusy(false);
      }
    },
    async remove(item: RecordListItem) {
      setBusy(true);
      try {
        if (item.isOwner) await recordsApi.remove(item.recordId);
        else await recordsApi.removeShared(item.recordId);
        toast.success(t(item.isOwner ? 'recordings.list.deleted' : 'recordings.list.removed'));
        close();
        await refresh();
      } catch {
        // The API client has shown the server's message.
      } finally {
        setBusy(false);
      }
    },
  };
}
