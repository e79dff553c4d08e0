/*
 * The voice changer (AudioWorklet, runs in the browser's audio thread; no model, plain signal
 * processing). Modes come in through `port.postMessage({ mode })`:
 *  - 'deeper' / 'higher': pitch shifting with a delay line read by two taps that sweep through a
 *    40 ms window at the pitch ratio, cross-faded (a "Doppler" shifter): the voice moves by the
 *    ratio, its speed stays the same;
 *  - 'robot': ring modulation at 45 Hz over a short comb, a metallic monotone buzz;
 *  - 'none': the input as it is.
 */
/* global AudioWorkletProcessor, registerProcessor, sampleRate -- the AudioWorklet scope's own names */
const RATIOS = { deeper: 0.75, higher: 1.35 };
const WINDOW_SECONDS = 0.04;
const ROBOT_HZ = 45;
const COMB_SECONDS = 0.006;

class VoiceChanger extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.mode = (options && options.processorOptions && options.processorOptions.mode) || 'none';
    this.size = Math.ceil(sampleRate * 0.1);
    this.buffer = new Float32Array(this.size);
    this.write = 0;
    this.window = Math.round(sampleRate * WINDOW_SECONDS);
    this.phase = 0;
    this.robotPhase = 0;
    this.comb = Math.round(sampleRate * COMB_SECONDS);
    this.port.onmessage = (event) => {
      if (event.data && typeof event.data.mode === 'string') this.mode = event.data.mode;
    };
  }

  read(delay) {
    let position = this.write - delay;
    while (position < 0) position += this.size;
    const i = Math.floor(position);
    const frac = position - i;
    const a = this.buffer[i % this.size];
    const b = this.buffer[(i + 1) % this.size];
    return a + (b - a) * frac;
  }

  process(inputs, outputs) {
    const input = inputs[0] && inputs[0][0];
    const output = outputs[0];
    if (!output || output.length === 0) return true;
    const out = output[0];
    if (!input) {
      out.fill(0);
    } else {
      const ratio = RATIOS[this.mode];
      for (let n = 0; n < out.length; n++) {
        const x = input[n];
        this.buffer[this.write] = x;
        let y = x;
        if (ratio) {
          // The delay shrinks (higher) or grows (deeper) by (ratio - 1) per sample, wrapping.
          this.phase -= (ratio - 1) / this.window;
          this.phase -= Math.floor(this.phase);
          y = 0;
          for (let tap = 0; tap < 2; tap++) {
            let p = this.phase + tap * 0.5;
            p -= Math.floor(p);
            const gain = Math.sin(Math.PI * p);
            y += gain * gain * this.read(1 + p * this.window);
          }
        } else if (this.mode === 'robot') {
          this.robotPhase += ROBOT_HZ / sampleRate;
          if (this.robotPhase >= 1) this.robotPhase -= 1;
          const combed = 0.6 * x + 0.4 * this.read(this.comb);
          y = 1.6 * combed * Math.sin(2 * Math.PI * this.robotPhase);
        }
        out[n] = y;
        this.write = (this.write + 1) % this.size;
      }
    }
    for (let c = 1; c < output.length; c++) output[c].set(out);
    return true;
  }
}

registerProcessor('voice-changer', VoiceChanger);
