/** Sample-rate conversion with sherpa-onnx's windowed-sinc resampler (Kaldi's LinearResample). */
import { sherpaOnnx } from '../sherpa-runtime.js';
import { toFloat32, toInt16 } from './pcm.js';

export function resample(pcm: Int16Array, from: number, to: number): Int16Array {
  if (from === to || pcm.length === 0) return pcm;
  const { LinearResampler } = sherpaOnnx();
  const resampler = new LinearResampler(from, to);
  return toInt16(resampler.flush(toFloat32(pcm)));
}
