/**
 * The settings file: `.env` in the working directory, or the file ENV_FILE names, read into the
 * process environment before the schema parses it (deploy/env.example lists every setting).
 * Variables already in the environment win over the file's, as with systemd's EnvironmentFile.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.js';

/**
 * Reads the settings file into `env` when `env` is this process's environment (a test's own
 * object is left alone) and returns it. A missing `.env` is fine; a missing ENV_FILE is not.
 */
export function withEnvFile(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env !== process.env) return env;
  const named = env.ENV_FILE;
  const file = path.resolve(named || '.env');
  if (!existsSync(file)) {
    if (named) throw new ConfigError(`ENV_FILE names ${file}, which does not exist`);
    return env;
  }
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(`settings file ${file} cannot be read: ${(error as Error).message}`);
  }
  return env;
}
