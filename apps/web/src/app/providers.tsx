/** App-wide providers that do not need the router: data cache and translations. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../api/client';
import i18n from './i18n';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A server-side "no" (ApiError) will not change on retry; a network blip might.
        retry: (count, error) => !(error instanceof ApiError && error.code >= -1) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
