/**
 * The one module that talks to the HTTP API: POST with the common fields, the stored token, a
 * 15 s timeout, and `{ code, msg, payload }` unwrapped. A non-zero code throws ApiError, its
 * message the page's own catalogue text for the reply's key (refusalText), shown as a toast
 * unless the caller shows it itself;
 * code 203 clears the local sign-in and tells listeners, who move the user to sign-in.
 */
import {
  CLIENT_VERSION,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  type ApiBody,
  type ApiFilePath,
  type ApiGetPath,
  type ApiGetResult,
  type ApiPath,
  type ApiReply,
  type ApiResult,
  type ApiUploadPath,
  type ErrorKey,
} from '@meet/shared';
import i18n, { language, type TKey } from '../i18n/i18n';
import { authStore } from '../features/auth/auth-store';
import { toast } from '../ui/toast-store';

export class ApiError extends Error {
  readonly code: number;
  /** What the reply carried besides the code (3018 names the meeting's uri). */
  readonly payload: unknown;
  /** The catalogue key of the server's message: how to tell outcomes of one code apart. */
  readonly key: ErrorKey | null;
  constructor(code: number, msg: string, payload: unknown = null, key: ErrorKey | null = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.payload = payload;
    this.key = key;
  }
}

/** Codes that mean "the request never got a reply" (not from the server's catalogue). */
export const NETWORK_ERROR = -100;
export const TIMEOUT_ERROR = -101;

export interface RequestOptions {
  /** The caller shows the error itself (e.g. beside a form field), so no toast. */
  silent?: boolean;
  /**
   * A report call (client logs): a 203 only fails the call; the sign-in is left alone
   * (SPEC.md section 8: "except report calls").
   */
  report?: boolean;
  /** The token to send instead of the stored one (a sign-out that already cleared it). */
  token?: string;
}

const authFailedListeners = new Set<() => void>();
export function onAuthFailed(listener: () => void): () => void {
  authFailedListeners.add(listener);
  return () => authFailedListeners.delete(listener);
}

/**
 * The sign-in of `token` no longer works (a 203, or the server closed the message socket it
 * opened): the local sign-in is cleared, unless a newer one (another tab's) replaced it, and the
 * listeners move the user to sign-in (SPEC.md section 4, "Auth").
 */
export function signInLost(token: string | null): void {
  // Read afresh: another tab may have stored a newer sign-in that this one has not heard of.
  authStore.refresh();
  if (token && authStore.getSnapshot().token === token) authStore.clear();
  for (const listener of authFailedListeners) listener();
}

const refusalListeners = new Set<(error: ApiError) => void>();
/**
 * Hears every refusal the server answers with a catalogue key (the upgrade prompt listens for
 * Pro-only features), whether or not the caller shows it.
 */
export function onApiRefusal(listener: (error: ApiError) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

function commonFields() {
  return {
    appName: 'web',
    version: `web/${CLIENT_VERSION}`,
    language,
    useragent: navigator.userAgent,
  };
}

/** Throws the error, shown as a toast unless the caller shows it itself. */
export function fail(error: ApiError, options: RequestOptions): never {
  if (!options.silent && error.message) toast.error(error.message);
  throw error;
}

/**
 * The one fetch of the API: POSTs to `/api/<path>` with the language, the stored token and the
 * common fields (JSON, or appended to a FormData body), under the request timeout. A request that
 * gets no reply (network, timeout) fails with an ApiError; any reply is the caller's to read.
 */
export async function apiFetch(
  path: ApiPath | ApiFilePath,
  body: object,
  options: RequestOptions,
): Promise<{ response: Response; token: string | null }> {
  // The header too, because a multipart body is not read before the server picks the language.
  const headers: Record<string, string> = { language };
  const token = options.token ?? authStore.getSnapshot().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit;
  if (body instanceof FormData) {
    // Fields before the file so the server can read them while streaming the upload.
    const form = new FormData();
    for (const [key, value] of Object.entries(commonFields())) form.append(key, value);
    for (const [key, value] of body.entries()) form.append(key, value);
    payload = form;
  } else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify({ ...commonFields(), ...body });
  }

  const init = { method: 'POST', headers, body: payload };
  return { response: await fetchApi(path, init, options), token };
}

/**
 * `/api/<path>` fetched under the request timeout. A request that gets no reply (network,
 * timeout) fails with an ApiError, shown unless the caller shows it itself.
 */
async function fetchApi(path: string, init: RequestInit, options: RequestOptions) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(`/api/${path}`, { ...init, signal: controller.signal });
  } catch {
    const timedOut = controller.signal.aborted;
    return fail(
      new ApiError(
        timedOut ? TIMEOUT_ERROR : NETWORK_ERROR,
        i18n.t(timedOut ? 'common.timeout' : 'common.networkError'),
      ),
      options,
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GETs `/api/<path>`, a call of the route table's GETs (apiGetRoutes: no body, no sign-in),
 * under the request timeout; its reply is read as apiPost's is.
 */
export async function apiGet<P extends ApiGetPath>(
  path: P,
  options: RequestOptions = {},
): Promise<ApiGetResult<P>> {
  const response = await fetchApi(path, { headers: { language } }, options);
  return (await readReply(response, null, options)) as ApiGetResult<P>;
}

/**
 * A refusal's text from the page's own error catalogue (`errors.<key>`), in the language shown
 * now; the server's text where the reply has no key, or where the server filled values into it
 * (a field, a limit) that the key alone cannot give.
 */
export function refusalText(reply: { msg: string; key?: ErrorKey }): string {
  if (!reply.key) return reply.msg;
  const key = `errors.${reply.key}` as TKey;
  // Not in the language shown (its catalogue still loading): the server's text is in it.
  if (!i18n.has(key)) return reply.msg;
  const text = i18n.t(key);
  return text.includes('{{') ? reply.msg : text;
}

/** What a call to `P` sends: its body as the route table gives it, or an upload's form. */
export type RequestBody<P extends ApiPath> = P extends ApiUploadPath ? FormData : ApiBody<P>;

/**
 * POSTs to `/api/<path>`, typed by the route table (@meet/shared `api/routes.ts`), which the
 * server validates by too. `body` is sent as JSON with the common fields; an upload's FormData
 * gets the common fields appended as form fields instead. The reply is not parsed here (that
 * would bring zod into the page): the server answers only what its reply schema lets through.
 */
export async function apiPost<P extends ApiPath>(
  path: P,
  body: RequestBody<P>,
  options: RequestOptions = {},
): Promise<ApiResult<P>> {
  const { response, token } = await apiFetch(path, body, options);
  return (await readReply(response, token, options)) as ApiResult<P>;
}

/**
 * The payload of a `{ code, msg, payload }` reply to a request sent with `token`; a non-zero
 * code throws (203 also ends the sign-in), and a renewed token in the reply's header is kept.
 */
export async function readReply(
  response: Response,
  token: string | null,
  options: RequestOptions,
): Promise<unknown> {
  let reply: ApiReply<unknown>;
  try {
    reply = (await response.json()) as ApiReply<unknown>;
  } catch {
    fail(new ApiError(NETWORK_ERROR, i18n.t('common.networkError')), options);
  }

  if (reply.code === ResultCode.authFailed && !options.report) {
    // Only the token we sent is void; a newer one from another tab must survive.
    signInLost(token);
    fail(new ApiError(reply.code, refusalText(reply)), options);
  }
  if (reply.code !== ResultCode.success) {
    const text = refusalText(reply);
    const refusal = new ApiError(reply.code, text, reply.payload, reply.key ?? null);
    for (const listener of refusalListeners) listener(refusal);
    fail(refusal, options);
  }

  const renewed = response.headers.get('authorization');
  if (renewed && renewed !== authStore.getSnapshot().token && authStore.getSnapshot().token) {
    authStore.setToken(renewed.replace(/^Bearer\s+/i, ''));
  }
  return reply.payload;
}
