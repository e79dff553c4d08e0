/** Reads and writes accounts and their AI-credit balance; each change to a row is announced. */
import { eq } from 'drizzle-orm';
import { USER_TYPE_BASIC, USER_TYPE_VISITOR, type SelfInfo } from '@meet/shared';
import type { Db } from '../db/database.js';
import { creditLedger, users, type UserRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { randomCode, randomDigits } from '../lib/crypto.js';
import { billingView } from '../payments/entitlements.js';
import type { AccountChanges } from '../sessions/account-changes.js';
import { isUniqueViolation } from '../db/db-errors.js';

function newIdentity() {
  return {
    code: randomCode(12),
    conferenceNumber: `${1 + (Number(randomDigits(1)) % 9)}${randomDigits(9)}`,
  };
}

export class UsersRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: AccountChanges,
  ) {}

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async findByVisitorUuid(uuid: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.visitorUuid, uuid));
    return row;
  }

  /** Creates a basic user and credits the sign-up gift in the same transaction. */
  async createRegistered(
    tx: Db,
    input: { email: string; passwordHash: string; credits: number },
  ): Promise<UserRow> {
    const now = new Date(this.clock.now());
    const identity = newIdentity();
    const [row] = await tx
      .insert(users)
      .values({
        ...identity,
        email: input.email,
        passwordHash: input.passwordHash,
        userName: input.email.split('@')[0]!.slice(0, 50),
        userType: USER_TYPE_BASIC,
        creditBalance: input.credits,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(creditLedger)
      .values({ userId: row!.id, delta: input.credits, reason: 'signup', createdAt: now });
    return row!;
  }

  async findByPhone(phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.phone, phone));
    return row;
  }

  async findByGoogleSub(sub: string, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.googleSub, sub));
    return row;
  }

  /**
   * Creates a basic user who signs in by phone or Google (no password) and credits the sign-up
   * gift in the same transaction.
   */
  async createWithoutPassword(
    tx: Db,
    input: {
      userName: string;
      credits: number;
      email?: string | null;
      phone?: string | null;
      googleSub?: string | null;
    },
  ): Promise<UserRow> {
    const now = new Date(this.clock.now());
    const [row] = await tx
      .insert(users)
      .values({
        ...newIdentity(),
        email: input.email ?? null,
        phone: input.phone ?? null,
        googleSub: input.googleSub ?? null,
        userName: input.userName.slice(0, 50),
        userType: USER_TYPE_BASIC,
        creditBalance: input.credits,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(creditLedger)
      .values({ userId: row!.id, delta: input.credits, reason: 'signup', createdAt: now });
    return row!;
  }

  /** Links a Google account for sign-in (unique: one account per Google subject). */
  async linkGoogle(id: number, sub: string, tx: Db = this.db): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ googleSub: sub, updatedAt: new Date(this.clock.now()) })
      .where(eq(users.id, id))
      .returning();
    this.changes.userChanged(id);
    return row!;
  }

  /** The visitor account of a device: the same uuid always gets the same account. */
  async findOrCreateVisitor(uuid: string): Promise<UserRow> {
    const existing = await this.findByVisitorUuid(uuid);
    if (existing) return existing;
    const now = new Date(this.clock.now());
    const identity = newIdentity();
    try {
      const [row] = await this.db
        .insert(users)
        .values({
          ...identity,
          visitorUuid: uuid,
          isVisitor: true,
          userName: `Guest-${identity.code.slice(0, 4).toUpperCase()}`,
          userType: USER_TYPE_VISITOR,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    } catch (error) {
      // Two first requests of one device raced; the other one created it.
      if (isUniqueViolation(error)) {
        const row = await this.findByVisitorUuid(uuid);
        if (row) return row;
      }
      throw error;
    }
  }

  async update(
    id: number,
    fields: Partial<Pick<UserRow, 'userName' | 'avatarUrl' | 'passwordHash'>>,
    tx: Db = this.db,
  ): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ ...fields, updatedAt: new Date(this.clock.now()) })
      .where(eq(users.id, id))
      .returning();
    this.changes.userChanged(id);
    return row!;
  }

  async selfInfo(user: UserRow): Promise<SelfInfo> {
    return {
      userId: user.id,
      userConferenceId: user.conferenceNumber,
      code: user.code,
      avatar: user.avatarUrl,
      email: user.email ?? '',
      userName: user.userName,
      // The plan as of now: Pro that ran out shows as basic even before it is written down.
      ...billingView(user, this.clock.now()),
      energyPoint: user.creditBalance,
      isVisitor: user.isVisitor,
      phone: user.phone ?? '',
      googleLinked: user.googleSub !== null,
    };
  }
}
