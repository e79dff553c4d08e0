/**
 * Safari's engine in the browser tests: Debian's WebKitGTK (its MiniBrowser) on a virtual X
 * display, driven over W3C WebDriver by WebKitWebDriver with plain `fetch`. Playwright's own
 * WebKit is a separate download; this is the distribution's engine and needs no dependency.
 * Debian's WebKitGTK has no WebRTC, so it opens the pages around a meeting, not the room.
 * Needs the Debian packages webkit2gtk-driver and xvfb, and gstreamer1.0-libav for WebKit to
 * play AAC as Safari does (scripts/test.mjs installs them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { expect } from '@playwright/test';

/** The W3C name of an element reference in WebDriver's answers. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const TRIPLETS: Partial<Record<NodeJS.Architecture, string>> = {
  x64: 'x86_64-linux-gnu',
  arm64: 'aarch64-linux-gnu',
};

/** MiniBrowser of the WebKitGTK build that webkit2gtk-driver pairs with (4.1 on bookworm). */
function miniBrowser(): string {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  const lib = `/usr/lib/${TRIPLETS[process.arch] ?? `${process.arch}-linux-gnu`}`;
  const found = ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']
    .map((dir) => `${lib}/${dir}/MiniBrowser`)
    .find((file) => existsSync(file));
  if (!found)
    throw new Error(`no WebKitGTK MiniBrowser under ${lib} (apt-get install webkit2gtk-driver)`);
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Xvfb picks a free display itself and writes its number to fd 3, so parallel runs never clash. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    xvfb.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
  });
  return { display, process: xvfb };
}

interface WireError {
  error: string;
  message: string;
}

/** One WebDriver command; a WebDriver error becomes a thrown Error with its name and message. */
async function command<T>(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { value: T | WireError };
  const value = reply.value as WireError;
  if (!res.ok || (value && typeof value === 'object' && 'error' in value))
    throw new Error(
      `WebDriver ${method} ${new URL(url).pathname}: ${value.error}: ${value.message}`,
    );
  return reply.value as T;
}

/** What the driver and its browsers said last, kept for a failed test's report. */
const LOG_LIMIT = 64 * 1024;

/**
 * The driver and its display, for one test file: `newPage()` per test, `close()` after all.
 * The engine's warnings (no D-Bus session, GStreamer plugins it could use) are kept in `log()`
 * rather than printed, so a run's output stays readable.
 */
export class WebKit {
  private output = '';

  private constructor(
    private readonly driverUrl: string,
    private readonly children: ChildProcess[],
  ) {}

  static async launch(): Promise<WebKit> {
    const x = await startXvfb();
    const port = await freePort();
    const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
      env: { ...process.env, DISPLAY: x.display },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const webkit = new WebKit(`http://127.0.0.1:${port}`, [driver, x.process]);
    let failed: Error | undefined;
    driver.once('error', (error) => (failed = error));
    for (const stream of [driver.stdout, driver.stderr])
      stream?.on('data', (chunk: Buffer) => {
        webkit.output = (webkit.output + chunk.toString()).slice(-LOG_LIMIT);
      });
    for (let i = 0; ; i++) {
      const ready = await fetch(`${webkit.driverUrl}/status`)
        .then(async (res) => ((await res.json()) as { value: { ready: boolean } }).value.ready)
        .catch(() => false);
      if (ready) return webkit;
      if (i > 100 || failed || driver.exitCode !== null) {
        await webkit.close();
        throw new Error(
          `WebKitWebDriver did not start (apt-get install webkit2gtk-driver): ${failed?.message ?? webkit.output}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  log(): string {
    return this.output;
  }

  /** A new MiniBrowser window (its own empty profile), `baseURL` for `goto`'s paths. */
  async newPage(baseURL: string, size = { width: 1280, height: 800 }): Promise<WebKitPage> {
    const session = await command<{ sessionId: string }>(`${this.driverUrl}/session`, 'POST', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
        },
      },
    });
    const page = new WebKitPage(`${this.driverUrl}/session/${session.sessionId}`, baseURL);
    await page.resize(size.width, size.height);
    return page;
  }

  async close(): Promise<void> {
    for (const child of this.children) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/** One window, addressed by CSS selectors (the first match), as a test reads a page. */
export class WebKitPage {
  constructor(
    private readonly session: string,
    private readonly baseURL: string,
  ) {}

  private call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    return command<T>(`${this.session}${path}`, method, body);
  }

  async resize(width: number, height: number): Promise<void> {
    await this.call('POST', '/window/rect', { width, height });
  }

  async goto(path: string): Promise<void> {
    await this.call('POST', '/url', { url: new URL(path, this.baseURL).href });
  }

  /** The address bar's path and query. */
  async path(): Promise<string> {
    const url = new URL(await this.call<string>('GET', '/url'));
    return url.pathname + url.search;
  }

  async evaluate<T>(script: string, ...args: unknown[]): Promise<T> {
    return this.call<T>('POST', '/execute/sync', { script, args });
  }

  async count(css: string): Promise<number> {
    const found = await this.call<unknown[]>('POST', '/elements', {
      using: 'css selector',
      value: css,
    });
    return found.length;
  }

  /** The first element matching `css`, waited for up to `timeout` ms. */
  async element(css: string, timeout = 10_000): Promise<string> {
    await expect
      .poll(() => this.count(css), { message: `waiting for ${css}`, timeout })
      .toBeGreaterThan(0);
    const found = await this.call<Record<string, string>>('POST', '/element', {
      using: 'css selector',
      value: css,
    });
    return found[ELEMENT]!;
  }

  /** Whether the first match takes up room on the page (not display:none, hidden or empty). */
  async visible(css: string): Promise<boolean> {
    return this.evaluate<boolean>(
      `const el = document.querySelector(arguments[0]);
       if (!el) return false;
       const box = el.getBoundingClientRect();
       return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';`,
      css,
    );
  }

  /**
   * Text as WebKit lays it out (`innerText`). WebDriver's own element text is not used: its
   * visibility rules drop the text of a box with `overflow: hidden`, such as a one-line title
   * cut with an ellipsis, which the screen shows.
   */
  async text(css: string): Promise<string> {
    await this.element(css);
    return this.evaluate<string>('return document.querySelector(arguments[0]).innerText', css);
  }

  /** A field's current value (the property, which typing changes, not the attribute). */
  async value(css: string): Promise<string> {
    await this.element(css);
    return this.evaluate<string>('return document.querySelector(arguments[0]).value', css);
  }

  async attribute(css: string, name: string): Promise<string | null> {
    return this.call<string | null>('GET', `/element/${await this.element(css)}/attribute/${name}`);
  }

  /** Typed key by key into the field, as a person types (React sees real input events). */
  async type(css: string, text: string): Promise<void> {
    await this.call('POST', `/element/${await this.element(css)}/value`, { text });
  }

  async click(css: string): Promise<void> {
    await this.call('POST', `/element/${await this.element(css)}/click`, {});
  }

  /** A PNG of the window, written to `file`; also returned for attaching to the report. */
  async screenshot(file: string): Promise<Buffer> {
    // After the next two frames, so what was just typed or loaded is painted.
    await this.evaluate(
      'return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))',
    );
    const png = Buffer.from(await this.call<string>('GET', '/screenshot'), 'base64');
    await writeFile(file, png);
    return png;
  }

  async close(): Promise<void> {
    await this.call('DELETE', '');
  }
}
