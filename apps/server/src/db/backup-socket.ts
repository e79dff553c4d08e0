/**
 * The embedded database's backups while the server runs (`npm run backup`, scripts/backup.mjs):
 * PGlite lives inside this process and its folder cannot be copied safely under it, so the
 * server answers each connection to `$DATA_DIR/backup.sock` with a dump of the database (PGlite's
 * own `dumpDataDir`, a gzipped tar of its folder, taken between two queries after a checkpoint).
 * The socket is this user's only (mode 0600); nothing is read from it.
 */
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';

export const BACKUP_SOCKET = 'backup.sock';

export interface BackupSocket {
  close(): Promise<void>;
}

export async function openBackupSocket(
  dataDir: string,
  pglite: PGlite,
  log: FastifyBaseLogger,
): Promise<BackupSocket | undefined> {
  const file = path.join(dataDir, BACKUP_SOCKET);
  // One server per data folder (PGlite allows no other), so a socket file left here is stale.
  await rm(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    void (async () => {
      try {
        // Most of the work into the data files first, so a restore replays little WAL.
        await pglite.exec('checkpoint');
        const dump = await pglite.dumpDataDir('gzip');
        socket.end(Buffer.from(await dump.arrayBuffer()));
      } catch (error) {
        log.error({ err: error }, 'database backup failed');
        socket.destroy();
      }
    })();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
    await chmod(file, 0o600);
  } catch (error) {
    // A path too long for a socket, say: the server runs, only live backups are not possible.
    log.warn(
      `no backup socket at ${file} (${(error as Error).message}): npm run backup needs the server stopped`,
    );
    server.close();
    return undefined;
  }
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(file, { force: true });
    },
  };
}
