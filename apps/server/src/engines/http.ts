/** Requests to the HTTP engines (OpenAI-compatible servers, LibreTranslate): timeouts, errors. */

/** `{base}/v1/{path}`, where the base may already end in /v1 (as OpenAI SDKs write it). */
export function openAiUrl(base: string, path: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return `${trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`}/${path}`;
}

export function bearer(key: string | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/**
 * fetch with a deadline; a non-2xx answer is an Error naming the engine, the status and the
 * start of the body (never the key).
 */
export async function request(
  engine: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
    throw new Error(`${engine}: ${url} failed: ${reason}`, { cause: error });
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`${engine}: ${url} answered ${response.status}${body ? `: ${body}` : ''}`);
  }
  return response;
}
