/**
 * MagicCam against a stand-in for socket.io's client (the real `/magic` socket is covered by
 * e2e/two/magic-cam.spec.ts) and a stand-in for the camera's effects (jsdom has no camera).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { MagicToken } from '@meet/shared';
import { Emitter } from '../emitter';
import { MagicCam } from './magic-cam';
import { MagicRefusal } from './magic-refusal';
import type { MagicMode } from './magic-stage';
import type { EffectStage, VideoEffects } from '../effects/video-effects';

type Handler = (...args: unknown[]) => void;

/** What the page's socket.io client would be: `serve` answers the client's events. */
class FakeSocket {
  connected = false;
  readonly sent: { event: string; body: unknown }[] = [];
  readonly serve = new Map<string, (body: unknown) => unknown>();
  private readonly handlers = new Map<string, Handler[]>();
  private readonly managerHandlers = new Map<string, Handler[]>();
  readonly io = {
    on: (event: string, handler: Handler) => this.add(this.managerHandlers, event, handler),
    reconnection: vi.fn(),
  };
  constructor(
    readonly url: string,
    readonly options: { auth: { token: string } },
  ) {}
  on(event: string, handler: Handler) {
    return this.add(this.handlers, event, handler);
  }
  emit(event: string, ...args: unknown[]) {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Handler) : undefined;
    this.sent.push({ event, body: args[0] });
    const answer = this.serve.get(event);
    if (ack && answer) queueMicrotask(() => ack(answer(args[0])));
  }
  disconnect() {
    this.connected = false;
  }
  /** The server side: the connection opens, fails, or the server sends an event. */
  open() {
    this.connected = true;
    this.fire(this.handlers, 'connect');
  }
  refuse() {
    this.fire(this.handlers, 'connect_error', new Error('refused'));
  }
  send(event: string, body?: unknown) {
    this.fire(this.handlers, event, body);
  }
  private add(map: Map<string, Handler[]>, event: string, handler: Handler) {
    map.set(event, [...(map.get(event) ?? []), handler]);
    return this;
  }
  private fire(map: Map<string, Handler[]>, event: string, ...args: unknown[]) {
    for (const handler of map.get(event) ?? []) handler(...args);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (url: string, options: { auth: { token: string } }) => {
    const socket = new FakeSocket(url, options);
    socket.serve.set('start', () => ({ ok: true, balance: 57 }));
    socket.serve.set('prompt', () => ({ ok: true, balance: 57 }));
    socket.serve.set('stop', () => undefined);
    sockets.push(socket);
    return socket;
  },
}));

/** The camera's effects as MagicCam sees them: what stage it is given, and their events. */
class FakeEffects extends Emitter<{ failed: [EffectStage]; ended: [EffectStage] }> {
  size: { width: number; height: number } | null = { width: 1280, height: 720 };
  supported = true;
  readonly modes: (MagicMode | null)[] = [];
  setMagic(mode: MagicMode | null) {
    this.modes.push(mode);
    return Promise.resolve();
  }
  tell(event: 'failed' | 'ended', stage: EffectStage) {
    this.emit(event, stage);
  }
  get mode() {
    return this.modes.at(-1) ?? null;
  }
}

const TOKEN: MagicToken = { token: 'tok-1', engine: 'webgl', creditsPerMinute: 3, balance: 60 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(token: MagicToken | (() => Promise<MagicToken>) = TOKEN) {
  const effects = new FakeEffects();
  const getToken = vi.fn(typeof token === 'function' ? token : () => Promise.resolve(token));
  const magic = new MagicCam(effects as unknown as VideoEffects, { getToken });
  const statuses: number[] = [];
  const closed: string[] = [];
  const charged: unknown[] = [];
  magic.on('status', (s) => statuses.push(s));
  magic.on('closed', (reason) => closed.push(reason));
  magic.on('charged', (event) => charged.push(event));
  /** Starts with `prompt`, the socket opening as soon as it is made. */
  const start = async (prompt: string) => {
    const before = sockets.length;
    const started = magic.start(prompt);
    await vi.waitFor(() => expect(sockets.length).toBe(before + 1));
    sockets.at(-1)!.open();
    await started;
  };
  return { effects, getToken, magic, statuses, closed, charged, start };
}

afterEach(() => {
  sockets.length = 0;
  vi.useRealTimers();
});

describe('Magic Cam in the browser', () => {
  test('a prompt with a look starts a session on /magic, styles the camera, goes On with the first styled frame, and Stop ends it', async () => {
    const { effects, magic, statuses, closed, charged, start } = setup();
    await start('Comic book, only me');
    const socket = sockets[0]!;
    expect(socket.url).toBe('/magic');
    expect(socket.options.auth).toEqual({ token: 'tok-1' });
    expect(socket.sent[0]).toEqual({ event: 'start', body: { prompt: 'Comic book, only me' } });
    expect(magic.engine).toBe('webgl');
    expect(magic.balance).toBe(57);
    const mode = effects.mode!;
    expect(mode.engine === 'webgl' && mode.look).toMatchObject({
      looks: ['comic'],
      scope: 'person',
    });
    expect(statuses).toEqual([1]);

    mode.onFrame();
    expect(statuses).toEqual([1, 2]);
    socket.send('charged', { minutes: 2, balance: 54 });
    expect(charged).toEqual([{ minutes: 2, balance: 54 }]);
    expect(magic.balance).toBe(54);

    await magic.stop();
    expect(socket.sent.map((s) => s.event)).toEqual(['start', 'stop']);
    expect(socket.connected).toBe(false);
    expect(effects.mode).toBeNull();
    expect(statuses).toEqual([1, 2, 0]);
    expect(closed).toEqual(['stop']);
  });

  test('a prompt with no look the in-browser engine knows is refused and nothing is started', async () => {
    const { magic, statuses } = setup();
    await expect(magic.start('a cat in space')).rejects.toEqual(
      new MagicRefusal('magicPromptUnknown'),
    );
    expect(sockets).toHaveLength(0);
    expect(statuses).toEqual([]);
    expect(magic.status).toBe(0);
    // The engine that refused is known (the UI names it).
    expect(magic.engine).toBe('webgl');
  });

  test('the streaming engine takes any prompt and sends the frame size', async () => {
    const { effects, start } = setup({ ...TOKEN, engine: 'stream' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    await start('a cat in space');
    expect(sockets[0]!.sent[0]!.body).toEqual({
      prompt: 'a cat in space',
      width: 1280,
      height: 720,
    });
    expect(effects.mode?.engine).toBe('stream');
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/magic/stream?token=tok-1');
    vi.unstubAllGlobals();
  });

  test('with the camera off it is refused before a token is asked for', async () => {
    const { effects, magic, getToken } = setup();
    effects.size = null;
    await expect(magic.start('comic')).rejects.toEqual(new MagicRefusal('magicNoCamera'));
    expect(getToken).not.toHaveBeenCalled();
  });

  test('where the camera effects cannot run (no WebGL2) it is refused before a token is asked for, so nothing is charged', async () => {
    const { effects, magic, getToken } = setup();
    effects.supported = false;
    await expect(magic.start('comic')).rejects.toEqual(new MagicRefusal('magicUnavailable'));
    expect(getToken).not.toHaveBeenCalled();
    expect(magic.status).toBe(0);
  });

  test('out of credits at getToken: its refusal comes back and nothing opens', async () => {
    const refusal = Object.assign(new Error('AI credits insufficient'), { code: 4038 });
    const { magic } = setup(() => Promise.reject(refusal));
    await expect(magic.start('comic')).rejects.toBe(refusal);
    expect(sockets).toHaveLength(0);
    expect(magic.status).toBe(0);
  });

  test("the server's close (out of credits) stops the stage and says why", async () => {
    const { effects, magic, closed, start } = setup();
    await start('neon');
    sockets[0]!.send('closed', { reason: 'outOfPoints' });
    await flush();
    expect(closed).toEqual(['outOfPoints']);
    expect(magic.status).toBe(0);
    expect(effects.mode).toBeNull();
    expect(sockets[0]!.connected).toBe(false);
  });

  test("a start the server refuses closes with the server's reason", async () => {
    const { magic, closed } = setup();
    const started = magic.start('neon');
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.serve.set('start', () => ({ ok: false, reason: 'serverFull' }));
    sockets[0]!.open();
    await started;
    expect(closed).toEqual(['serverFull']);
    expect(magic.status).toBe(0);
  });

  test('a socket that cannot connect closes as wsError', async () => {
    const { magic, closed } = setup();
    const started = magic.start('sketch');
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.refuse();
    await started;
    expect(closed).toEqual(['wsError']);
    expect(magic.status).toBe(0);
  });

  test('a failure of the stage closes as sysError; a background chosen instead closes as a stop the server hears', async () => {
    const { effects, closed, start } = setup();
    await start('pixel');
    effects.tell('failed', 'magic');
    await flush();
    expect(closed).toEqual(['sysError']);

    await start('pixel');
    effects.tell('ended', 'magic');
    await flush();
    expect(closed).toEqual(['sysError', 'stop']);
    expect(sockets[1]!.sent.map((s) => s.event)).toEqual(['start', 'stop']);
  });

  test('no styled frame for the frame timeout closes as timeout', async () => {
    const { magic, closed, start } = setup();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    await start('thermal');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(magic.status).toBe(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(closed).toEqual(['timeout']);
    expect(magic.status).toBe(0);
  });

  test('a new prompt mid-session changes the look without a new session; an unknown one is refused and the old look stays', async () => {
    const { effects, magic, start } = setup();
    await start('comic');
    await magic.setPrompt('blue watercolor background');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent.at(-1)).toEqual({
      event: 'prompt',
      body: { prompt: 'blue watercolor background' },
    });
    const mode = effects.mode!;
    expect(mode.engine === 'webgl' && mode.look).toMatchObject({
      looks: ['watercolor'],
      tint: [40, 110, 255],
      scope: 'background',
    });
    await expect(magic.setPrompt('something else')).rejects.toBeInstanceOf(MagicRefusal);
    expect(sockets[0]!.sent).toHaveLength(2);
    expect(magic.prompt).toBe('blue watercolor background');
  });
});
