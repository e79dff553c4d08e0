/**
 * Loading MediaPipe's legacy "solutions" (selfie segmentation, face mesh): each is a classic
 * script that defines a global class, and fetches its wasm and model from our own origin under
 * /mediapipe/<solution>/ (copied from the npm package into the build by the vite config).
 *
 * Two solutions in one page share the globals their wasm loaders define
 * (`createMediapipeSolutionsWasm`): initialising both at once could hand one the other's module,
 * so initialisations take turns.
 */

const loading = new Map<string, Promise<unknown>>();

/** The URL of a solution's files: `locateFile` for its constructor. */
export function solutionBase(solution: string): string {
  return `/mediapipe/${solution}/`;
}

/** Loads `/mediapipe/<solution>/<script>` once and answers the global it defines. */
export function loadSolution<T>(solution: string, script: string, global: string): Promise<T> {
  const scope = window as unknown as Record<string, T | undefined>;
  const defined = scope[global];
  if (defined) return Promise.resolve(defined);
  let pending = loading.get(global) as Promise<T> | undefined;
  if (!pending) {
    pending = new Promise<T>((resolve, reject) => {
      const element = document.createElement('script');
      element.src = `${solutionBase(solution)}${script}`;
      element.onload = () => {
        const value = scope[global];
        if (value) resolve(value);
        else reject(new Error(`${solution} did not load`));
      };
      element.onerror = () => reject(new Error(`${solution} did not load`));
      document.head.append(element);
    });
    loading.set(global, pending);
    // A failed load may be tried again later.
    pending.catch(() => loading.delete(global));
  }
  return pending;
}

let turn: Promise<unknown> = Promise.resolve();

/** Runs `initialize` after every initialisation asked for before it has finished. */
export function initializeInTurn(initialize: () => Promise<void>): Promise<void> {
  const run = turn.then(initialize, initialize);
  turn = run.catch(() => undefined);
  return run;
}
