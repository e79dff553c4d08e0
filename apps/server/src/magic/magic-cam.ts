/**
 * Magic Cam sessions on this node: getToken opens one (refused with 4038 when the user's
 * credits do not cover a minute of a server-side engine; the in-browser looks are free), a
 * `/magic` socket attaches to it by its token, every MAGIC_METER_MS the running ones are
 * metered and those of a paid engine charged, and one whose socket went away
 * waits MAGIC_RECONNECT_GRACE_SECONDS for the same token to come back before it is ended.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  CONFERENCE_STATUS,
  MAGIC_CREDITS_PER_MINUTE,
  type MagicEngine,
  type MagicToken,
} from '@meet/shared';
import type { MagicConfig } from '../config/config.js';
import type { HostControl } from '../conferences/host-control.js';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { ConferencesRepository } from '../conferences/conferences-repository.js';
import type { CreditsRepository } from '../payments/credits-repository.js';
import { MagicSession } from './magic-session.js';
import type { SessionsRepository } from './sessions-repository.js';

export interface MagicCamDeps {
  sessions: SessionsRepository;
  credits: CreditsRepository;
  hostControl: HostControl;
  conferences: ConferencesRepository;
  clock: Clock;
  config: MagicConfig;
  log: FastifyBaseLogger;
}

interface Live {
  session: MagicSession;
  /** Which attachment holds it: a newer socket with the same token takes it over. */
  generation: number;
  grace: NodeJS.Timeout | undefined;
  /** When (on the app's clock) its socket went away; undefined while one holds it. */
  awaySince: number | undefined;
}

export interface Attachment {
  session: MagicSession;
  generation: number;
}

export class MagicCam {
  private readonly live = new Map<number, Live>();
  private readonly meter: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly deps: MagicCamDeps) {
    this.meter = setInterval(() => void this.tick(), deps.config.meterMs);
    this.meter.unref();
  }

  /** The streaming server when one is set, else the browser's WebGL looks. */
  get engine(): MagicEngine {
    return this.deps.config.camUrl ? 'stream' : 'webgl';
  }

  /** getToken (type 0: in a meeting I am in now) and getHomePageToken (type 1). */
  async open(user: UserRow, where: { type: 0 | 1; conferenceUri?: string }): Promise<MagicToken> {
    const { credits, sessions } = this.deps;
    let conferenceId: number | null = null;
    if (where.type === 0) {
      const conf = await this.deps.hostControl.find({ conferenceUri: where.conferenceUri });
      if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
      const members = await this.deps.conferences.activeMembers(conf.id);
      if (!members.some((m) => m.userId === user.id)) throw AppError.forbidden('notInMeeting');
      conferenceId = conf.id;
    }
    const balance = await credits.balance(user.id);
    // Only a server-side engine's minutes cost credits: the in-browser looks open at any balance.
    const creditsPerMinute = MAGIC_CREDITS_PER_MINUTE[this.engine];
    if (balance < creditsPerMinute) throw AppError.outOfPoints('magicOutOfPoints');
    const { token } = await sessions.open({ userId: user.id, conferenceId, engine: this.engine });
    return { token, engine: this.engine, creditsPerMinute, balance };
  }

  /**
   * The session a socket's token opens, taken over from an earlier socket if there is one;
   * undefined when the token is unknown, the session ended, or it was away past the grace.
   */
  async attach(token: string): Promise<Attachment | undefined> {
    if (this.closed) return undefined;
    const { sessions, clock, config } = this.deps;
    const row = await sessions.byToken(token);
    if (!row || row.endedAt) return undefined;
    const held = this.live.get(row.id);
    const awaySince = held ? held.awaySince : row.pausedAt?.getTime();
    if (awaySince !== undefined && clock.now() - awaySince > config.reconnectGraceMs) {
      if (held) await held.session.handleEnd('wsError');
      else await sessions.end(row.id, 'wsError');
      return undefined;
    }
    if (held) {
      clearTimeout(held.grace);
      held.grace = undefined;
      held.awaySince = undefined;
      held.generation += 1;
      held.session.emit('replaced');
      return { session: held.session, generation: held.generation };
    }
    const session = new MagicSession(row, this.deps);
    const live: Live = { session, generation: 0, grace: undefined, awaySince: undefined };
    this.live.set(row.id, live);
    session.once('closed', () => {
      clearTimeout(live.grace);
      if (this.live.get(row.id) === live) this.live.delete(row.id);
    });
    return { session, generation: 0 };
  }

  /** A socket went away: its session pauses and waits the grace for the token to return. */
  detach({ session, generation }: Attachment): void {
    const live = this.live.get(session.id);
    if (!live || live.generation !== generation || live.session !== session) return;
    live.awaySince = this.deps.clock.now();
    void session.handlePause().catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'a magic session could not pause');
    });
    if (this.closed) return;
    live.grace = setTimeout(() => {
      this.expire(live).catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'a magic session could not end');
      });
    }, this.deps.config.reconnectGraceMs);
    live.grace.unref();
  }

  /**
   * The grace ran out with no socket back here. Its token may have gone to another node,
   * which then holds it (its start cleared the pause): this node only lets it go.
   */
  private async expire(live: Live): Promise<void> {
    const row = await this.deps.sessions.byId(live.session.id);
    if (row?.pausedAt) await live.session.handleEnd('wsError');
    else if (this.live.get(live.session.id) === live) this.live.delete(live.session.id);
  }

  /**
   * Every sign-in of the user ended (a password reset): their sessions end, those running here
   * with their sockets, the others in the database so that no token of theirs opens one again.
   * Ended as `stop`, as the user's own stop: the app tells the sign-out itself.
   */
  async endSessionsOf(userId: number): Promise<void> {
    const mine = [...this.live.values()].filter(({ session }) => session.userId === userId);
    await Promise.all(mine.map(({ session }) => session.handleEnd('stop')));
    await this.deps.sessions.endAllOf(userId, 'stop');
  }

  /** The running stream-engine session of a token on this node, for its HTTP frame stream. */
  async streamOf(token: string): Promise<MagicSession | 'unknown' | undefined> {
    const row = await this.deps.sessions.byToken(token);
    if (!row) return 'unknown';
    const session = this.live.get(row.id)?.session;
    return session && session.engine === 'stream' && !session.ended ? session : undefined;
  }

  /** Meters every running session now (also after the development clock moved). */
  async tick(): Promise<void> {
    await Promise.all(
      [...this.live.values()].map(({ session }) =>
        session.tick().catch((error: unknown) => {
          this.deps.log.warn({ err: error, session: session.id }, 'magic metering failed');
        }),
      ),
    );
  }

  /** The server stops: sessions stay open in the database for their sockets to come back. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.meter);
    for (const live of this.live.values()) clearTimeout(live.grace);
    await Promise.all([...this.live.values()].map(({ session }) => session.settled()));
  }
}
