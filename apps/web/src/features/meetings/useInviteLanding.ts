/**
 * What the invite page says when it opens (SPEC.md section 2, "Invite landing messages"): the
 * meeting's topic, and whether the link is malformed, the meeting unknown or over, the user was
 * replaced by another device, or the region is not served.
 */
import { useQuery } from '@tanstack/react-query';
import { CONFERENCE_STATUS, ResultCode, type MeetingInfo } from '@meet/shared';
import { ApiError } from '../../api/client';
import { conferenceApi } from '../../api/conference-api';
import { isWellFormedConferenceId, normalizeConferenceId } from './join-session';

export type InviteNotice = 'checkLink' | 'noExist' | 'ended' | 'replaced' | 'region';

export function useInviteLanding(rawId: string | undefined, reason: string | null) {
  const id = rawId ? normalizeConferenceId(rawId) : '';
  const wellFormed = !!id && isWellFormedConferenceId(id);
  const info = useQuery<MeetingInfo, Error>({
    queryKey: ['conferenceInfo', id],
    queryFn: () => conferenceApi.info(id, { silent: true }),
    enabled: wellFormed,
    retry: false,
  });
  const region = useQuery({
    queryKey: ['checkLimitRegion'],
    queryFn: conferenceApi.checkLimitRegion,
    retry: false,
    staleTime: Infinity,
  });

  const missing = info.error instanceof ApiError && info.error.code === ResultCode.failure;
  let notice: InviteNotice | null = null;
  if (region.data?.limited) notice = 'region';
  else if (rawId && !wellFormed) notice = 'checkLink';
  else if (missing) notice = 'noExist';
  else if (info.data?.status === CONFERENCE_STATUS.finished) notice = 'ended';
  else if (reason === 'replaced') notice = 'replaced';

  return {
    conferenceId: wellFormed ? id : (rawId ?? ''),
    info: info.data ?? null,
    loading: info.isLoading,
    notice,
    /** Joining cannot work: the meeting is gone or the region is refused. */
    blocksJoin: notice === 'region' || notice === 'noExist' || notice === 'ended',
    refetch: info.refetch,
  };
}
