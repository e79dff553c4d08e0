/**
 * Accounts and sign-in: users, sessions (a cached token lookup dropped on every node when an
 * account changes), AI credits, sign-in codes by mail and text, QR and Google sign-in.
 */
import fp from 'fastify-plugin';
import { CreditsRepository } from '../repositories/credits-repository.js';
import { EmailCodesRepository } from '../repositories/email-codes-repository.js';
import { PhoneCodesRepository } from '../repositories/phone-codes-repository.js';
import { ScanLoginsRepository } from '../repositories/scan-logins-repository.js';
import { SessionsRepository } from '../repositories/sessions-repository.js';
import { UsersRepository } from '../repositories/users-repository.js';
import { provide } from '../services.js';
import { AccountChanges } from '../sessions/account-changes.js';
import { SessionCache } from '../sessions/session-cache.js';
import { GoogleSignIn } from '../sign-in/google-sign-in.js';
import { createSmsSender } from '../sms/sms-sender.js';

export default fp(
  async (app) => {
    const { config, database, clock } = app.services;
    // Who a token belongs to is kept for a moment; every account change drops it, on every node.
    const sessionCache = new SessionCache();
    const accountChanges = new AccountChanges(sessionCache, database.afterCommit, app.log);
    if (config.redisUrl) await accountChanges.connect(config.redisUrl);
    app.addHook('onClose', async () => {
      accountChanges.close();
    });
    const users = new UsersRepository(database.db, clock, accountChanges);
    const codeLimits = {
      perEmailPerDay: config.limits.emailCodesPerEmailPerDay,
      perIpPerDay: config.limits.emailCodesPerIpPerDay,
    };
    provide(app, {
      accountChanges,
      users,
      credits: new CreditsRepository(database.db, clock, accountChanges),
      sessions: new SessionsRepository(database.db, clock, sessionCache, accountChanges),
      emailCodes: new EmailCodesRepository(database.db, clock, codeLimits),
      phoneCodes: new PhoneCodesRepository(database.db, clock, codeLimits),
      sms: createSmsSender(config.sms, config.dataDir, app.log, () => clock.now()),
      scanLogins: new ScanLoginsRepository(database.db, clock),
      google: new GoogleSignIn(config.google, database, users, clock, app.log),
    });
  },
  { name: 'accounts', dependencies: ['core'] },
);
