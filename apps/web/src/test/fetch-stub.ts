/**
 * `fetch` replaced for an API module's tests (inside a describe): every call answers success
 * with no payload unless a test says otherwise; `body(i)` is the i-th call's JSON body.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'success', payload: null }))),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  const body = (i = 0) =>
    JSON.parse(fetchMock.mock.calls[i]![1]?.body as string) as Record<string, unknown>;
  return { fetchMock, body };
}
