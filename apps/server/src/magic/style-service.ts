/**
 * Magic Cam's styles (SPEC.md section 7, "Magic camera"): the system templates, the community
 * of published free styles, mine, my favourites and subscriptions, and publishing. Publishing
 * is a job (`magic-publish`): it makes the cover from what the author sent and marks the style
 * published; the author may cancel it meanwhile (the job then leaves it alone), retry a failed
 * one, publish a draft or a cancelled one again, or delete it. Only the author does these:
 * another person's id is "not found".
 */
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAGIC_PUBLISH_STATUS,
  MAGIC_TEMPLATES,
  MAGIC_TEMPLATES_CREATED_AT,
  magicTemplate,
  type Language,
  type MagicStyle,
  type MagicStyleList,
  type MagicTemplate,
} from '@meet/shared';
import type { UserRow } from '../db/schema/index.js';
import type { JobContext, JobQueue } from '../jobs/types.js';
import { AppError } from '../lib/app-error.js';
import { randomCode } from '../lib/crypto.js';
import type { BlobStore } from '../storage/blob-store.js';
import { checkCover, makeCover } from './cover.js';
import type { StyleForm } from './style-form.js';
import type { Page, StyleView, StylesRepository } from './styles-repository.js';

export const MAGIC_PUBLISH_JOB = 'magic-publish';
export interface MagicPublishJobData {
  styleId: number;
}

const S = MAGIC_PUBLISH_STATUS;
/** States an author may send for publishing (again). */
const PUBLISHABLE: number[] = [S.draft, S.cancelled, S.failed];

export interface StyleServiceDeps {
  styles: StylesRepository;
  blobs: BlobStore;
  jobs: () => JobQueue;
  log: FastifyBaseLogger;
}

/** A free style's id as sent (`"12"`), or undefined when it cannot be one. */
function freeStyleId(id: string): number | undefined {
  if (!/^\d{1,10}$/.test(id)) return undefined;
  const n = Number(id);
  return n > 0 && n <= 2 ** 31 - 1 ? n : undefined;
}

function present(view: StyleView, viewerId: number): MagicStyle {
  const { row } = view;
  return {
    id: String(row.id),
    type: 'freestyle',
    name: row.name,
    prompt: row.prompt,
    cover: row.coverKey ? `/files/${row.coverKey}` : null,
    status: row.status,
    hot: view.hot,
    favorite: view.favorite,
    subscribed: view.subscribed,
    mine: row.userId === viewerId,
    creatorName: view.creatorName,
    createdAt: row.createdAt.getTime(),
  };
}

function paged<T>(items: T[], pageSize: number): { items: T[]; hasMore: boolean } {
  return { items: items.slice(0, pageSize), hasMore: items.length > pageSize };
}

export class StyleService {
  constructor(private readonly deps: StyleServiceDeps) {}

  private get styles() {
    return this.deps.styles;
  }

  // ── lists ─────────────────────────────────────────────────────────────────────────────────

  async system(user: UserRow, language: Language): Promise<MagicStyleList> {
    return { list: await this.templates(user, MAGIC_TEMPLATES, language), hasMore: false };
  }

  async hot(user: UserRow, page: Page): Promise<MagicStyleList> {
    const { items, hasMore } = paged(await this.styles.hot(user.id, page), page.pageSize);
    return { list: items.map((v) => present(v, user.id)), hasMore };
  }

  async mine(user: UserRow, page: Page): Promise<MagicStyleList> {
    const { items, hasMore } = paged(await this.styles.mine(user.id, page), page.pageSize);
    return { list: items.map((v) => present(v, user.id)), hasMore };
  }

  async favorites(user: UserRow, page: Page, language: Language): Promise<MagicStyleList> {
    const { items: keys, hasMore } = paged(
      await this.styles.favoriteKeys(user.id, page),
      page.pageSize,
    );
    const templates = keys.map(magicTemplate).filter((t) => t !== undefined);
    const ids = keys.map(freeStyleId).filter((id) => id !== undefined);
    const presented = new Map<string, MagicStyle>();
    for (const style of await this.templates(user, templates, language)) {
      presented.set(style.id, style);
    }
    for (const view of await this.styles.byIds(user.id, ids)) {
      presented.set(String(view.row.id), present(view, user.id));
    }
    const list = keys.map((key) => presented.get(key)).filter((s) => s !== undefined);
    return { list, hasMore };
  }

  async statuses(user: UserRow, ids: string[]): Promise<{ id: string; status: number }[]> {
    const free = ids.map(freeStyleId).filter((id) => id !== undefined);
    const rows = await this.styles.statuses(user.id, free);
    const system = ids
      .filter((id) => magicTemplate(id))
      .map((id) => ({ id, status: S.published as number }));
    return [...system, ...rows.map((r) => ({ id: String(r.id), status: r.status }))];
  }

  private async templates(
    user: UserRow,
    templates: readonly MagicTemplate[],
    language: Language,
  ): Promise<MagicStyle[]> {
    const keys = templates.map((t) => t.id);
    const [counts, mine] = await Promise.all([
      this.styles.favoriteCounts(keys),
      this.styles.favoritesAmong(user.id, keys),
    ]);
    return templates.map((t) => ({
      id: t.id,
      type: 'system',
      name: t.name[language],
      prompt: t.prompt,
      cover: null,
      status: S.published,
      hot: counts.get(t.id) ?? 0,
      favorite: mine.has(t.id),
      subscribed: false,
      mine: false,
      creatorName: null,
      createdAt: MAGIC_TEMPLATES_CREATED_AT,
    }));
  }

  /** A style as the user sees it now: a template, or a free style they may see. */
  async one(user: UserRow, id: string, language: Language): Promise<MagicStyle> {
    const template = magicTemplate(id);
    if (template) return (await this.templates(user, [template], language))[0]!;
    const styleId = freeStyleId(id);
    const view = styleId === undefined ? undefined : await this.styles.visible(user.id, styleId);
    if (!view) throw AppError.notFound();
    return present(view, user.id);
  }

  // ── making styles ─────────────────────────────────────────────────────────────────────────

  /** A new style of mine, sent for publishing; the job makes its cover. */
  async publish(user: UserRow, form: StyleForm, language: Language): Promise<MagicStyle> {
    await this.styles.assertRoomFor(user.id);
    const sourceKey = form.cover ? await this.keep(user, form.cover) : null;
    const row = await this.insertOwn(
      {
        userId: user.id,
        name: form.name,
        prompt: form.prompt,
        coverKey: null,
        sourceKey,
        status: S.publishing,
      },
      sourceKey,
    );
    await this.queue(row.id, S.draft);
    return this.one(user, String(row.id), language);
  }

  /** A new draft of mine, in my favourites at once (its cover is made here: no job). */
  async favoriteNew(user: UserRow, form: StyleForm, language: Language): Promise<MagicStyle> {
    await this.styles.assertRoomFor(user.id);
    let coverKey: string | null = null;
    if (form.cover) {
      await checkCover(form.cover);
      let jpeg: Buffer;
      try {
        jpeg = await makeCover(form.cover);
      } catch {
        throw AppError.badRequest('magicCoverInvalid');
      }
      coverKey = `magic/covers/${user.code}-${randomCode(10)}.jpg`;
      await this.deps.blobs.put(coverKey, jpeg, 'image/jpeg');
    }
    const row = await this.insertOwn(
      {
        userId: user.id,
        name: form.name,
        prompt: form.prompt,
        coverKey,
        sourceKey: null,
        status: S.draft,
      },
      coverKey,
    );
    await this.styles.addFavorite(user.id, String(row.id));
    return this.one(user, String(row.id), language);
  }

  /**
   * The new style's row, within the author's cap. Refused there (another request took the last
   * slot since the check before the upload), the picture stored for it goes too.
   */
  private async insertOwn(
    values: Parameters<StylesRepository['insertWithinCap']>[0],
    storedKey: string | null,
  ) {
    try {
      return await this.styles.insertWithinCap(values);
    } catch (error) {
      if (storedKey) await this.deps.blobs.delete(storedKey).catch(() => undefined);
      throw error;
    }
  }

  /** Stores the author's picture (checked now) for the publish job. */
  private async keep(user: UserRow, cover: Buffer): Promise<string> {
    const ext = await checkCover(cover);
    const key = `magic/sources/${user.code}-${randomCode(10)}.${ext}`;
    await this.deps.blobs.put(key, cover, ext === 'png' ? 'image/png' : 'image/jpeg');
    return key;
  }

  private async queue(styleId: number, onFailure: number): Promise<void> {
    try {
      await this.deps
        .jobs()
        .send<MagicPublishJobData>(
          MAGIC_PUBLISH_JOB,
          { styleId },
          { singletonKey: `magic-publish:${styleId}`, retryLimit: 2 },
        );
    } catch (error) {
      await this.styles.move(styleId, [S.publishing], { status: onFailure });
      throw error;
    }
  }

  private async own(user: UserRow, id: string) {
    const styleId = freeStyleId(id);
    const row = styleId === undefined ? undefined : await this.styles.own(user.id, styleId);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** republish (a draft, cancelled or failed one) and publish/retry (a failed one). */
  async sendAgain(
    user: UserRow,
    id: string,
    from: 'publishable' | 'failed',
    language: Language,
  ): Promise<MagicStyle> {
    const row = await this.own(user, id);
    const allowed = from === 'failed' ? [S.failed as number] : PUBLISHABLE;
    const moved = await this.styles.move(row.id, allowed, { status: S.publishing });
    if (!moved) throw AppError.badRequest('magicNotPublishable');
    await this.queue(row.id, row.status);
    return this.one(user, id, language);
  }

  async cancel(user: UserRow, id: string, language: Language): Promise<MagicStyle> {
    const row = await this.own(user, id);
    const moved = await this.styles.move(row.id, [S.publishing], { status: S.cancelled });
    if (!moved) throw AppError.badRequest('magicNotCancellable');
    return this.one(user, id, language);
  }

  async remove(user: UserRow, id: string): Promise<void> {
    const row = await this.own(user, id);
    const deleted = await this.styles.delete(user.id, row.id);
    if (!deleted) throw AppError.notFound();
    for (const key of [deleted.coverKey, deleted.sourceKey]) {
      if (key) await this.deps.blobs.delete(key).catch(() => undefined);
    }
  }

  // ── favourites and subscriptions ──────────────────────────────────────────────────────────

  /** A template, a published style or one of mine into my favourites. */
  async favorite(user: UserRow, id: string, language: Language): Promise<MagicStyle> {
    const style = await this.one(user, id, language);
    await this.styles.addFavorite(user.id, style.id);
    return this.one(user, style.id, language);
  }

  async unfavorite(user: UserRow, id: string, language: Language): Promise<MagicStyle> {
    const style = await this.one(user, id, language);
    await this.styles.removeFavorite(user.id, style.id);
    return this.one(user, style.id, language);
  }

  /** Someone else's published style: subscribed (mine are mine already). */
  async subscribe(user: UserRow, id: string, subscribe: boolean, language: Language) {
    const style = await this.one(user, id, language);
    if (style.type === 'system' || style.status !== S.published) throw AppError.notFound();
    if (style.mine) throw AppError.badRequest('magicOwnStyle');
    const styleId = Number(style.id);
    if (subscribe) await this.styles.subscribe(user.id, styleId);
    else await this.styles.unsubscribe(user.id, styleId);
    return this.one(user, id, language);
  }

  // ── the publish job ───────────────────────────────────────────────────────────────────────

  /**
   * Makes the cover and publishes. A picture that cannot be decoded fails the style (its author
   * may retry); anything else throws so the job is retried, and fails it on the last try. A
   * style cancelled or deleted meanwhile is left as it is.
   */
  async runPublish(
    data: MagicPublishJobData,
    context: Pick<JobContext, 'attempt' | 'retryLimit' | 'signal'>,
  ): Promise<void> {
    try {
      await this.publishNow(data.styleId, context.signal);
    } catch (error) {
      if (context.attempt > context.retryLimit && !context.signal.aborted) {
        await this.styles.move(data.styleId, [S.publishing], { status: S.failed });
      }
      throw error;
    }
  }

  private async publishNow(styleId: number, signal: AbortSignal): Promise<void> {
    const { blobs, log } = this.deps;
    const row = await this.styles.byId(styleId);
    if (!row || row.status !== S.publishing) return;
    if (!row.sourceKey) {
      await this.styles.move(styleId, [S.publishing], { status: S.published });
      return;
    }
    const source = await readBlob(blobs, row.sourceKey);
    let jpeg: Buffer | undefined;
    try {
      jpeg = source ? await makeCover(source) : undefined;
    } catch (error) {
      log.info({ err: error, styleId }, 'a magic style cover could not be decoded');
    }
    if (signal.aborted) return;
    if (!jpeg) {
      await this.styles.move(styleId, [S.publishing], { status: S.failed });
      return;
    }
    const coverKey = `magic/covers/${styleId}-${randomCode(10)}.jpg`;
    await blobs.put(coverKey, jpeg, 'image/jpeg');
    const moved = await this.styles.move(styleId, [S.publishing], {
      status: S.published,
      coverKey,
      sourceKey: null,
    });
    // Cancelled or deleted while the cover was made: the new cover goes, the rest stays.
    const unused = moved ? [row.coverKey, row.sourceKey] : [coverKey];
    for (const key of unused) if (key) await blobs.delete(key).catch(() => undefined);
  }
}

async function readBlob(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  return blob ? buffer(blob.stream) : null;
}
