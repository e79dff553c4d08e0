/**
 * One access request, as its recording's owner opens it from the message center: the request
 * (permission/getApply; 3024 and any other refusal show the server's message, SPEC.md section
 * 8) and the answer, approve (2) or deny (3), after which the request shows its new state.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { APPLY_STATUS, type ApplyDetail } from '@meet/shared';
import { ApiError } from '../../api/client';
import { recordsApi, type ApplyAnswer } from '../../api/records-api';
import { toast } from '../../ui/toast-store';
import { recordsKey } from '../recordings/recording-queries';

export const applyKey = (recordId: string, permissionRequestId: string) =>
  ['apply', recordId, permissionRequestId] as const;

export function useApplyDetail(recordId: string, permissionRequestId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = applyKey(recordId, permissionRequestId);
  const detail = useQuery({
    queryKey: key,
    queryFn: () => recordsApi.getApply(recordId, permissionRequestId, { silent: true }),
    retry: false,
  });
  const [answering, setAnswering] = useState<ApplyAnswer | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const loadError =
    detail.error instanceof ApiError
      ? detail.error.message
      : detail.error
        ? t('common.networkError')
        : null;

  return {
    detail: detail.data,
    loading: detail.isPending,
    loadError,
    answering,
    answerError,
    pending: detail.data?.status === APPLY_STATUS.pending,
    async answer(status: ApplyAnswer) {
      setAnswering(status);
      setAnswerError(null);
      try {
        await recordsApi.updateApply(recordId, permissionRequestId, status, { silent: true });
        queryClient.setQueryData<ApplyDetail>(key, (d) => (d ? { ...d, status } : d));
        toast.success(
          t(
            status === APPLY_STATUS.approved
              ? 'recordings.apply.approved'
              : 'recordings.apply.denied',
          ),
        );
        void queryClient.invalidateQueries({ queryKey: recordsKey });
      } catch (error) {
        setAnswerError(error instanceof ApiError ? error.message : t('common.networkError'));
        // Someone may have answered it elsewhere: show the request as it now is.
        void detail.refetch();
      } finally {
        setAnswering(null);
      }
    },
  };
}
