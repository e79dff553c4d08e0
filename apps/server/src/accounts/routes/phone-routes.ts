/**
 * Sign-in by text message (SPEC.md section 7, "User"): `/tool/send-sms` sends a six-digit code
 * to a number, `/user/phone-login` signs in with it (making an account for a new number, named
 * by the masked number and flagged `newAccount` so the app asks for a name). The same limits
 * and texts as email codes.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNUP_AI_CREDITS, maskPhone, serverText } from '@meet/shared';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import { signInPayload } from './sign-in-reply.js';

export default async function phoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users, phoneCodes, sms, database } = app;
  const { limits } = app.config;
  // Per IP, and per number named, like the email calls.
  const limited = {
    rateLimit: { max: limits.authPerMinute, timeWindow: 60_000 },
    accountLimit: { max: limits.authPerAccountPerMinute, by: 'phone' as const },
  };
  const tags = ['user'];

  app.post(
    '/tool/send-sms',
    {
      config: limited,
      schema: { tags, ...contract('tool/send-sms') },
    },
    async (request) => {
      const { phone } = request.body;
      const code = await phoneCodes.issue(phone, 'signIn', request.ip);
      await sms.send({
        to: phone,
        text: serverText('codeSmsText', requestLanguage(request), { code }),
      });
      return ok(request, null);
    },
  );

  app.post(
    '/user/phone-login',
    {
      config: limited,
      schema: { tags, ...contract('user/phone-login') },
    },
    async (request, reply) => {
      const { phone, code } = request.body;
      // The code first: a wrong guess costs a try before anything else is done.
      await phoneCodes.check(phone, 'signIn', code, { consume: true });
      let user = await users.findByPhone(phone);
      let newAccount = false;
      if (!user) {
        try {
          user = await database.db.transaction((tx) =>
            users.createWithoutPassword(tx, {
              phone,
              userName: maskPhone(phone),
              credits: SIGNUP_AI_CREDITS,
            }),
          );
          newAccount = true;
        } catch (error) {
          // The same number's first sign-in, twice at once: the other one made the account.
          if (!isUniqueViolation(error)) throw error;
          user = await users.findByPhone(phone);
          if (!user) throw error;
        }
      }
      const payload = await signInPayload(app, user, reply);
      // Its name is only the masked number until the person picks one (issue 30).
      return ok(request, newAccount ? { ...payload, newAccount } : payload);
    },
  );
}
