/**
 * AI minutes and chapters of a recording, and the names of its speakers, for the owner: write
 * them (startSummary, with the summaries left this month and the engine's name), correct the
 * minutes, the chapters (unique times, checked in chapter-edit.ts) and the speakers' names
 * (required). Every save changes the page's copy only once the server accepted it.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Chapter, RecordInfo } from '@meet/shared';
import { ApiError } from '../../api/client';
import { recordsApi, type SpeakerRename } from '../../api/records-api';
import { toast } from '../../ui/toast-store';

export const summaryRemainKey = ['summaryRemain'] as const;

/** A save's outcome: null when saved, else the text to show beside the form. */
export type SaveResult = string | null;

export function useRecordSummary(
  info: RecordInfo,
  patch: (changes: Partial<RecordInfo>) => void,
  refresh: () => Promise<void>,
  canEdit: boolean,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const remain = useQuery({
    queryKey: summaryRemainKey,
    queryFn: () => recordsApi.summaryRemain({ silent: true }),
    enabled: canEdit,
    retry: false,
  });

  const save = async (call: () => Promise<unknown>, after: () => void): Promise<SaveResult> => {
    try {
      await call();
      after();
      toast.success(t('recordings.summary.saved'));
      return null;
    } catch (error) {
      return error instanceof ApiError ? error.message : t('common.networkError');
    }
  };

  return {
    remainTimes: remain.data?.remainTimes,
    /** The engine that wrote them, or (none yet) the one that would. */
    engine: info.summaryEngine || remain.data?.engine || '',
    engineWrote: info.summaryEngine !== '',
    starting,
    async generate() {
      setStarting(true);
      try {
        await recordsApi.startSummary(info.recordId);
        patch({ summaryStatus: 'processing' });
        void queryClient.invalidateQueries({ queryKey: summaryRemainKey });
        await refresh();
      } catch {
        // The API client has shown the server's message (no minutes left, no transcript…).
      } finally {
        setStarting(false);
      }
    },
    saveMinutes: (minutes: string) =>
      save(
        () => recordsApi.updateMinutes(info.recordId, minutes, { silent: true }),
        () => patch({ minutes }),
      ),
    saveChapters: (chapters: Chapter[]) =>
      save(
        () => recordsApi.updateChapters(info.recordId, chapters, { silent: true }),
        () => patch({ chapters }),
      ),
    saveSpeakers: (renames: SpeakerRename[]) =>
      save(
        () => recordsApi.updateSpeakerNames(info.recordId, renames, { silent: true }),
        () => {
          const names = new Map(renames.map((r) => [r.speakerId, r.name]));
          patch({
            transcript: info.transcript.map((line) => ({
              ...line,
              speakerName: names.get(line.speakerId) ?? line.speakerName,
            })),
          });
        },
      ),
  };
}

export type RecordSummary = ReturnType<typeof useRecordSummary>;
