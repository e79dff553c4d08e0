/** The part of sherpa-onnx-node (CommonJS, untyped) the engines use: VAD, streaming ASR, resampling. */
declare module 'sherpa-onnx-node' {
  export interface SileroVadModelConfig {
    model: string;
    threshold?: number;
    minSilenceDuration?: number;
    minSpeechDuration?: number;
    windowSize?: number;
    maxSpeechDuration?: number;
  }

  export interface VadConfig {
    sileroVad: SileroVadModelConfig;
    sampleRate?: number;
    numThreads?: number;
    provider?: string;
    debug?: boolean | number;
  }

  export interface SpeechSegment {
    /** First sample of the segment, counted from the start of the stream. */
    start: number;
    samples: Float32Array;
  }

  export class Vad {
    constructor(config: VadConfig, bufferSizeInSeconds: number);
    acceptWaveform(samples: Float32Array): void;
    isEmpty(): boolean;
    isDetected(): boolean;
    pop(): void;
    clear(): void;
    front(enableExternalBuffer?: boolean): SpeechSegment;
    reset(): void;
    flush(): void;
  }

  export interface OnlineModelConfig {
    transducer?: { encoder: string; decoder: string; joiner: string };
    paraformer?: { encoder: string; decoder: string };
    zipformer2Ctc?: { model: string };
    tokens: string;
    numThreads?: number;
    provider?: string;
    debug?: boolean | number;
  }

  export interface OnlineRecognizerConfig {
    featConfig?: { sampleRate?: number; featureDim?: number };
    modelConfig: OnlineModelConfig;
    decodingMethod?: 'greedy_search' | 'modified_beam_search';
    maxActivePaths?: number;
    enableEndpoint?: boolean | number;
  }

  export class OnlineStream {
    acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
    inputFinished(): void;
  }

  export class OnlineRecognizer {
    constructor(config: OnlineRecognizerConfig);
    createStream(): OnlineStream;
    isReady(stream: OnlineStream): boolean;
    decode(stream: OnlineStream): void;
    getResult(stream: OnlineStream): { text: string };
  }

  export class LinearResampler {
    constructor(inputSampleRate: number, outputSampleRate: number);
    resample(samples: Float32Array): Float32Array;
    flush(samples: Float32Array): Float32Array;
  }

  const sherpa: {
    Vad: typeof Vad;
    OnlineRecognizer: typeof OnlineRecognizer;
    LinearResampler: typeof LinearResampler;
    version: string;
  };
  export default sherpa;
}
