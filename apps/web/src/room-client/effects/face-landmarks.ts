/**
 * Face landmarks in the browser with MediaPipe Face Mesh (468 points of one face, coordinates
 * 0..1 of the image's width and height), for the beauty filters' slim face and bigger eyes and,
 * later, the avatar that follows the head. The model and wasm ship in `@mediapipe/face_mesh` and
 * are served from our own origin under /mediapipe/face_mesh/.
 */
import { initializeInTurn, loadSolution, solutionBase } from './mediapipe-solutions';

/**
 * Face Mesh gets a copy of the frame this wide (it crops the face to 192x192 anyway); the
 * landmarks are fractions of the frame, so the pose is read at the camera's proportions, and a
 * small input keeps MediaPipe's read-back of it cheap.
 */
export const LANDMARK_WIDTH = 480;
/**
 * With no face in view, looking for one costs a full detection: the avatar and the beauty
 * filters alike do it on every fourth frame only (the frames between are drawn as before).
 */
export const FACE_SEARCH_EVERY = 4;

export interface Landmark {
  x: number;
  y: number;
  z: number;
}

interface FaceMeshResults {
  multiFaceLandmarks?: Landmark[][];
}
interface FaceMeshSolution {
  onResults(listener: (results: FaceMeshResults) => void): void;
  initialize(): Promise<void>;
  send(inputs: { image: HTMLCanvasElement }): Promise<void>;
  setOptions(options: Record<string, unknown>): void;
  close(): Promise<void>;
}
/** Loading the model and wasm (several MB) may take long, but not forever: a stuck load fails. */
const LOAD_TIMEOUT_MS = 60_000;

type FaceMeshClass = new (config: { locateFile: (file: string) => string }) => FaceMeshSolution;

/** One face mesh graph: `detect` one image at a time (it tracks the face from frame to frame). */
export class FaceLandmarker {
  private latest: Landmark[] | null = null;
  private closed = false;

  private constructor(private readonly mesh: FaceMeshSolution) {
    mesh.onResults((results) => {
      this.latest = results.multiFaceLandmarks?.[0] ?? null;
    });
  }

  /** Loads the model (a few MB, once per page) and starts a graph. */
  static async create(): Promise<FaceLandmarker> {
    const FaceMesh = await loadSolution<FaceMeshClass>('face_mesh', 'face_mesh.js', 'FaceMesh');
    const mesh = new FaceMesh({ locateFile: (file) => `${solutionBase('face_mesh')}${file}` });
    mesh.setOptions({
      maxNumFaces: 1,
      refineLandmarks: false,
      selfieMode: false,
      // minDetectionConfidence stays at its default (0.5): setting it in this build drops the
      // detector's other options and the graph aborts (tensors_to_detections: num_classes).
      // The model on the CPU (wasm SIMD): without a GPU reading its results back from WebGL
      // costs more than the inference.
      useCpuInference: true,
    });
    const landmarker = new FaceLandmarker(mesh);
    try {
      await initializeInTurn(() => withTimeout(mesh.initialize(), LOAD_TIMEOUT_MS));
    } catch (error) {
      landmarker.close();
      throw error;
    }
    return landmarker;
  }

  /** The landmarks of the face in `image`, or null when there is none. */
  async detect(image: HTMLCanvasElement): Promise<Landmark[] | null> {
    if (this.closed) return null;
    this.latest = null;
    await this.mesh.send({ image });
    return this.latest;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.mesh.close().catch(() => undefined);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('face mesh did not load in time')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
