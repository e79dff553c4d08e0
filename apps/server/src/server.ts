/**
 * Process entry (loaded by boot.ts): reads the environment, checks the data folder, starts the
 * app and prints `Ready on http://localhost:PORT`. Start-up problems a person can fix are one
 * line, not a trace.
 */
import { access, constants, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type Config } from './config/config.js';
import { ConfigError } from './config/config-error.js';
import { buildApp } from './app.js';
import { JanusMissingError } from './janus/janus-process.js';
import { stopOnSignal } from './ops/shutdown.js';
import { keepServingOnUnhandled } from './ops/unhandled.js';

class StartupError extends Error {}

async function checkDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe);
  } catch {
    throw new StartupError(
      `data folder ${dir} is not writable (set DATA_DIR to a writable folder)`,
    );
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupError(error.message);
    throw error;
  }
  await checkDataDir(config.dataDir);
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    // A missing media server, or an engine setting that names something broken.
    if (error instanceof JanusMissingError || error instanceof ConfigError)
      throw new StartupError(error.message);
    throw error;
  }

  // A failed background task is logged, not the end of every meeting on this node.
  keepServingOnUnhandled(process, app.log);
  // Drains first (README "Health and drain"), then closes; a second signal cuts the drain.
  const shutdown = stopOnSignal(app);
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(`port ${config.port} is already in use (set PORT to a free port)`);
    if (code === 'EACCES') throw new StartupError(`no permission to listen on port ${config.port}`);
    throw error;
  }
  app.log.info(`started in ${Math.round(performance.now() - started)} ms`);
  console.log(`Ready on http://localhost:${config.port}`);
  // Whoever starts it should know codes are read here and not mailed, and that it is on at all.
  if (config.mailOutboxHttp) {
    console.log(
      `Development mailbox on: http://localhost:${config.port}/dev/mail?to=<address> (this machine only; set SMTP_URL to send real mail)`,
    );
  }
  // Without PUBLIC_URL the site is only this machine's addresses: payments from a browser that
  // reached it by a domain name would be refused (their return addresses are not the site's).
  if (config.env === 'production' && !config.publicUrl && config.payments.provider !== 'off') {
    app.log.warn(
      `PUBLIC_URL is not set: payment return addresses are accepted only on ${config.siteOrigins.join(', ')}`,
    );
  }
}

/** Settles once the server listens (boot.ts waits for it); a failed start ends the process. */
export const started = main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
