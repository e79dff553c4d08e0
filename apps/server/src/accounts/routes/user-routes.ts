/** The account calls of SPEC.md section 7 ("User"), under /api/user. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNUP_AI_CREDITS, serverText } from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { UserRow } from '../../db/schema/index.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';
import { changeAvatar } from './avatar-routes.js';
import { acceptUploads } from '../../plugins/uploads.js';

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users, sessions, emailCodes, mailer, database, passwords, signInThrottle } = app;
  const { limits } = app.config;
  const perIp = { rateLimit: { max: limits.authPerMinute, timeWindow: 60_000 } };
  // Per IP, and per email address named (guessing one address's code from many addresses).
  const limited = {
    ...perIp,
    accountLimit: { max: limits.authPerAccountPerMinute, by: 'email' as const },
  };
  const tags = ['user'];

  /** Issues a token, returns it in the payload and the `authorization` header. */
  async function signIn(user: UserRow, reply: { header(k: string, v: string): unknown }) {
    const token = await sessions.issue(user.id);
    reply.header('authorization', token);
    return { token, userInfo: await users.selfInfo(user) };
  }

  app.post(
    '/generateEmailVerifyCode',
    {
      config: limited,
      schema: { tags, ...contract('user/generateEmailVerifyCode') },
    },
    async (request) => {
      const { email, type } = request.body;
      const existing = await users.findByEmail(email);
      // Sign-up says so (SPEC.md section 8); a reset answers alike whether or not the address
      // has an account, so no one learns which do from it.
      if (type === 'register' && existing) throw AppError.badRequest('emailRegistered');
      // Made either way, so the send limits count both alike; mailed only to an account.
      const code = await emailCodes.issue(email, type, request.ip);
      const language = requestLanguage(request);
      const mail = {
        to: email,
        subject: serverText('codeMailSubject', language, { code }),
        text: serverText('codeMailText', language, { code }),
      };
      if (type === 'register') await mailer.send(mail);
      // Not waited for: how long sending takes would tell that the address has an account.
      else if (existing) {
        mailer.send(mail).catch((error: unknown) => {
          request.log.error({ err: error }, 'a password reset code could not be mailed');
        });
      }
      return ok(request, null);
    },
  );

  app.post(
    '/verifyEmailCode',
    {
      config: limited,
      schema: { tags, ...contract('user/verifyEmailCode') },
    },
    async (request) => {
      const { email, code, type } = request.body;
      await emailCodes.check(email, type, code, { consume: false });
      return ok(request, null);
    },
  );

  app.post(
    '/emailRegister',
    {
      config: limited,
      schema: { tags, ...contract('user/emailRegister') },
    },
    async (request, reply) => {
      const { email, code, password } = request.body;
      if (await users.findByEmail(email)) throw AppError.badRequest('emailRegistered');
      // The code first: a wrong guess costs a try before any other work is done.
      await emailCodes.check(email, 'register', code, { consume: true });
      const passwordHash = await passwords.hash(password);
      let user: UserRow;
      try {
        user = await database.db.transaction((tx) =>
          users.createRegistered(tx, { email, passwordHash, credits: SIGNUP_AI_CREDITS }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.badRequest('emailRegistered');
        throw error;
      }
      return ok(request, await signIn(user, reply));
    },
  );

  app.post(
    '/emailLogin',
    {
      // Not limited per email: that let anyone lock an account's owner out. Wrong passwords
      // are throttled by where they come from instead (sign-in/sign-in-throttle.ts).
      config: perIp,
      schema: { tags, ...contract('user/emailLogin') },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await signInThrottle.check(request.ip, email);
      const user = await users.findByEmail(email);
      // One answer, after one password hash, whether or not the address has an account.
      const stored = user?.passwordHash ?? null;
      const right = await passwords.verify(password, stored);
      if (!user || !right) {
        await signInThrottle.failed(request.ip, email);
        throw AppError.badRequest('signInFailed');
      }
      await signInThrottle.succeeded(request.ip, email);
      if (stored && passwords.needsRehash(stored)) {
        // An older hash (scrypt) becomes today's now that the password is known to be right.
        const passwordHash = await passwords.hash(password);
        return ok(request, await signIn(await users.update(user.id, { passwordHash }), reply));
      }
      return ok(request, await signIn(user, reply));
    },
  );

  app.post(
    '/resetEmailPassword',
    {
      config: limited,
      schema: { tags, ...contract('user/resetEmailPassword') },
    },
    async (request, reply) => {
      const { email, code, password } = request.body;
      // The code first: without one mailed to it, an address without an account answers as a
      // wrong code would, never "not registered".
      await emailCodes.check(email, 'reset', code, { consume: true });
      const user = await users.findByEmail(email);
      if (!user) throw AppError.badRequest('codeVoid');
      const passwordHash = await passwords.hash(password);
      // Every other sign-in ends with the old password.
      const updated = await database.db.transaction(async (tx) => {
        await sessions.revokeAllOf(user.id, 'passwordChanged', tx);
        return users.update(user.id, { passwordHash }, tx);
      });
      return ok(request, await signIn(updated, reply));
    },
  );

  app.post(
    '/visitorLogin',
    {
      config: limited,
      schema: { tags, ...contract('user/visitorLogin') },
    },
    async (request, reply) => {
      const user = await users.findOrCreateVisitor(request.body.uuid);
      return ok(request, await signIn(user, reply));
    },
  );

  app.post(
    '/logout',
    { onRequest: authenticate, schema: { tags, ...contract('user/logout') } },
    async (request) => {
      await sessions.revoke(request.token!);
      return ok(request, null);
    },
  );

  app.post(
    '/getUserInfo',
    { onRequest: authenticate, schema: { tags, ...contract('user/getUserInfo') } },
    async (request) => ok(request, await users.selfInfo(signedInUser(request))),
  );

  app.post(
    '/updateUserInfo',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('user/updateUserInfo') },
    },
    async (request) => {
      const user = signedInUser(request);
      const { username } = request.body;
      if (username === user.userName) throw AppError.badRequest('nicknameUnchanged');
      return ok(request, await users.selfInfo(await users.update(user.id, { userName: username })));
    },
  );

  // The one upload of this folder, in a context of its own (see plugins/uploads.ts).
  await app.register(async (uploads) => {
    await acceptUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/changeAvatar',
      {
        onRequest: authenticate,
        schema: { tags, ...contract('user/changeAvatar') },
      },
      async (request) => ok(request, await changeAvatar(request)),
    );
  });
}
