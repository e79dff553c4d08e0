import { expect, test } from 'vitest';
import { ReceiveBudget, STALL_MS, videoTotals, type VideoTotals } from './receive-budget';

/** Feeds one sample a second: `kbps` of video arriving, `loss` of what was sent lost. */
class Link {
  readonly budget = new ReceiveBudget();
  private totals: VideoTotals = {
    atMs: 0,
    bytesReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    streams: 1,
    frames: { v: 0 },
  };
  /** Each change of the cap, with the second it came at. */
  readonly changes: Array<[number, number]> = [];

  constructor() {
    this.budget.sample(this.totals);
  }

  seconds(n: number, kbps: number, loss: number): void {
    for (let i = 0; i < n; i++) {
      const packets = Math.round((kbps * 1000) / 8 / 1000);
      const lost = Math.round((packets * loss) / (1 - loss));
      this.totals = {
        ...this.totals,
        atMs: this.totals.atMs + 1000,
        bytesReceived: this.totals.bytesReceived + (kbps * 1000) / 8,
        packetsReceived: this.totals.packetsReceived + packets,
        packetsLost: this.totals.packetsLost + lost,
        frames: { v: this.totals.frames.v! + 15 },
      };
      const cap = this.budget.sample(this.totals);
      if (cap !== undefined) this.changes.push([this.totals.atMs / 1000, cap]);
    }
  }

  totalsNow(): VideoTotals {
    return this.totals;
  }

  /** The picture during a try, watched every `stepMs` for `ms`: `fps` new frames a second. */
  watch(ms: number, stepMs: number, fps: number): void {
    for (let t = 0; t < ms; t += stepMs) {
      this.totals = {
        ...this.totals,
        atMs: this.totals.atMs + stepMs,
        frames: { v: this.totals.frames.v! + (fps * stepMs) / 1000 },
      };
      const cap = this.budget.watch(this.totals);
      if (cap !== undefined) this.changes.push([this.totals.atMs / 1000, cap]);
    }
  }
}

test('a full link (heavy loss at 300 kbit/s) goes straight to the layer that fits, not one step at a time', () => {
  const link = new Link();
  link.seconds(3, 1200, 0);
  expect(link.budget.layerCap).toBe(2);
  link.seconds(1, 300, 0.7);
  expect(link.changes).toEqual([[4, 0]]);
  // The old layer's packets still get lost for a moment: no further step meanwhile.
  link.seconds(1, 300, 0.5);
  expect(link.changes).toHaveLength(1);
});

test('at 800 kbit/s the middle layer is kept', () => {
  const link = new Link();
  link.seconds(1, 800, 0.35);
  expect(link.budget.layerCap).toBe(1);
});

test('a clean link tries the next layer up after 10 s; a try that loses goes back and the next waits twice as long', () => {
  const link = new Link();
  link.seconds(1, 300, 0.7); // → 0 at 1 s
  link.seconds(11, 230, 0); // clean from 2 s: the try 10 s later
  expect(link.changes).toEqual([
    [1, 0],
    [12, 1],
  ]);
  link.seconds(1, 300, 0.5); // the try loses: back at once
  expect(link.changes.at(-1)).toEqual([13, 0]);
  link.seconds(20, 230, 0); // clean from 14 s
  expect(link.changes).toHaveLength(3);
  link.seconds(1, 230, 0); // 20 s after 14 s
  expect(link.changes.at(-1)).toEqual([34, 1]);
});

test('a try whose picture stands still (its key frame trickling through a narrow link) is undone within STALL_MS, and the next waits twice as long', () => {
  const link = new Link();
  link.seconds(1, 300, 0.7); // → 0 at 1 s
  link.seconds(11, 230, 0); // the try at 12 s
  expect(link.budget.probing).toBe(true);
  // Frames still come for a moment (the old layer until the new one's key frame), then stop.
  link.watch(300, 100, 15);
  link.watch(STALL_MS - 100, 100, 0);
  expect(link.changes).toHaveLength(2);
  link.watch(100, 100, 0);
  expect(link.changes.at(-1)).toEqual([(12_300 + STALL_MS) / 1000, 0]);
  expect(link.budget.probing).toBe(false);
  link.seconds(20, 230, 0); // clean again: the next try 20 s later, not 10
  expect(link.changes).toHaveLength(3);
  link.seconds(1, 230, 0);
  expect(link.changes.at(-1)?.[1]).toBe(1);
});

test('after an undone try, a picture still standing is asked for a key frame again: 300 ms after the undo, then once a second, for 4 s at most', () => {
  const link = new Link();
  link.seconds(1, 300, 0.7);
  link.seconds(11, 230, 0); // the try at 12 s
  link.watch(300, 100, 0); // stands still: undone at 12.3 s
  expect(link.changes.at(-1)).toEqual([12.3, 0]);
  expect(link.budget.watching).toBe(true);
  const asks: number[] = [];
  for (let i = 0; i < 50; i++) {
    link.watch(100, 100, 0);
    const due = link.budget.keyFramesDue(link.totalsNow());
    if (due.length) {
      expect(due).toEqual(['v']);
      asks.push(Math.round(link.totalsNow().atMs - 12_300));
    }
  }
  expect(asks).toEqual([300, 1300, 2300, 3300]);
  expect(link.budget.watching).toBe(false);
});

test('after an undone try, a picture that plays again is not asked for anything', () => {
  const link = new Link();
  link.seconds(1, 300, 0.7);
  link.seconds(11, 230, 0);
  link.watch(300, 100, 0); // undone
  let asked = 0;
  for (let i = 0; i < 30; i++) {
    link.watch(100, 100, 20); // the old layer's key frame came: frames again
    asked += link.budget.keyFramesDue(link.totalsNow()).length;
  }
  expect(asked).toBe(0);
});

test('a try whose picture keeps playing is not undone by the watch', () => {
  const link = new Link();
  link.seconds(1, 300, 0.7);
  link.seconds(11, 230, 0);
  link.watch(4000, 100, 15);
  expect(link.budget.layerCap).toBe(1);
  expect(link.changes).toHaveLength(2);
});

test('a try is not undone for a picture that was not playing when it began (a camera turned off)', () => {
  const budget = new ReceiveBudget();
  const at = (atMs: number, packets: number, lost: number) => ({
    atMs,
    bytesReceived: packets * 1000,
    packetsReceived: packets,
    packetsLost: lost,
    streams: 1,
    frames: { still: 10 },
  });
  budget.sample(at(0, 0, 0));
  budget.sample(at(1000, 30, 70)); // full: → 0
  for (let s = 2; s <= 12; s++) budget.sample(at(s * 1000, 30 * s, 70));
  expect(budget.probing).toBe(true);
  expect(budget.watch(at(12_500, 30 * 12, 70))).toBeUndefined();
  expect(budget.layerCap).toBe(1);
});

test('a try that stays clean is kept, and the link climbs back to the top layer when the cap is gone', () => {
  const link = new Link();
  link.seconds(1, 300, 0.7);
  link.seconds(30, 700, 0);
  expect(link.budget.layerCap).toBe(2);
  expect(link.changes.map(([, cap]) => cap)).toEqual([0, 1, 2]);
});

test('a little loss changes nothing, and too few packets say nothing', () => {
  const link = new Link();
  link.seconds(20, 1200, 0.03);
  link.seconds(5, 40, 0.5); // 10 packets a second expected
  expect(link.changes).toEqual([]);
});

test('counters that start again (a new connection) are a baseline, not a loss', () => {
  const budget = new ReceiveBudget();
  const at = (atMs: number, packetsReceived: number, packetsLost: number) =>
    budget.sample({
      atMs,
      bytesReceived: packetsReceived * 1000,
      packetsReceived,
      packetsLost,
      streams: 1,
      frames: {},
    });
  at(0, 5000, 0);
  expect(at(1000, 10, 200)).toBeUndefined();
  expect(budget.layerCap).toBe(2);
});

test('videoTotals sums the received video streams of a report, and ignores audio', () => {
  const report = new Map<string, object>([
    [
      'a',
      {
        id: 'a',
        type: 'inbound-rtp',
        kind: 'video',
        bytesReceived: 10,
        packetsReceived: 2,
        packetsLost: 1,
      },
    ],
    [
      'b',
      {
        id: 'b',
        type: 'inbound-rtp',
        kind: 'video',
        bytesReceived: 5,
        packetsReceived: 1,
        packetsLost: 0,
      },
    ],
    [
      'c',
      { type: 'inbound-rtp', kind: 'audio', bytesReceived: 99, packetsReceived: 9, packetsLost: 9 },
    ],
    ['d', { id: 'd', type: 'inbound-rtp', kind: 'video', packetsReceived: 0 }],
  ]) as unknown as RTCStatsReport;
  expect(videoTotals(report, 7)).toEqual({
    atMs: 7,
    bytesReceived: 15,
    packetsReceived: 3,
    packetsLost: 1,
    streams: 2,
    frames: { a: 0, b: 0, d: 0 },
  });
});
