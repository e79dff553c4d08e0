/**
 * Sign-in by QR code: the waiting device gets a code (and a key only it holds), a signed-in
 * device that opens the code's link approves or denies it, and the waiting device collects the
 * sign-in exactly once. Codes expire; a used or denied code never signs anyone in.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SCAN_LOGIN_TTL_MS, type ScanStatus } from '@meet/shared';
import type { Db } from '../db/database.js';
import { scanLogins, type ScanLoginRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { newToken, randomCode, sha256 } from '../lib/crypto.js';

/** An approval close to the end still leaves the waiting device this long to collect it. */
const COLLECT_GRACE_MS = 30_000;

export function scanStatusOf(row: ScanLoginRow, now: number): ScanStatus {
  if (row.usedAt) return 'used';
  if (row.status === 'denied') return 'denied';
  if (row.expiresAt.getTime() <= now) return 'expired';
  return row.status as ScanStatus;
}

export class ScanLoginsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A new code; `deviceName` is what the server saw of the asking device. */
  async create(
    deviceName: string,
  ): Promise<{ scanId: string; pollKey: string; expiresAt: number }> {
    const now = this.clock.now();
    const scanId = randomCode(24);
    const pollKey = newToken();
    const expiresAt = now + SCAN_LOGIN_TTL_MS;
    await this.db.insert(scanLogins).values({
      scanId,
      pollKeyHash: sha256(pollKey),
      deviceName,
      status: 'waiting',
      createdAt: new Date(now),
      expiresAt: new Date(expiresAt),
    });
    return { scanId, pollKey, expiresAt };
  }

  async find(scanId: string): Promise<ScanLoginRow | undefined> {
    const [row] = await this.db.select().from(scanLogins).where(eq(scanLogins.scanId, scanId));
    return row;
  }

  /** The code for an approver to look at; opening it tells the waiting device it was scanned. */
  async open(scanId: string): Promise<ScanLoginRow> {
    const row = await this.usable(scanId);
    if (row.status !== 'waiting') return row;
    const [scanned] = await this.db
      .update(scanLogins)
      .set({ status: 'scanned' })
      .where(and(eq(scanLogins.scanId, scanId), eq(scanLogins.status, 'waiting')))
      .returning();
    return scanned ?? row;
  }

  /** A signed-in user approves (or denies) the code; only an open code can be decided. */
  async decide(scanId: string, userId: number, approve: boolean): Promise<ScanLoginRow> {
    const row = await this.usable(scanId);
    if (row.status === 'approved') throw AppError.badRequest('scanCodeUsed');
    const now = this.clock.now();
    const [decided] = await this.db
      .update(scanLogins)
      .set(
        approve
          ? {
              status: 'approved',
              approvedBy: userId,
              expiresAt: new Date(Math.max(row.expiresAt.getTime(), now + COLLECT_GRACE_MS)),
            }
          : { status: 'denied' },
      )
      .where(
        and(
          eq(scanLogins.scanId, scanId),
          eq(scanLogins.status, row.status),
          isNull(scanLogins.usedAt),
          gt(scanLogins.expiresAt, new Date(now)),
        ),
      )
      .returning();
    // Someone else decided or it expired in between.
    if (!decided) throw AppError.badRequest('scanCodeUsed');
    return decided;
  }

  /**
   * The waiting device asks how its code is doing. An approved code is marked used in the same
   * statement that hands out who approved it, so two askers cannot both sign in.
   */
  async collect(
    scanId: string,
    pollKey: string,
  ): Promise<{ status: ScanStatus; userId: number | null }> {
    const row = await this.find(scanId);
    if (!row || row.pollKeyHash !== sha256(pollKey)) {
      throw new AppError(-1, 404, 'scanCodeNotFound');
    }
    const now = this.clock.now();
    const status = scanStatusOf(row, now);
    if (status !== 'approved') return { status, userId: null };
    const [used] = await this.db
      .update(scanLogins)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(scanLogins.scanId, scanId),
          eq(scanLogins.status, 'approved'),
          isNull(scanLogins.usedAt),
        ),
      )
      .returning();
    return used
      ? { status: 'approved', userId: used.approvedBy }
      : { status: 'used', userId: null };
  }

  /** A code that can still be looked at and decided, or the reason it cannot. */
  private async usable(scanId: string): Promise<ScanLoginRow> {
    const row = await this.find(scanId);
    if (!row) throw new AppError(-1, 404, 'scanCodeNotFound');
    const status = scanStatusOf(row, this.clock.now());
    if (status === 'expired') throw new AppError(-1, 410, 'scanCodeExpired');
    if (status === 'used' || status === 'denied') throw new AppError(-1, 410, 'scanCodeUsed');
    return row;
  }
}
