/** What a page hears of a member, measured in the page with Web Audio. */
import type { Page } from '@playwright/test';

export /** The median pitch (Hz) of a member's voice as this page receives it, over `ms`. */
function receivedPitch(page: Page, peerId: string, ms = 4000): Promise<number | null> {
  return page.evaluate(
    async ({ id, ms }) => {
      const audio = document.querySelector<HTMLAudioElement>(
        `audio[data-peer-audio="${id}"][data-audio-source="camera"]`,
      );
      const stream = audio?.srcObject as MediaStream | null;
      if (!stream) return null;
      const context = new AudioContext();
      await context.resume();
      const analyser = context.createAnalyser();
      analyser.fftSize = 4096;
      context.createMediaStreamSource(stream).connect(analyser);
      const frame = new Float32Array(analyser.fftSize);
      const rate = context.sampleRate;
      const pitches: number[] = [];
      const until = performance.now() + ms;
      while (performance.now() < until) {
        await new Promise((r) => setTimeout(r, 40));
        analyser.getFloatTimeDomainData(frame);
        let energy = 0;
        for (const v of frame) energy += v * v;
        if (Math.sqrt(energy / frame.length) < 0.01) continue;
        // Autocorrelation over lags for 60–500 Hz; the best normalised peak is the pitch.
        let best = 0;
        let bestLag = 0;
        for (let lag = Math.floor(rate / 500); lag <= Math.ceil(rate / 60); lag++) {
          let sum = 0;
          let norm = 0;
          for (let i = 0; i + lag < frame.length; i++) {
            sum += frame[i]! * frame[i + lag]!;
            norm += frame[i + lag]! * frame[i + lag]!;
          }
          const score = sum / Math.sqrt(energy * norm || 1);
          if (score > best) {
            best = score;
            bestLag = lag;
          }
        }
        if (best > 0.5 && bestLag > 0) pitches.push(rate / bestLag);
      }
      void context.close();
      if (pitches.length < 5) return null;
      pitches.sort((a, b) => a - b);
      return pitches[Math.floor(pitches.length / 2)]!;
    },
    { id: peerId, ms },
  );
}
