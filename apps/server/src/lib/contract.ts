/**
 * A route's schemas from the API's route table (@meet/shared `api/routes.ts`): the body the
 * server validates and the reply it answers, to spread into the route's `schema` beside its tags.
 * What the server checks is then exactly what the table says, and so what the web app's calls
 * are typed by; test/api-contract.test.ts fails on any route that does not take them from here.
 */
import {
  apiFileRoutes,
  apiGetRoutes,
  apiRoutes,
  replySchema,
  type ApiFilePath,
  type ApiGetPath,
  type ApiPath,
  type ApiRoute,
} from '@meet/shared';

const MULTIPART = ['multipart/form-data'];

type RouteAt<P extends ApiPath> = (typeof apiRoutes)[P];
type BodyOf<R> = R extends { body: infer B } ? { body: B } : unknown;
type ConsumesOf<R> = R extends { upload: true } ? { consumes: string[] } : unknown;
type ReplyOf<R> = R extends { reply: infer T extends ApiRoute['reply'] }
  ? { response: { 200: ReturnType<typeof replySchema<T>> } }
  : never;

/** `body` (when the call has one), `consumes` (uploads) and `response` of a table route. */
export type Contract<P extends ApiPath> = BodyOf<RouteAt<P>> &
  ConsumesOf<RouteAt<P>> &
  ReplyOf<RouteAt<P>>;

export function contract<P extends ApiPath>(path: P): Contract<P> {
  const route: ApiRoute = apiRoutes[path];
  return {
    ...(route.body ? { body: route.body } : {}),
    ...(route.upload ? { consumes: MULTIPART } : {}),
    response: { 200: replySchema(route.reply) },
  } as Contract<P>;
}

/** The body of a call answered with a file: a success reply is not the envelope. */
export function fileContract<P extends ApiFilePath>(
  path: P,
): { body: (typeof apiFileRoutes)[P]['body'] } {
  return { body: apiFileRoutes[path].body };
}

/** The reply of a call made with GET (apiGetRoutes): it reads no body. */
export function getContract<P extends ApiGetPath>(path: P): ReplyOf<(typeof apiGetRoutes)[P]> {
  return { response: { 200: replySchema(apiGetRoutes[path].reply) } } as ReplyOf<
    (typeof apiGetRoutes)[P]
  >;
}
