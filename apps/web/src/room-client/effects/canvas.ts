/** Canvas helpers the camera's effect stages and the pipeline share. */
export function canvas(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** `read`: the canvas is read back every frame (the mask), so it is kept in memory. */
export function context2d(c: HTMLCanvasElement, read = false): CanvasRenderingContext2D {
  const ctx = c.getContext('2d', { willReadFrequently: read });
  if (!ctx) throw new Error('no 2d canvas');
  return ctx;
}
