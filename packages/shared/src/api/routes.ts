/**
 * The API's route table: every POST under /api/ that clients call (apiGetRoutes: the GETs),
 * keyed by its path under /api/ (the string the web app passes to apiPost), with the schema the
 * server validates the body with and the schema of the reply's payload. The server registers
 * each route with exactly these schemas (apps/server/src/lib/contract.ts;
 * test/api-contract.test.ts fails on drift), and the web app types its calls by them, importing
 * types only so zod stays out of its bundle.
 */
import type { z } from 'zod';
import type { ApiFileRoute, ApiGetRoute, ApiRoute } from './api-route.js';
import { accountRoutes } from './account-routes.js';
import { billingRoutes } from './billing-routes.js';
import { captionsFileRoutes, captionsRoutes } from './captions-routes.js';
import { conferenceGetRoutes, conferenceRoutes } from './conference-routes.js';
import { magicRoutes } from './magic-routes.js';
import { recordRoutes } from './record-routes.js';
import { voteFileRoutes, voteRoutes } from './vote-routes.js';

export type { ApiFileRoute, ApiGetRoute, ApiRoute } from './api-route.js';

/** The calls answered with the `{ code, msg, payload }` envelope. */
export const apiRoutes = {
  ...accountRoutes,
  ...conferenceRoutes,
  ...captionsRoutes,
  ...recordRoutes,
  ...voteRoutes,
  ...billingRoutes,
  ...magicRoutes,
} as const satisfies Record<string, ApiRoute>;

/** The calls answered with a file (a refusal is still the envelope). */
export const apiFileRoutes = {
  ...captionsFileRoutes,
  ...voteFileRoutes,
} as const satisfies Record<string, ApiFileRoute>;

/** The calls made with GET and no body, answered with the envelope. */
export const apiGetRoutes = {
  ...conferenceGetRoutes,
} as const satisfies Record<string, ApiGetRoute>;

export type ApiPath = keyof typeof apiRoutes;
export type ApiGetPath = keyof typeof apiGetRoutes;
export type ApiFilePath = keyof typeof apiFileRoutes;

/** The calls whose body is a multipart form with a file. */
export type ApiUploadPath = {
  [P in ApiPath]: (typeof apiRoutes)[P] extends { upload: true } ? P : never;
}[ApiPath];

/** Fields every client call carries, added by the client's fetch itself (SPEC.md section 9). */
export type ApiCommonField = 'appName' | 'version' | 'language' | 'useragent';

/** A body with the common fields left to the client's fetch (a caller may still set one). */
type WithoutCommon<T> = T extends object
  ? [Extract<keyof T, ApiCommonField>] extends [never]
    ? T
    : Omit<T, ApiCommonField> & Partial<Pick<T, Extract<keyof T, ApiCommonField>>>
  : T;

type RouteAt<P extends ApiPath | ApiFilePath> = (typeof apiRoutes & typeof apiFileRoutes)[P];

/**
 * What a caller sends to `P`: the input of its body schema; `{}` for a call that reads no body
 * (an upload's form is not described here: see ApiUploadPath).
 */
export type ApiBody<P extends ApiPath | ApiFilePath> = P extends unknown
  ? RouteAt<P> extends { body: infer B extends z.ZodType }
    ? WithoutCommon<NonNullable<z.input<B>>>
    : Record<string, never>
  : never;

/** The payload a success reply of `P` carries. */
export type ApiResult<P extends ApiPath> = z.output<(typeof apiRoutes)[P]['reply']>;

/** The payload a success reply of the GET call `P` carries. */
export type ApiGetResult<P extends ApiGetPath> = z.output<(typeof apiGetRoutes)[P]['reply']>;
