/**
 * TRANSLATE_ENGINES=apertium: Debian's Apertium, rule-based, offline, for the pairs of the
 * installed language packages (apertium-eng-spa gives en→es and es→en; there is no Chinese
 * pair). Each direction runs as a persistent pipeline, started on first use (~0.8 s) and
 * stopped after ten idle minutes (~200 MB of processes each).
 */
import { access, constants, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LanguageCode, TranslateEngine } from '../types.js';
import type { EngineLog } from '../log.js';
import { toIso6391 } from './languages.js';
import { ApertiumPipeline, pipelineCommand } from './apertium-pipeline.js';

const MODES_DIR = '/usr/share/apertium/modes';
const IDLE_PIPELINE_MS = 10 * 60_000;

export class ApertiumMissingError extends Error {}

async function onPath(binary: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    try {
      await access(path.join(dir, binary), constants.X_OK);
      return true;
    } catch {
      // try the next folder
    }
  }
  return false;
}

/** The installed directions: "eng-spa.mode" → en→es. Variants (spa-eng_US) are left out. */
async function installedModes(modesDir: string): Promise<Map<string, string>> {
  const modes = new Map<string, string>();
  let files: string[];
  try {
    files = await readdir(modesDir);
  } catch {
    return modes;
  }
  for (const file of files.sort()) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(file);
    if (!match) continue;
    const from = toIso6391(match[1]!);
    const to = toIso6391(match[2]!);
    if (!from || !to || from === to) continue;
    const key = `${from}>${to}`;
    // Prefer the three-letter (current) package over a two-letter transitional one.
    if (!modes.has(key) || match[1]!.length === 3) modes.set(key, path.join(modesDir, file));
  }
  return modes;
}

interface Running {
  pipeline: ApertiumPipeline;
  idleTimer: NodeJS.Timeout;
}

export class ApertiumEngine implements TranslateEngine {
  readonly name = 'Apertium';
  readonly pairs: readonly (readonly [LanguageCode, LanguageCode])[];
  private readonly running = new Map<string, Promise<Running>>();
  private closed = false;

  private constructor(
    private readonly modes: Map<string, string>,
    private readonly log: EngineLog,
  ) {
    this.pairs = [...modes.keys()].map((key) => key.split('>') as [string, string]);
  }

  /** Finds Apertium and its language pairs; throws ApertiumMissingError when there is none. */
  static async create(log: EngineLog, modesDir = MODES_DIR): Promise<ApertiumEngine> {
    for (const binary of ['apertium-wblank-mode', 'lt-proc', 'stdbuf']) {
      if (!(await onPath(binary))) {
        throw new ApertiumMissingError(
          `${binary} is missing: install the Debian package apertium and a language pair (e.g. apertium-eng-spa)`,
        );
      }
    }
    const modes = await installedModes(modesDir);
    if (modes.size === 0) {
      throw new ApertiumMissingError(
        `no Apertium language pair in ${modesDir}: install one (e.g. apertium-eng-spa)`,
      );
    }
    return new ApertiumEngine(modes, log);
  }

  async translate(text: string, from: LanguageCode, to: LanguageCode): Promise<string> {
    const key = `${from}>${to}`;
    const modeFile = this.modes.get(key);
    if (!modeFile) throw new Error(`Apertium has no ${from}→${to} pair`);
    if (this.closed) throw new Error('the translation engine is closed');
    let running = this.running.get(key);
    if (!running) {
      running = this.start(key, modeFile);
      this.running.set(key, running);
      running.catch(() => this.running.delete(key));
    }
    const current = await running;
    current.idleTimer.refresh();
    return current.pipeline.translate(text);
  }

  private async start(key: string, modeFile: string): Promise<Running> {
    const direction = path.basename(modeFile, '.mode');
    const pipeline = new ApertiumPipeline(direction, await pipelineCommand(modeFile));
    this.log.info(`apertium ${direction} started`);
    const idleTimer = setTimeout(() => {
      this.running.delete(key);
      void pipeline.close();
    }, IDLE_PIPELINE_MS);
    idleTimer.unref();
    void pipeline.exited.then(async () => {
      clearTimeout(idleTimer);
      if (this.closed) return;
      // Idle stops remove themselves first; anything else is a crash, replaced on next use.
      const current = await this.running.get(key)?.catch(() => undefined);
      if (current?.pipeline === pipeline) {
        this.running.delete(key);
        this.log.warn(`apertium ${direction} stopped unexpectedly; it restarts on next use`);
      }
    });
    return { pipeline, idleTimer };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(
      all.map(async (running) => {
        const { pipeline, idleTimer } = await running.catch(() => ({
          pipeline: undefined,
          idleTimer: undefined,
        }));
        clearTimeout(idleTimer);
        await pipeline?.close();
      }),
    );
  }
}
