/**
 * Sharing a file into the meeting (picture-in-picture sharing): a JPG or PNG, or an MP4 that
 * plays with its sound, drawn on a 1280x720 canvas with my camera as a small picture over its
 * corner. The canvas (and the video's sound) go out as my screen share, so everyone sees it as
 * they see a shared screen; I can pause and resume a video.
 */
import { FILE_SHARE_MAX_BYTES, FILE_SHARE_TYPES, type FileShareKind } from '@meet/shared';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;
/** The camera's picture: a 16:9 box in the bottom right corner. */
const PIP_WIDTH = 288;
const PIP_MARGIN = 20;

export type FileShareRefusal = 'fileShareType' | 'fileShareTooBig';

/** Why a file cannot be shared (an i18n key under room.errors), or its kind. */
export function fileShareKind(file: {
  name: string;
  type: string;
  size: number;
}): { kind: FileShareKind } | { refusal: FileShareRefusal } {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const entry = FILE_SHARE_TYPES.find(
    (t) => t.mime === file.type || t.extensions.includes(extension),
  );
  if (!entry) return { refusal: 'fileShareType' };
  if (file.size > FILE_SHARE_MAX_BYTES) return { refusal: 'fileShareTooBig' };
  return { kind: entry.kind };
}

export interface FileShareStream {
  stream: MediaStream;
  kind: FileShareKind;
  /** Pauses or resumes a video (an image is always still). */
  setPaused(paused: boolean): void;
  close(): void;
}

/** Draws `source` contained in the frame. */
function drawContained(
  context: CanvasRenderingContext2D,
  source: CanvasImageSource,
  width: number,
  height: number,
): void {
  if (width === 0 || height === 0) return;
  const scale = Math.min(WIDTH / width, HEIGHT / height);
  const w = width * scale;
  const h = height * scale;
  context.drawImage(source, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
}

export async function openFileShare(
  file: File,
  kind: FileShareKind,
  camera: () => MediaStreamTrack | undefined,
): Promise<FileShareStream> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d')!;
  const url = URL.createObjectURL(file);
  let image: ImageBitmap | undefined;
  let video: HTMLVideoElement | undefined;
  let audio: AudioContext | undefined;
  let soundTrack: MediaStreamTrack | undefined;
  if (kind === 'image') {
    image = await createImageBitmap(file);
  } else {
    video = document.createElement('video');
    video.src = url;
    video.playsInline = true;
    video.crossOrigin = 'anonymous';
    await new Promise<void>((resolve, reject) => {
      video!.onloadeddata = () => resolve();
      video!.onerror = () => reject(new Error('the video cannot be played'));
    });
    // The sound goes to the others (and to me, through my speakers).
    audio = new AudioContext();
    const source = audio.createMediaElementSource(video);
    const out = audio.createMediaStreamDestination();
    source.connect(out);
    source.connect(audio.destination);
    soundTrack = out.stream.getAudioTracks()[0];
    await video.play().catch(() => undefined);
  }

  const cameraVideo = document.createElement('video');
  cameraVideo.muted = true;
  cameraVideo.playsInline = true;
  let cameraTrack: MediaStreamTrack | undefined;

  const draw = () => {
    context.fillStyle = '#000';
    context.fillRect(0, 0, WIDTH, HEIGHT);
    if (image) drawContained(context, image, image.width, image.height);
    else if (video) drawContained(context, video, video.videoWidth, video.videoHeight);
    // My camera as a small picture over the corner, while it is on.
    const track = camera();
    if (track !== cameraTrack) {
      cameraTrack = track;
      cameraVideo.srcObject = track ? new MediaStream([track]) : null;
      if (track) void cameraVideo.play().catch(() => undefined);
    }
    if (track && cameraVideo.videoWidth > 0) {
      const w = PIP_WIDTH;
      const h = (w * 9) / 16;
      const x = WIDTH - w - PIP_MARGIN;
      const y = HEIGHT - h - PIP_MARGIN;
      context.fillStyle = '#fff';
      context.fillRect(x - 2, y - 2, w + 4, h + 4);
      const scale = Math.max(w / cameraVideo.videoWidth, h / cameraVideo.videoHeight);
      const cw = cameraVideo.videoWidth * scale;
      const ch = cameraVideo.videoHeight * scale;
      context.save();
      context.beginPath();
      context.rect(x, y, w, h);
      context.clip();
      // Mirrored, as I see myself.
      context.translate(x + w / 2, 0);
      context.scale(-1, 1);
      context.drawImage(cameraVideo, -cw / 2, y + (h - ch) / 2, cw, ch);
      context.restore();
    }
  };
  draw();
  const timer = setInterval(draw, 1000 / FPS);
  const videoTrack = canvas.captureStream(FPS).getVideoTracks()[0]!;
  videoTrack.contentHint = kind === 'video' ? 'motion' : 'detail';
  const stream = new MediaStream(soundTrack ? [videoTrack, soundTrack] : [videoTrack]);

  return {
    stream,
    kind,
    setPaused(paused) {
      if (!video) return;
      if (paused) video.pause();
      else void video.play().catch(() => undefined);
    },
    close() {
      clearInterval(timer);
      video?.pause();
      if (video) video.removeAttribute('src');
      cameraVideo.srcObject = null;
      image?.close();
      stream.getTracks().forEach((t) => t.stop());
      void audio?.close().catch(() => undefined);
      URL.revokeObjectURL(url);
    },
  };
}
