import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { browserEffectsCapabilities, canRunVideoEffects } from './effects-support';

afterEach(() => vi.restoreAllMocks());

describe('camera effects support', () => {
  test.each([
    ['Chromium (WebGL2, track generator)', true, true, true, true],
    ['Firefox or Safari (WebGL2, canvas capture)', true, false, true, true],
    ['WebGL2 switched off or refused for the GPU', false, false, true, false],
    ['WebGL2 but no way to send the result', true, false, false, false],
  ])('%s: %s', (_name, webgl2, trackGenerator, canvasCapture, ok) => {
    expect(canRunVideoEffects({ webgl2, trackGenerator, canvasCapture })).toBe(ok);
  });

  test('the probe reads WebGL2 from a canvas and gives its context back at once', () => {
    const loseContext = vi.fn();
    const gl = {
      getExtension: (name: string) => (name === 'WEBGL_lose_context' ? { loseContext } : null),
    };
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(((kind: string) => (kind === 'webgl2' ? gl : null)) as never);
    // jsdom has no canvas capture; Firefox and Safari do.
    Object.defineProperty(HTMLCanvasElement.prototype, 'captureStream', {
      value: () => undefined,
      configurable: true,
    });
    onTestFinished(() => {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).captureStream;
    });
    expect(browserEffectsCapabilities()).toEqual({
      webgl2: true,
      trackGenerator: false,
      canvasCapture: true,
    });
    expect(getContext).toHaveBeenCalledWith('webgl2');
    expect(loseContext).toHaveBeenCalledOnce();
  });

  test('a browser whose canvas refuses WebGL2 has none', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(browserEffectsCapabilities().webgl2).toBe(false);
  });
});
