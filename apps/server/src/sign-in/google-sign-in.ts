/**
 * Sign-in with Google through OpenID Connect (the `openid-client` library): the authorization
 * code flow with PKCE, state and nonce kept on our side. The callback turns Google's answer into
 * a one-time ticket, good only in the browser that started (an HttpOnly cookie), which the app
 * then uses: to sign in (or make an account), or on /binding to link Google to an account.
 *
 * An address that already has an account is never taken over by Google's word alone: linking it
 * needs that account's password, or the signed-in account asking for it.
 */
import * as client from 'openid-client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GOOGLE_TICKET_TTL_MS, SIGNUP_AI_CREDITS } from '@meet/shared';
import type { GoogleConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import { googleSignIns, type GoogleSignInRow, type UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { newToken, sha256 } from '../lib/crypto.js';
import type { Passwords } from '../lib/passwords.js';
import type { UsersRepository } from '../accounts/users-repository.js';
import { isUniqueViolation } from '../db/db-errors.js';

export type GooglePurpose = 'login' | 'bind';

/** What the app gets back from Google, by way of the callback. */
export interface CallbackResult {
  purpose: GooglePurpose;
  ticket: string;
  returnTo: string;
}

export type LoginResult =
  | { kind: 'signedIn'; user: UserRow }
  /** The Google address belongs to an account not linked yet: link it on /binding. */
  | { kind: 'bindingRequired'; email: string };

const unavailable = () => new AppError(-1, 403, 'googleUnavailable');
const invalidTicket = () => AppError.badRequest('googleTicketInvalid');

export class GoogleSignIn {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: GoogleConfig | undefined,
    private readonly database: Database,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly passwords: Passwords,
  ) {}

  get enabled(): boolean {
    return this.settings !== undefined;
  }

  /** Google's (or the configured issuer's) metadata, fetched once when first needed. */
  private config(): Promise<client.Configuration> {
    const settings = this.settings;
    if (!settings) return Promise.reject(unavailable());
    this.configuration ??= (async () => {
      const issuer = new URL(settings.issuer);
      // Plain http only for an issuer on this machine (a local provider in tests).
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      return client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: 10,
        ...(issuer.protocol === 'http:' && local
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      });
    })().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  /**
   * Where to send the browser to sign in with Google, and the secret for its cookie. `userId` is
   * the account asking to link Google (purpose bind).
   */
  async start(input: {
    purpose: GooglePurpose;
    userId: number | null;
    returnTo: string;
    redirectUri: string;
  }): Promise<{ url: string; browserSecret: string }> {
    let config: client.Configuration;
    try {
      config = await this.config();
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.log.warn({ err: error }, 'Google sign-in: the issuer could not be reached');
      throw AppError.badRequest('googleSignInFailed');
    }
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserSecret = newToken();
    const now = this.clock.now();
    await this.database.db.insert(googleSignIns).values({
      state,
      nonce,
      codeVerifier,
      redirectUri: input.redirectUri,
      purpose: input.purpose,
      userId: input.userId,
      returnTo: input.returnTo,
      browserHash: sha256(browserSecret),
      createdAt: new Date(now),
      expiresAt: new Date(now + GOOGLE_TICKET_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, browserSecret };
  }

  /**
   * Google's redirect back: checks state, nonce and PKCE, exchanges the code, and keeps who
   * Google says this is under a new one-time ticket; `failed` when this is not a sign-in we
   * started or Google did not complete it.
   */
  async callback(
    query: URLSearchParams,
  ): Promise<CallbackResult | { failed: true; purpose: GooglePurpose | null }> {
    const failed = (purpose: GooglePurpose | null = null) => ({ failed: true as const, purpose });
    const state = query.get('state');
    if (!state || state.length > 200) return failed();
    const [row] = await this.database.db
      .select()
      .from(googleSignIns)
      .where(eq(googleSignIns.state, state));
    if (!row || row.subject !== null || row.expiresAt.getTime() <= this.clock.now())
      return failed();
    const purpose = row.purpose as GooglePurpose;
    if (query.get('error')) return failed(purpose);
    let claims: client.IDToken | undefined;
    try {
      const config = await this.config();
      const currentUrl = new URL(row.redirectUri);
      currentUrl.search = query.toString();
      const tokens = await client.authorizationCodeGrant(
        config,
        currentUrl,
        {
          pkceCodeVerifier: row.codeVerifier,
          expectedState: row.state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: row.redirectUri },
      );
      claims = tokens.claims();
      // Google puts the address and name in the ID token; a provider that keeps them for its
      // userinfo endpoint is asked there (for the same subject).
      if (claims && claims.email === undefined && tokens.access_token) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        claims = {
          ...claims,
          email: info.email,
          email_verified: info.email_verified,
          name: info.name,
        };
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Google sign-in: the code exchange failed');
      return failed(purpose);
    }
    if (!claims?.sub) return failed(purpose);
    const ticket = newToken();
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    const [updated] = await this.database.db
      .update(googleSignIns)
      .set({
        subject: claims.sub,
        email,
        emailVerified: claims.email_verified === true ? 1 : 0,
        name: typeof claims.name === 'string' ? claims.name.trim().slice(0, 50) : null,
        ticketHash: sha256(ticket),
      })
      .where(and(eq(googleSignIns.state, state), isNull(googleSignIns.subject)))
      .returning();
    if (!updated) return failed(purpose);
    return { purpose, ticket, returnTo: updated.returnTo };
  }

  /** The completed sign-in a ticket names, if it is still good in this browser. */
  private async ticket(
    ticket: string,
    browserSecret: string | undefined,
  ): Promise<GoogleSignInRow> {
    if (!this.settings) throw unavailable();
    const [row] = await this.database.db
      .select()
      .from(googleSignIns)
      .where(
        and(
          eq(googleSignIns.ticketHash, sha256(ticket)),
          isNull(googleSignIns.usedAt),
          gt(googleSignIns.expiresAt, new Date(this.clock.now())),
        ),
      );
    if (!row?.subject || !browserSecret || row.browserHash !== sha256(browserSecret)) {
      throw invalidTicket();
    }
    return row;
  }

  /** Marks a ticket used, in the transaction that acts on it; false when another got there. */
  private async use(tx: Database['db'], row: GoogleSignInRow): Promise<boolean> {
    const used = await tx
      .update(googleSignIns)
      .set({ usedAt: new Date(this.clock.now()) })
      .where(and(eq(googleSignIns.state, row.state), isNull(googleSignIns.usedAt)))
      .returning({ state: googleSignIns.state });
    return used.length > 0;
  }

  /**
   * Signs in with a ticket: the linked account; or a new account when no account has the
   * Google address; or "binding required" when one does (the ticket stays good for /binding).
   */
  async login(ticket: string, browserSecret: string | undefined): Promise<LoginResult> {
    const row = await this.ticket(ticket, browserSecret);
    if (row.purpose !== 'login') throw invalidTicket();
    const sub = row.subject!;
    const email = row.emailVerified ? row.email : null;
    if (
      !(await this.users.findByGoogleSub(sub)) &&
      email &&
      (await this.users.findByEmail(email))
    ) {
      return { kind: 'bindingRequired', email };
    }
    try {
      const user = await this.database.db.transaction(async (tx) => {
        if (!(await this.use(tx, row))) throw invalidTicket();
        const linked = await this.users.findByGoogleSub(sub, tx);
        if (linked) return linked;
        return this.users.createWithoutPassword(tx, {
          userName: row.name || email?.split('@')[0] || 'Google user',
          credits: SIGNUP_AI_CREDITS,
          email,
          googleSub: sub,
        });
      });
      return { kind: 'signedIn', user };
    } catch (error) {
      // The address was registered a moment ago, by someone else.
      if (isUniqueViolation(error)) return { kind: 'bindingRequired', email: email ?? '' };
      throw error;
    }
  }

  /**
   * Links the ticket's Google account: to the signed-in account that asked for it (purpose
   * bind), or, signed out, to the account with the Google address once its password is given.
   * Returns the account, now linked.
   */
  async bind(input: {
    ticket: string;
    browserSecret: string | undefined;
    user: UserRow | null;
    password: string | undefined;
  }): Promise<UserRow> {
    const row = await this.ticket(input.ticket, input.browserSecret);
    const sub = row.subject!;
    let account: UserRow;
    if (row.purpose === 'bind') {
      if (!input.user || input.user.id !== row.userId) throw AppError.authFailed();
      account = input.user;
    } else {
      const found =
        row.emailVerified && row.email ? await this.users.findByEmail(row.email) : undefined;
      if (!found?.passwordHash) throw invalidTicket();
      if (!input.password) throw AppError.badRequest('fieldRequired', { field: 'password' });
      if (!(await this.passwords.verify(input.password, found.passwordHash))) {
        throw AppError.badRequest('incorrectPassword');
      }
      account = found;
    }
    if (account.googleSub && account.googleSub !== sub)
      throw AppError.badRequest('googleAlreadyLinked');
    const other = await this.users.findByGoogleSub(sub);
    if (other && other.id !== account.id) throw AppError.badRequest('googleLinkedElsewhere');
    try {
      return await this.database.db.transaction(async (tx) => {
        if (!(await this.use(tx, row))) throw invalidTicket();
        return this.users.linkGoogle(account.id, sub, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.badRequest('googleLinkedElsewhere');
      throw error;
    }
  }
}
