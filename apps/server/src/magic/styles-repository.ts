/**
 * Magic Cam's styles in the database: free styles with what a given user sees of each (their
 * favourite, their subscription, who made it, its `hot`: favourites plus subscribers, counted
 * when read), favourites (system templates included, by text key) and subscriptions.
 */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { MAGIC_PUBLISH_STATUS, MAX_MAGIC_STYLES_PER_ACCOUNT } from '@meet/shared';
import type { Db } from '../db/database.js';
import {
  magicFavorites,
  magicStyles,
  magicSubscriptions,
  users,
  type MagicStyleRow,
} from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { capReached, insertWithinCap, type AccountCap } from '../accounts/account-cap.js';

/** A free style as one user sees it. */
export interface StyleView {
  row: MagicStyleRow;
  creatorName: string | null;
  hot: number;
  favorite: boolean;
  subscribed: boolean;
}

export interface Page {
  page: number;
  pageSize: number;
}

const published = MAGIC_PUBLISH_STATUS.published;

export class StylesRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** The columns of a StyleView for `viewerId`. */
  private view(viewerId: number) {
    const key = sql`${magicStyles.id}::text`;
    return {
      row: magicStyles,
      creatorName: users.userName,
      hot: sql<number>`((select count(*) from ${magicFavorites} where ${magicFavorites.styleKey} = ${key}) + (select count(*) from ${magicSubscriptions} where ${magicSubscriptions.styleId} = ${magicStyles.id}))::int`,
      favorite: sql<boolean>`exists (select 1 from ${magicFavorites} where ${magicFavorites.userId} = ${viewerId} and ${magicFavorites.styleKey} = ${key})`,
      subscribed: sql<boolean>`exists (select 1 from ${magicSubscriptions} where ${magicSubscriptions.userId} = ${viewerId} and ${magicSubscriptions.styleId} = ${magicStyles.id})`,
    };
  }

  private select(viewerId: number, where: SQL | undefined) {
    return this.db
      .select(this.view(viewerId))
      .from(magicStyles)
      .leftJoin(users, eq(users.id, magicStyles.userId))
      .where(where)
      .$dynamic();
  }

  /** One style, if the viewer may see it: theirs, or published. */
  async visible(viewerId: number, id: number): Promise<StyleView | undefined> {
    const [found] = await this.select(
      viewerId,
      and(
        eq(magicStyles.id, id),
        or(eq(magicStyles.userId, viewerId), eq(magicStyles.status, published)),
      ),
    );
    return found;
  }

  /** The community: published styles, most favourited and subscribed first, then newest. */
  async hot(viewerId: number, { page, pageSize }: Page): Promise<StyleView[]> {
    const views = this.view(viewerId);
    return this.select(viewerId, eq(magicStyles.status, published))
      .orderBy(desc(views.hot), desc(magicStyles.createdAt), desc(magicStyles.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize);
  }

  /** My own styles, newest first, whatever their state. */
  async mine(userId: number, { page, pageSize }: Page): Promise<StyleView[]> {
    return this.select(userId, eq(magicStyles.userId, userId))
      .orderBy(desc(magicStyles.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize);
  }

  async byIds(viewerId: number, ids: number[]): Promise<StyleView[]> {
    if (ids.length === 0) return [];
    return this.select(viewerId, inArray(magicStyles.id, ids));
  }

  /** My favourites' keys, newest first: templates, my own styles and published ones. */
  async favoriteKeys(userId: number, { page, pageSize }: Page): Promise<string[]> {
    const rows = await this.db
      .select({ key: magicFavorites.styleKey })
      .from(magicFavorites)
      .leftJoin(magicStyles, sql`${magicFavorites.styleKey} = ${magicStyles.id}::text`)
      .where(
        and(
          eq(magicFavorites.userId, userId),
          or(
            sql`${magicFavorites.styleKey} like 'system-%'`,
            eq(magicStyles.userId, userId),
            eq(magicStyles.status, published),
          ),
        ),
      )
      .orderBy(desc(magicFavorites.createdAt), magicFavorites.styleKey)
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize);
    return rows.map((r) => r.key);
  }

  /** How many favourite each of these keys (templates have no subscribers). */
  async favoriteCounts(keys: string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ key: magicFavorites.styleKey, count: sql<number>`count(*)::int` })
      .from(magicFavorites)
      .where(inArray(magicFavorites.styleKey, keys))
      .groupBy(magicFavorites.styleKey);
    return new Map(rows.map((r) => [r.key, r.count]));
  }

  /** Which of these keys the user has favourited. */
  async favoritesAmong(userId: number, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({ key: magicFavorites.styleKey })
      .from(magicFavorites)
      .where(and(eq(magicFavorites.userId, userId), inArray(magicFavorites.styleKey, keys)));
    return new Set(rows.map((r) => r.key));
  }

  async addFavorite(userId: number, styleKey: string, tx: Db = this.db): Promise<void> {
    await tx
      .insert(magicFavorites)
      .values({ userId, styleKey, createdAt: this.now() })
      .onConflictDoNothing();
  }

  async removeFavorite(userId: number, styleKey: string): Promise<void> {
    await this.db
      .delete(magicFavorites)
      .where(and(eq(magicFavorites.userId, userId), eq(magicFavorites.styleKey, styleKey)));
  }

  async subscribe(userId: number, styleId: number): Promise<void> {
    await this.db
      .insert(magicSubscriptions)
      .values({ userId, styleId, createdAt: this.now() })
      .onConflictDoNothing();
  }

  async unsubscribe(userId: number, styleId: number): Promise<void> {
    await this.db
      .delete(magicSubscriptions)
      .where(and(eq(magicSubscriptions.userId, userId), eq(magicSubscriptions.styleId, styleId)));
  }

  async insert(
    values: Pick<MagicStyleRow, 'userId' | 'name' | 'prompt' | 'coverKey' | 'sourceKey' | 'status'>,
    tx: Db = this.db,
  ): Promise<MagicStyleRow> {
    const now = this.now();
    const [row] = await tx
      .insert(magicStyles)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  /** MAX_MAGIC_STYLES_PER_ACCOUNT: an author's own styles, whatever their state. */
  private capOf(userId: number): AccountCap {
    return {
      max: MAX_MAGIC_STYLES_PER_ACCOUNT,
      key: 'magicStylesLimit',
      table: magicStyles,
      where: eq(magicStyles.userId, userId),
    };
  }

  /** Refuses when the author has no slot left (before their picture is stored). */
  async assertRoomFor(userId: number): Promise<void> {
    const cap = this.capOf(userId);
    const [row] = await this.db.select({ n: count() }).from(cap.table).where(cap.where);
    if ((row?.n ?? 0) >= cap.max) throw capReached(cap);
  }

  /** A new style of the author's, within the cap (deleting one of theirs frees a slot). */
  async insertWithinCap(
    values: Pick<MagicStyleRow, 'userId' | 'name' | 'prompt' | 'coverKey' | 'sourceKey' | 'status'>,
  ): Promise<MagicStyleRow> {
    return insertWithinCap(this.db, values.userId, this.capOf(values.userId), (tx) =>
      this.insert(values, tx),
    );
  }

  /** A style of this author's, or undefined (someone else's is as good as missing). */
  async own(userId: number, id: number): Promise<MagicStyleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(magicStyles)
      .where(and(eq(magicStyles.id, id), eq(magicStyles.userId, userId)));
    return row;
  }

  async byId(id: number): Promise<MagicStyleRow | undefined> {
    const [row] = await this.db.select().from(magicStyles).where(eq(magicStyles.id, id));
    return row;
  }

  /**
   * Changes a style only while it is in one of the `from` states: the publish job and its
   * author's cancel never overwrite each other. Returns the row as changed, or undefined.
   */
  async move(
    id: number,
    from: number[],
    set: Partial<Pick<MagicStyleRow, 'status' | 'coverKey' | 'sourceKey'>>,
  ): Promise<MagicStyleRow | undefined> {
    const [row] = await this.db
      .update(magicStyles)
      .set({ ...set, updatedAt: this.now() })
      .where(and(eq(magicStyles.id, id), inArray(magicStyles.status, from)))
      .returning();
    return row;
  }

  /** Deletes my style with the favourites of it (subscriptions go with the row). */
  async delete(userId: number, id: number): Promise<MagicStyleRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(magicStyles)
        .where(and(eq(magicStyles.id, id), eq(magicStyles.userId, userId)))
        .returning();
      if (row) await tx.delete(magicFavorites).where(eq(magicFavorites.styleKey, String(id)));
      return row;
    });
  }

  /** The publish state of these styles that the viewer may see. */
  async statuses(viewerId: number, ids: number[]): Promise<{ id: number; status: number }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: magicStyles.id, status: magicStyles.status })
      .from(magicStyles)
      .where(
        and(
          inArray(magicStyles.id, ids),
          or(eq(magicStyles.userId, viewerId), eq(magicStyles.status, published)),
        ),
      );
  }
}
