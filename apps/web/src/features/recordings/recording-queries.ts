/**
 * The recordings' server state through TanStack Query: my list (paged, polled while something
 * is still recording or being processed, so progress moves) and one recording's page.
 */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { recordsApi, type RecordsPage } from '../../api/records-api';
import { isSettling } from './recording-format';

export const RECORDS_PAGE_SIZE = 20;
/** How often the list asks again while a recording is processing (its progress bar moves). */
export const RECORDS_POLL_MS = 3000;

export const recordsKey = ['records'] as const;
export const myRecordsKey = [...recordsKey, 'mine'] as const;
export const recordKey = (recordId: string) => [...recordsKey, 'one', recordId] as const;

export function anySettling(data: InfiniteData<RecordsPage> | undefined): boolean {
  return !!data?.pages.some((page) => page.list.some(isSettling));
}

export function useMyRecords() {
  return useInfiniteQuery({
    queryKey: myRecordsKey,
    queryFn: ({ pageParam }) =>
      recordsApi.myRecords(pageParam, RECORDS_PAGE_SIZE, { silent: true }),
    initialPageParam: 1,
    // A full page means there may be more.
    getNextPageParam: (last) =>
      last.list.length < RECORDS_PAGE_SIZE ? undefined : last.pageNum + 1,
    refetchInterval: (query) => (anySettling(query.state.data) ? RECORDS_POLL_MS : false),
  });
}
