/**
 * The payment session the user started, kept across the trip to the payment page (local storage,
 * SPEC.md's "payment session id"), and the addresses to come back to: this page with payment=1,
 * which tells the app to check how the payment went.
 */
const KEY = 'paymentSessionId';

export const storedPaymentSession = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (sessionId: string) => localStorage.setItem(KEY, sessionId),
  clear: () => localStorage.removeItem(KEY),
};

/** Both return addresses: success and failure come back to the same check. */
export function returnUrls(href: string): { redirectUrl: string; errorUrl: string } {
  const url = new URL(href);
  url.searchParams.set('payment', '1');
  url.hash = '';
  return { redirectUrl: url.href, errorUrl: url.href };
}

export function isPaymentReturn(search: string): boolean {
  return new URLSearchParams(search).get('payment') === '1';
}

/** The query without `payment`, so a reload does not check again. */
export function withoutPaymentFlag(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('payment');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
