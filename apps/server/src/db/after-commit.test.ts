import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from './database.js';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(() => database.close());

test('outside a transaction the work runs at once', () => {
  const done: string[] = [];
  database.afterCommit(() => done.push('now'));
  expect(done).toEqual(['now']);
});

test('inside a transaction the work waits for its end, nested savepoints included', async () => {
  const done: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    database.afterCommit(() => done.push('outer'));
    await tx.transaction(async (inner) => {
      await inner.execute(sql`select 1`);
      database.afterCommit(() => done.push('savepoint'));
    });
    expect(done).toEqual([]);
  });
  expect(done).toEqual(['outer', 'savepoint']);
});

test('a transaction that fails still runs its work (a commit may have failed after all)', async () => {
  const done: string[] = [];
  await expect(
    database.db.transaction(async () => {
      database.afterCommit(() => done.push('told'));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(done).toEqual(['told']);
});

test('work begun inside a transaction that outlives it runs at once', async () => {
  const done: string[] = [];
  let later: Promise<void> = Promise.resolve();
  await database.db.transaction(async () => {
    later = new Promise((resolve) =>
      setTimeout(() => {
        database.afterCommit(() => done.push('late'));
        resolve();
      }, 5),
    );
  });
  await later;
  expect(done).toEqual(['late']);
});
