/**
 * The signed-in user's AI credits for the avatar menu's "AI credits" (issue 30): the balance and
 * what spent it, newest first, a page at a time. Both calls answer for the caller only; every
 * account has credits (the sign-up gift, Pro's monthly grant), so Basic users see them too.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { captionsApi, type ConsumeDetail } from '../../api/captions-api';

export const CREDIT_PAGE_SIZE = 20;

/** Keyed by the account, so another sign-in in this tab never shows this one's history. */
const creditsKey = (userId: number | null) => ['credits', userId] as const;

/** The next page while the last one came back full. */
export function nextCreditPage(last: ConsumeDetail): number | undefined {
  return last.list.length >= CREDIT_PAGE_SIZE ? last.pageNum + 1 : undefined;
}

export function useCreditBalance(userId: number | null) {
  return useQuery({
    queryKey: [...creditsKey(userId), 'balance'],
    queryFn: () => captionsApi.myPoints({ silent: true }),
    enabled: userId !== null,
  });
}

export function useCreditHistory(userId: number | null) {
  return useInfiniteQuery({
    queryKey: [...creditsKey(userId), 'history'],
    queryFn: ({ pageParam }) => captionsApi.spending(pageParam, CREDIT_PAGE_SIZE, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextCreditPage,
    enabled: userId !== null,
  });
}
