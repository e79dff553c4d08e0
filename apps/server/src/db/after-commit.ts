/**
 * Work that must wait until what was written is visible to everyone: telling caches that a row
 * changed. Inside a transaction (however deeply nested, whoever opened it) the work runs once
 * the outermost transaction has ended — also when it failed, as a commit can fail after all and
 * telling a cache for nothing costs only a read; outside one it runs at once, as the statement
 * before it has already committed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db-type.js';

export type AfterCommit = (run: () => void) => void;

/**
 * Makes `db.transaction` keep a list of work for after it ends and returns the function that
 * adds to the list of the transaction the caller is in. Called once per database, when it opens.
 */
export function trackCommits(db: Db): AfterCommit {
  const current = new AsyncLocalStorage<{ runs: (() => void)[]; open: boolean }>();
  const transaction = db.transaction.bind(db);
  // Only transactions opened on the database object commit; nested ones (`tx.transaction`) are
  // savepoints inside them and add to their list.
  db.transaction = async (work, config) => {
    const pending = { runs: [] as (() => void)[], open: true };
    try {
      return await current.run(pending, () => transaction(work, config));
    } finally {
      // Work started inside the transaction that outlives it (a timer, an event) runs at once.
      pending.open = false;
      for (const run of pending.runs) run();
    }
  };
  return (run) => {
    const pending = current.getStore();
    if (pending?.open) pending.runs.push(run);
    else run();
  };
}
