/**
 * The captions' server reads through TanStack Query: what the engines can do with each language
 * (named in the interface language; it changes only with the server's configuration) and the
 * meeting creator's AI credits while a paid feature runs.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Language } from '@meet/shared';
import { captionsApi } from '../../api/captions-api';

/** How often the creator's credits are read again while a menu shows them. */
const POINTS_REFRESH_MS = 30_000;

export function useSpeechLanguages(enabled = true) {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'zh' ? 'zh' : 'en';
  return useQuery({
    queryKey: ['captions', 'languages', language] as const,
    queryFn: () => captionsApi.languages(language, { silent: true }),
    enabled,
    staleTime: Infinity,
  });
}

export function useCreatorPoints(conferenceUri: string, enabled: boolean) {
  return useQuery({
    queryKey: ['captions', 'creatorPoints', conferenceUri] as const,
    queryFn: () => captionsApi.creatorPoints(conferenceUri, { silent: true }),
    enabled: enabled && conferenceUri !== '',
    refetchInterval: POINTS_REFRESH_MS,
  });
}
