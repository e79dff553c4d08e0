import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  decodePcm16,
  INTERPRET_FLUSH_IDLE_MS,
  INTERPRET_HOLD_MS,
  INTERPRET_JITTER_S,
  InterpretPlayer,
  type AudioContextLike,
  type BufferSourceLike,
  type InterpretPiece,
} from './interpret-player';

const RATE = 16000;

/** A Web Audio stand-in whose clock the test moves; it records what was started when. */
class FakeContext implements AudioContextLike {
  currentTime = 0;
  state = 'running';
  readonly destination = {};
  readonly started: { at: number; duration: number; source: BufferSourceLike }[] = [];
  readonly stopped: BufferSourceLike[] = [];
  sinkIds: string[] = [];
  closed = 0;
  createBuffer(_channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return { duration: length / sampleRate, getChannelData: () => data };
  }
  createBufferSource(): BufferSourceLike {
    const source: BufferSourceLike = {
      buffer: null,
      onended: null,
      connect: () => undefined,
      start: (at: number) => this.started.push({ at, duration: source.buffer!.duration, source }),
      stop: () => this.stopped.push(source),
    };
    return source;
  }
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  close = vi.fn(async () => {
    this.closed++;
  });
  setSinkId = vi.fn(async (id: string) => {
    this.sinkIds.push(id);
  });
}

/** `seconds` of audio as s16le. */
function pcm(seconds: number, value = 1000): Uint8Array {
  const samples = Math.round(seconds * RATE);
  const bytes = new Uint8Array(samples * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples; i++) view.setInt16(i * 2, value, true);
  return bytes;
}

let seq = 0;
const piece = (peerId: string, seconds: number, end = false, language = 'zh'): InterpretPiece => ({
  peerId,
  language,
  sampleRate: RATE,
  seq: ++seq,
  end,
  pcm: pcm(seconds),
});

let context: FakeContext;
let player: InterpretPlayer;
let speakers: string[][];

beforeEach(() => {
  vi.useFakeTimers();
  context = new FakeContext();
  player = new InterpretPlayer(() => context);
  speakers = [];
  player.on('speakers', (ids) => speakers.push(ids));
  player.setListenLanguage('zh');
});

afterEach(() => {
  player.close();
  vi.useRealTimers();
});

describe('interpretation playback: play buffers and scheduling', () => {
  test('pieces wait in the play buffer until 100 ms pass without a new one, then play as one', () => {
    player.handleAudio(piece('a', 0.5));
    vi.advanceTimersByTime(INTERPRET_FLUSH_IDLE_MS - 10);
    player.handleAudio(piece('a', 0.5));
    vi.advanceTimersByTime(INTERPRET_FLUSH_IDLE_MS - 10);
    expect(context.started).toHaveLength(0);
    vi.advanceTimersByTime(10);
    expect(context.started).toHaveLength(1);
    expect(context.started[0]!.duration).toBeCloseTo(1);
    expect(context.started[0]!.at).toBeCloseTo(INTERPRET_JITTER_S);
  });

  test('the end of an utterance flushes at once', () => {
    player.handleAudio(piece('a', 0.5));
    player.handleAudio(piece('a', 0.25, true));
    expect(context.started).toHaveLength(1);
    expect(context.started[0]!.duration).toBeCloseTo(0.75);
  });

  test('a piece that comes while the last still plays is scheduled right after it', () => {
    player.handleAudio(piece('a', 0.5));
    vi.advanceTimersByTime(INTERPRET_FLUSH_IDLE_MS);
    context.currentTime = 0.3;
    player.handleAudio(piece('a', 0.5));
    vi.advanceTimersByTime(INTERPRET_FLUSH_IDLE_MS);
    const [first, second] = context.started;
    expect(second!.at).toBeCloseTo(first!.at + first!.duration);
  });

  test('after a pause the next utterance starts a jitter buffer ahead of now', () => {
    player.handleAudio(piece('a', 0.5, true));
    context.currentTime = 5;
    player.handleAudio(piece('a', 0.5, true));
    expect(context.started[1]!.at).toBeCloseTo(5 + INTERPRET_JITTER_S);
  });

  test('two speakers are scheduled independently', () => {
    player.handleAudio(piece('a', 1, true));
    player.handleAudio(piece('b', 1, true));
    expect(context.started.map((s) => s.at)).toEqual([INTERPRET_JITTER_S, INTERPRET_JITTER_S]);
  });

  test('a repeated or overtaken piece is dropped', () => {
    const first = piece('a', 0.5);
    player.handleAudio(first);
    player.handleAudio(first);
    player.handleAudio({ ...piece('a', 0.5), seq: first.seq - 1, end: true });
    vi.advanceTimersByTime(INTERPRET_FLUSH_IDLE_MS);
    expect(context.started).toHaveLength(1);
    expect(context.started[0]!.duration).toBeCloseTo(0.5);
  });

  test('speech in another language than the one I listen in is not played', () => {
    player.handleAudio(piece('a', 0.5, true, 'en'));
    expect(context.started).toHaveLength(0);
  });
});

describe('interpretation playback: who is interpreted now (for ducking)', () => {
  test('a speaker counts from their first played piece until a moment after it ends', () => {
    player.handleAudio(piece('a', 1, true));
    expect(speakers).toEqual([['a']]);
    const endsAt = INTERPRET_JITTER_S + 1;
    context.currentTime = endsAt;
    vi.advanceTimersByTime(endsAt * 1000 + INTERPRET_HOLD_MS - 1);
    expect(speakers).toEqual([['a']]);
    vi.advanceTimersByTime(1);
    expect(speakers).toEqual([['a'], []]);
  });

  test('while the clock says it still plays, the speaker stays ducked', () => {
    player.handleAudio(piece('a', 1, true));
    context.currentTime = 0.2;
    vi.advanceTimersByTime((INTERPRET_JITTER_S + 1) * 1000 + INTERPRET_HOLD_MS);
    expect(speakers.at(-1)).toEqual(['a']);
    context.currentTime = 2;
    vi.advanceTimersByTime(2000 + INTERPRET_HOLD_MS);
    expect(speakers.at(-1)).toEqual([]);
  });

  test('two speakers at once are both named', () => {
    player.handleAudio(piece('b', 1, true));
    player.handleAudio(piece('a', 1, true));
    expect(speakers.at(-1)).toEqual(['a', 'b']);
  });

  test('switching the listening language stops what plays and clears the speakers', () => {
    player.handleAudio(piece('a', 1, true));
    player.setListenLanguage('');
    expect(context.stopped).toHaveLength(1);
    expect(speakers.at(-1)).toEqual([]);
    player.handleAudio(piece('a', 1, true));
    expect(context.started).toHaveLength(1);
  });
});

describe('interpretation playback: the audio context', () => {
  test('made on unlock, resumed when suspended, and following the chosen speaker', () => {
    const made = vi.fn(() => context);
    const fresh = new InterpretPlayer(made);
    fresh.setSink('speaker-2');
    expect(made).not.toHaveBeenCalled();
    context.state = 'suspended';
    fresh.unlock();
    expect(made).toHaveBeenCalledOnce();
    expect(context.resume).toHaveBeenCalled();
    expect(context.sinkIds).toEqual(['speaker-2']);
    fresh.setSink('');
    expect(context.sinkIds).toEqual(['speaker-2', '']);
    fresh.close();
  });

  test('a later click resumes a context the browser kept suspended', () => {
    player.unlock();
    context.state = 'suspended';
    context.resume.mockClear();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(context.resume).toHaveBeenCalledOnce();
  });

  test('closing stops playback, closes the context once and ignores later pieces', () => {
    player.handleAudio(piece('a', 1, true));
    player.close();
    player.close();
    expect(context.stopped).toHaveLength(1);
    expect(context.closed).toBe(1);
    player.handleAudio(piece('a', 1, true));
    expect(context.started).toHaveLength(1);
  });

  test('without Web Audio (no context) pieces are dropped quietly', () => {
    const silent = new InterpretPlayer(() => null);
    expect(() => silent.handleAudio(piece('a', 1, true))).not.toThrow();
    silent.close();
  });
});

describe('decodePcm16', () => {
  test('little-endian signed samples, also from a view at an odd offset', () => {
    const bytes = new Uint8Array([0xff, 0x00, 0x80, 0xff, 0x7f]);
    const view = bytes.subarray(1);
    expect(Array.from(decodePcm16(view))).toEqual([-32768 / 32768, 32767 / 32768]);
    expect(Array.from(decodePcm16(new Uint8Array([0x00, 0x40]).buffer))).toEqual([0.5]);
  });
});
