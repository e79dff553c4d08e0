/**
 * The operator's view of the server under test: its token (playwright.config.ts gives the server
 * the same ADMIN_TOKEN) and the details /healthz keeps for it.
 */
import type { APIRequestContext } from '@playwright/test';

export const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef';

/** The media server's process id, from /healthz's operator details. */
export async function janusPid(request: APIRequestContext): Promise<number> {
  const res = await request.get('/healthz', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const health = (await res.json()) as { janusPid?: number | null };
  if (!health.janusPid) throw new Error(`no Janus process in /healthz: ${JSON.stringify(health)}`);
  return health.janusPid;
}
