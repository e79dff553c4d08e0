/**
 * The second stage of composing a recording: from already playable media files placed on the
 * recording's time line, the ffmpeg runs of composePlan (the video's parts and the sound at once,
 * then the MP4 of a video recording joined from them; the audio file, and a 16 kHz mono WAV for
 * the transcript when anyone was heard), then a preview frame with content (preview-frame.ts:
 * not the dark start) and the result's duration. Callable on its own (tests feed it ffmpeg-made
 * files). The runs go at a lower CPU priority than the server, so a meeting's live captions are
 * not slowed by a recording being made.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { RecordingLayoutKind, TimelineEntry } from '@meet/shared';
import { composePlan, type ComposeRun, type PictureFile, type SoundFile } from './compose-plan.js';
import { ffmpeg, nameFont, probeDuration } from './media-tools.js';
import { writePreview } from './preview-frame.js';
import { RECORDING_DEFAULTS, type RecordingSettings } from './settings.js';

export interface ComposeFilesInput {
  recordType: 'audio' | 'video';
  layout: RecordingLayoutKind;
  /** The recording's length (stoppedAt - startedAt): the output is this long, silence or not. */
  durationMs: number;
  /** In ms from the recording's start. */
  timeline: readonly TimelineEntry[];
  pictures: readonly PictureFile[];
  sounds: readonly SoundFile[];
  /** Where the outputs and the plan's files are written. */
  workDir: string;
  settings?: RecordingSettings;
  signal?: AbortSignal;
  /** The share of the ffmpeg run done, 0–1, as it goes. */
  onProgress?: (fraction: number) => void;
}

export interface ComposedFiles {
  /** H.264 + AAC MP4, 1280x720 (video recordings). */
  video: string | null;
  /** AAC in MP4 (.m4a). */
  audio: string;
  /** 16 kHz mono s16 WAV from the recording's start; null when there was no sound at all. */
  wav: string | null;
  /** JPEG, 640x360 (video recordings). */
  preview: string | null;
  /** Of the video (or the audio), as ffprobe reads it. */
  durationMs: number;
}

const PREVIEW_SIZE = '640:360';
/** How much lower the runs' CPU priority is than the server's (nice). */
const NICE = 10;
const NO_COMMAND = '0.0 [enter] nothing nop 0;\n';

export async function composeFiles(input: ComposeFilesInput): Promise<ComposedFiles> {
  const { workDir, signal } = input;
  const settings = input.settings ?? RECORDING_DEFAULTS;
  const encode = settings.encode;
  const video = input.recordType === 'video';
  const planDir = path.join(workDir, 'plan');
  await mkdir(planDir, { recursive: true });
  const outputs = {
    video: video ? path.join(workDir, 'video.mp4') : undefined,
    audio: path.join(workDir, 'audio.m4a'),
    wav: input.sounds.length > 0 ? path.join(workDir, 'audio.wav') : undefined,
  };
  const plan = composePlan({
    recordType: input.recordType,
    layout: input.layout,
    durationMs: input.durationMs,
    timeline: input.timeline,
    pictures: video ? input.pictures : [],
    sounds: input.sounds,
    encode,
    // Names are drawn on the picture only.
    fontFile: video ? nameFont() : '',
    workDir: planDir,
    outputs,
    parts: partsFor(input.durationMs, settings),
  });
  for (const file of plan.files) {
    // Without any picture the plan's command file is empty, which sendcmd refuses; a command
    // for a filter that is not there does nothing.
    const content = file.path.endsWith('.cmd') && !file.content.trim() ? NO_COMMAND : file.content;
    await writeFile(file.path, content);
  }
  // Progress is the output time of the runs that take the time: the video's, or the sound's.
  const counted = plan.runs.some((r) => r.kind === 'video')
    ? plan.runs.filter((r) => r.kind === 'video')
    : plan.runs;
  const total = counted.reduce((sum, r) => sum + r.durationMs, 0);
  const done = new Map<ComposeRun, number>();
  const stop = new AbortController();
  const stopAll = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', stopAll, { once: true });
  try {
    const failures: unknown[] = [];
    // Every run is waited for, so none outlives a failure or a stop.
    await Promise.allSettled(
      plan.runs.map((r) =>
        ffmpeg(r.args, {
          signal: stop.signal,
          nice: NICE,
          onTime: (ms) => {
            if (!counted.includes(r)) return;
            done.set(r, Math.min(ms, r.durationMs));
            const sum = [...done.values()].reduce((a, b) => a + b, 0);
            input.onProgress?.(Math.min(1, sum / Math.max(1, total)));
          },
        }).catch((error: unknown) => {
          // One run failing stops the others; its error is the one told.
          failures.push(error);
          stop.abort(error);
        }),
      ),
    );
    if (failures.length) throw failures[0];
    if (plan.join) await ffmpeg(plan.join, { signal: stop.signal });
  } finally {
    signal?.removeEventListener('abort', stopAll);
  }
  await Promise.all(plan.runs.map((r) => r.part && rm(r.part, { force: true })));

  let preview: string | null = null;
  if (outputs.video) {
    preview = path.join(workDir, 'preview.jpg');
    await writePreview(outputs.video, preview, PREVIEW_SIZE, signal);
  }
  const durationMs = await probeDuration(outputs.video ?? outputs.audio, signal);
  return {
    video: outputs.video ?? null,
    audio: outputs.audio,
    wav: outputs.wav ?? null,
    preview,
    durationMs,
  };
}

/** About one part a core, none shorter than the settings' minimum (a short one is not cut). */
export function partsFor(durationMs: number, settings: RecordingSettings): number {
  const cores = settings.parts.max ?? availableParallelism();
  return Math.max(1, Math.min(cores, Math.floor(durationMs / settings.parts.minMs)));
}
