/**
 * Sign-in with Google (OpenID Connect): `/google/start` sends the browser to Google,
 * `/google/callback` is where Google sends it back, `/firebaseLogin` (SPEC.md's name for the
 * third-party sign-in) signs in with the callback's ticket, and `/bindGoogle` links the Google
 * account to an existing one (the /binding page). The ticket is good only in the browser that
 * started: it carries an HttpOnly cookie set by `/google/start`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GOOGLE_TICKET_TTL_MS, safeSitePath } from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { siteUrlOf } from '../../lib/site-origin.js';
import { optionalRealUser, signInPayload } from './sign-in-reply.js';

const COOKIE = 'meet_google';
const COOKIE_PATH = '/api/user';

function browserSecretOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

export default async function googleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { google } = app;
  const { limits } = app.config;
  const limited = { rateLimit: { max: limits.authPerMinute, timeWindow: 60_000 } };
  const tags = ['user'];

  app.post(
    '/signInMethods',
    { schema: { tags, ...contract('user/signInMethods') } },
    async (request) => ok(request, { phone: true, google: google.enabled, scan: true }),
  );

  app.post(
    '/google/start',
    {
      config: limited,
      schema: { tags, ...contract('user/google/start') },
    },
    async (request, reply) => {
      if (!google.enabled) throw new AppError(-1, 403, 'googleUnavailable');
      const { purpose, from } = request.body;
      let userId: number | null = null;
      if (purpose === 'bind') {
        const signedIn = await optionalRealUser(app, request.headers.authorization);
        if (!signedIn) throw AppError.authFailed();
        userId = signedIn.user.id;
      }
      // Where Google sends the browser back: one of the site's own origins, never the Host's.
      const site = siteUrlOf(request);
      const started = await google.start({
        purpose,
        userId,
        // Only a path of this site, by the web app's rule for ?from=: never another origin.
        returnTo: safeSitePath(from) ?? '',
        redirectUri: `${site}/api/user/google/callback`,
      });
      const secure = site.startsWith('https:') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${COOKIE}=${started.browserSecret}; Path=${COOKIE_PATH}; Max-Age=${GOOGLE_TICKET_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
      );
      return ok(request, { url: started.url });
    },
  );

  app.get('/google/callback', { schema: { hide: true } }, async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const result = await google.callback(query);
    if ('failed' in result) {
      const page = result.purpose === 'bind' ? '/binding' : '/signin';
      return reply.redirect(`${page}?googleError=googleSignInFailed`, 302);
    }
    const ticket = encodeURIComponent(result.ticket);
    if (result.purpose === 'bind') return reply.redirect(`/binding?ticket=${ticket}`, 302);
    const from = result.returnTo ? `&from=${encodeURIComponent(result.returnTo)}` : '';
    return reply.redirect(`/signin?google=${ticket}${from}`, 302);
  });

  app.post(
    '/firebaseLogin',
    {
      config: limited,
      schema: { tags, ...contract('user/firebaseLogin') },
    },
    async (request, reply) => {
      const { ticket } = request.body;
      const result = await google.login(ticket, browserSecretOf(request));
      if (result.kind === 'bindingRequired') {
        throw new AppError(
          -1,
          409,
          'googleAccountExists',
          { email: result.email },
          { payload: { email: result.email, ticket } },
        );
      }
      return ok(request, await signInPayload(app, result.user, reply));
    },
  );

  app.post(
    '/bindGoogle',
    {
      config: limited,
      schema: { tags, ...contract('user/bindGoogle') },
    },
    async (request, reply) => {
      const signedIn = await optionalRealUser(app, request.headers.authorization);
      const account = await google.bind({
        ticket: request.body.ticket,
        browserSecret: browserSecretOf(request),
        user: signedIn?.user ?? null,
        password: request.body.password,
      });
      // Linked from a signed-in session: that session goes on; otherwise this is a sign-in.
      if (signedIn && signedIn.user.id === account.id) {
        return ok(request, {
          token: signedIn.token,
          userInfo: await app.users.selfInfo(account),
        });
      }
      return ok(request, await signInPayload(app, account, reply));
    },
  );
}
