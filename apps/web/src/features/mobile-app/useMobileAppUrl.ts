/**
 * Where phones get the mobile app: the server's `mobileAppUrl` (MOBILE_APP_URL), or null when
 * none is configured, the server does not say, or it cannot be reached; then nothing about the
 * app is shown. Read once per page load.
 */
import { useQuery } from '@tanstack/react-query';
import { toolApi } from '../../api/tool-api';

export const serverConfigKey = ['serverConfig'] as const;

/** Only web links are followed from a QR code or a button; anything else counts as none. */
export function appLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function useMobileAppUrl(): string | null {
  const config = useQuery({
    queryKey: serverConfigKey,
    queryFn: () => toolApi.serverConfig(),
    staleTime: Infinity,
    retry: false,
  });
  return appLink(config.data?.mobileAppUrl);
}
