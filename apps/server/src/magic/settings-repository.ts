/**
 * What each user keeps of Magic Cam between visits (SPEC.md "Magic-cam state"): the style in
 * use (its id and prompt) and the celebrity names they like to put into prompts.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { magicSettings } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export interface MagicType {
  styleId: string | null;
  prompt: string | null;
}

export class SettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async get(userId: number) {
    const [row] = await this.db
      .select()
      .from(magicSettings)
      .where(eq(magicSettings.userId, userId));
    return row;
  }

  private async put(
    userId: number,
    set: Partial<Pick<typeof magicSettings.$inferInsert, 'styleId' | 'prompt' | 'famousNames'>>,
  ) {
    const updatedAt = new Date(this.clock.now());
    const [row] = await this.db
      .insert(magicSettings)
      .values({ userId, ...set, updatedAt })
      .onConflictDoUpdate({ target: magicSettings.userId, set: { ...set, updatedAt } })
      .returning();
    return row!;
  }

  async type(userId: number): Promise<MagicType> {
    const row = await this.get(userId);
    return { styleId: row?.styleId ?? null, prompt: row?.prompt ?? null };
  }

  async setType(userId: number, type: { styleId?: string; prompt: string }): Promise<MagicType> {
    const row = await this.put(userId, { styleId: type.styleId ?? null, prompt: type.prompt });
    return { styleId: row.styleId, prompt: row.prompt };
  }

  async famousNames(userId: number): Promise<string[]> {
    return (await this.get(userId))?.famousNames ?? [];
  }

  async setFamousNames(userId: number, names: string[]): Promise<string[]> {
    // The same name twice is one name.
    const unique = [...new Set(names)];
    return (await this.put(userId, { famousNames: unique })).famousNames;
  }
}
