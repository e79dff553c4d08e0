/**
 * Accounts and sign-in: users, sessions (a cached token lookup dropped on every node when an
 * account changes), AI credits, sign-in codes by mail and text, QR and Google sign-in.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { EmailCodeType } from '@meet/shared';
import { clusterPrefix } from '../cluster/cluster-setup.js';
import { sha256 } from '../lib/crypto.js';
import { Passwords } from '../lib/passwords.js';
import { CreditsRepository } from '../payments/credits-repository.js';
import { CodeStore, emailChannel, phoneChannel } from '../sign-in/code-store.js';
import { ScanLoginsRepository } from '../sign-in/scan-logins-repository.js';
import { SessionsRepository } from '../sessions/sessions-repository.js';
import { UsersRepository } from '../accounts/users-repository.js';
import { provide } from '../services.js';
import { AccountChanges } from '../sessions/account-changes.js';
import { SessionCache } from '../sessions/session-cache.js';
import { SignedInSockets } from '../sessions/signed-in-sockets.js';
import { GoogleSignIn } from '../sign-in/google-sign-in.js';
import { createSignInThrottle } from '../sign-in/sign-in-throttle.js';
import { createSmsSender } from '../sms/sms-sender.js';
import type { SignInThrottle } from '../sign-in/sign-in-throttle.js';
import type { SmsSender } from '../sms/sms-sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
    /** AI-credit balances and the ledger: charges are atomic and never below zero. */
    credits: CreditsRepository;
    sessions: SessionsRepository;
    /** Password hashes: Argon2id, older scrypt ones still verified and replaced at sign-in. */
    passwords: Passwords;
    /** Wrong passwords counted per client address (and email): never a lock on the account. */
    signInThrottle: SignInThrottle;
    /** Announces changes to accounts and sessions (to every node with REDIS_URL) after commit. */
    accountChanges: AccountChanges;
    /** This node's sockets opened with a sign-in token: closed when that sign-in ends. */
    signedInSockets: SignedInSockets;
    emailCodes: CodeStore<EmailCodeType>;
    /** Text messages (sign-in codes). */
    sms: SmsSender;
    phoneCodes: CodeStore<'signIn'>;
    /** Sign-in by QR code. */
    scanLogins: ScanLoginsRepository;
    /** Sign-in with Google (OpenID Connect). */
    google: GoogleSignIn;
  }
}

export default fp(
  async (app) => {
    const { config, database, clock } = app;
    // Who a token belongs to is kept for a moment; every account change drops it, on every node.
    const sessionCache = new SessionCache();
    const accountChanges = new AccountChanges(sessionCache, database.afterCommit, app.log);
    if (config.redisUrl) {
      // One channel per database: the nodes that share it, and no one else on the same Redis.
      const prefix = config.databaseUrl
        ? clusterPrefix(config.databaseUrl)
        : `meet:${sha256(`pglite:${path.resolve(config.dataDir)}`).slice(0, 12)}`;
      await accountChanges.connect(config.redisUrl, `${prefix}:account-changes`);
    }
    const users = new UsersRepository(database.db, clock, accountChanges);
    const sessions = new SessionsRepository(
      database.db,
      clock,
      sessionCache,
      accountChanges,
      config.sessionIdleMs,
    );
    await sessions.applyIdleLimit();
    const passwords = new Passwords();
    const throttle = await createSignInThrottle(
      config.limits.signInFailures,
      config.cluster && config.redisUrl && config.databaseUrl
        ? { redisUrl: config.redisUrl, prefix: clusterPrefix(config.databaseUrl) }
        : undefined,
      clock,
      app.log,
    );
    app.addHook('onClose', async () => {
      accountChanges.close();
      throttle.close();
    });
    const codeLimits = {
      perAddressPerDay: config.limits.emailCodesPerEmailPerDay,
      perIpPerDay: config.limits.emailCodesPerIpPerDay,
    };
    provide(app, {
      accountChanges,
      users,
      credits: new CreditsRepository(database.db, clock, accountChanges),
      sessions,
      passwords,
      signInThrottle: throttle.throttle,
      signedInSockets: new SignedInSockets(
        accountChanges,
        async (token) => (await sessions.userOf(token)) !== undefined,
        app.log,
      ),
      emailCodes: new CodeStore<EmailCodeType>(database.db, clock, codeLimits, emailChannel),
      phoneCodes: new CodeStore<'signIn'>(database.db, clock, codeLimits, phoneChannel),
      sms: createSmsSender(
        config.sms,
        config.dataDir,
        app.log,
        () => clock.now(),
        config.env !== 'production',
      ),
      scanLogins: new ScanLoginsRepository(database.db, clock),
      google: new GoogleSignIn(config.google, database, users, clock, app.log, passwords),
    });
  },
  { name: 'accounts', dependencies: ['core'] },
);
