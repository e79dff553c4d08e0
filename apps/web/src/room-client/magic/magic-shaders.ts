/**
 * The GLSL of Magic Cam's in-browser engine (magic-gl.ts draws with it): a vertex shader that
 * covers the target, each look's pass and the pre-pass some need, and the pass that mixes in the
 * tint and keeps the camera outside the scope. Sizes are in the frame's own pixels (`size`),
 * whatever size a pass draws at.
 */
import type { MagicLookName } from '@meet/shared';

/** What every pass shares: the image read (`src`), its pre-pass, and helpers. */
export const COMMON = `#version 300 es
precision highp float;
uniform sampler2D src;
uniform sampler2D pre;
uniform vec2 size;
uniform float time;
in vec2 uv;
out vec4 color;
const vec3 LUMA = vec3(0.299, 0.587, 0.114);
float luma(vec3 c) { return dot(c, LUMA); }
float hash(vec2 p) {
  p = fract(p * vec2(123.34, 456.21));
  p += dot(p, p + 45.32);
  return fract(p.x * p.y);
}
float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  f = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), f.x),
             mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), f.x), f.y);
}
// The texture at this pixel moved by an offset in full-size pixels.
vec3 at(sampler2D t, vec2 offset) { return texture(t, uv + offset / size).rgb; }
// Sobel gradient magnitude of brightness, taps 'step' pixels apart.
float edge(sampler2D t, float step) {
  float tl = luma(at(t, vec2(-step, -step)));
  float tc = luma(at(t, vec2(0.0, -step)));
  float tr = luma(at(t, vec2(step, -step)));
  float ml = luma(at(t, vec2(-step, 0.0)));
  float mr = luma(at(t, vec2(step, 0.0)));
  float bl = luma(at(t, vec2(-step, step)));
  float bc = luma(at(t, vec2(0.0, step)));
  float br = luma(at(t, vec2(step, step)));
  float gx = (tr + 2.0 * mr + br) - (tl + 2.0 * ml + bl);
  float gy = (bl + 2.0 * bc + br) - (tl + 2.0 * tc + tr);
  return length(vec2(gx, gy));
}
// The same over brightness averaged across 'step' pixels at each tap: camera noise and fine
// texture make no edge.
float softEdge(sampler2D t, float step) {
  float y[9];
  for (int j = 0; j < 3; j++) {
    for (int i = 0; i < 3; i++) {
      vec2 o = vec2(float(i - 1), float(j - 1)) * step;
      float h = step * 0.25;
      y[j * 3 + i] = 0.25 * (luma(at(t, o + vec2(-h, -h))) + luma(at(t, o + vec2(h, -h)))
                           + luma(at(t, o + vec2(-h, h))) + luma(at(t, o + vec2(h, h))));
    }
  }
  float gx = (y[2] + 2.0 * y[5] + y[8]) - (y[0] + 2.0 * y[3] + y[6]);
  float gy = (y[6] + 2.0 * y[7] + y[8]) - (y[0] + 2.0 * y[1] + y[2]);
  return length(vec2(gx, gy));
}
vec3 saturation(vec3 c, float amount) { return clamp(mix(vec3(luma(c)), c, amount), 0.0, 1.0); }
float vignette(float strength) {
  vec2 d = (uv - 0.5) * vec2(size.x / size.y, 1.0);
  return 1.0 - strength * smoothstep(0.4, 1.0, length(d));
}
`;

/**
 * Kuwahara: of the four quadrants around a pixel, the mean colour of the one whose
 * brightness varies least, so areas go flat while edges stay where they are.
 */
const kuwahara = (radius: number, spread: number) => `${COMMON}
void main() {
  vec3 best = vec3(0.0);
  float least = 1e9;
  const float n = ${((radius + 1) * (radius + 1)).toFixed(1)};
  for (int q = 0; q < 4; q++) {
    vec2 dir = vec2(q == 0 || q == 3 ? -1.0 : 1.0, q < 2 ? -1.0 : 1.0) * ${spread.toFixed(2)};
    vec3 sum = vec3(0.0);
    float squares = 0.0;
    for (int j = 0; j <= ${radius}; j++) {
      for (int i = 0; i <= ${radius}; i++) {
        vec3 c = at(src, dir * vec2(float(i), float(j)));
        float y = luma(c);
        sum += c;
        squares += y * y;
      }
    }
    vec3 mean = sum / n;
    float variance = squares / n - luma(mean) * luma(mean);
    if (variance < least) {
      least = variance;
      best = mean;
    }
  }
  color = vec4(best, 1.0);
}`;

/** The edges, in the colour of what they border (vivid), black elsewhere. */
const NEON_EDGES = `${COMMON}
void main() {
  vec3 c = texture(src, uv).rgb;
  float chroma = max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b));
  vec3 own = saturation(c, 3.0) / max(max(c.r, max(c.g, c.b)), 0.05);
  vec3 tube = mix(vec3(0.0, 1.0, 1.0), vec3(1.0, 0.1, 0.9), uv.x);
  vec3 hue = clamp(mix(tube, own, smoothstep(0.05, 0.25, chroma)), 0.0, 1.0);
  color = vec4(hue * smoothstep(0.15, 0.55, softEdge(src, 3.0)), 1.0);
}`;

/** A small box blur (four filtered taps): the mean colour around each pixel. */
const BLUR = `${COMMON}
void main() {
  vec3 c = at(src, vec2(-1.5, -1.5)) + at(src, vec2(1.5, -1.5))
         + at(src, vec2(-1.5, 1.5)) + at(src, vec2(1.5, 1.5));
  color = vec4(c * 0.25, 1.0);
}`;

/** Each look's pass: reads `src` (and `pre`, made from `src` by its pre-pass). */
export const LOOKS: Record<MagicLookName, { pre?: string; body: string }> = {
  watercolor: {
    pre: kuwahara(2, 4),
    body: `
  vec2 p = uv * size;
  vec3 c = texture(pre, uv).rgb;
  // Washes: the colours pooled into a few bands, their borders wandering like wet paint.
  c = floor(c * 7.0 + 0.3 + 0.4 * noise(p * 0.03)) / 7.0;
  c = saturation(mix(c, vec3(1.0), 0.18), 1.2);
  // Darker pigment where a wash ends, and the paper's grain under everything.
  c *= 1.0 - 0.3 * smoothstep(0.05, 0.35, edge(pre, 2.0));
  float paper = 0.6 * noise(p * 0.45) + 0.4 * noise(p * 0.08);
  c *= 0.9 + 0.12 * paper;
  color = vec4(c, 1.0);`,
  },
  comic: {
    pre: kuwahara(2, 3),
    body: `
  // Flat inks: four levels a channel, and black lines where the brightness steps.
  vec3 c = saturation(texture(pre, uv).rgb, 1.5);
  c = floor(c * 3.0 + 0.5) / 3.0;
  float ink = smoothstep(0.2, 0.45, edge(pre, 2.5));
  color = vec4(mix(c, vec3(0.04), ink), 1.0);`,
  },
  sketch: {
    pre: kuwahara(1, 2),
    body: `
  vec2 p = uv * size;
  float y = luma(texture(pre, uv).rgb);
  // Pencil lines along the edges, shading in hatches (crossed in the dark) on grey paper.
  float line = smoothstep(0.1, 0.6, edge(pre, 1.5) + 0.5 * edge(pre, 3.0));
  float tone = 1.0 - smoothstep(0.15, 0.85, y);
  float wobble = 0.3 * noise(p * 0.05);
  float h1 = fract((p.x + p.y) / 6.0 + wobble);
  float h2 = fract((p.x - p.y) / 6.0 + wobble);
  float shade = tone * 0.55 * smoothstep(0.5, 0.2, h1)
              + smoothstep(0.55, 1.0, tone) * 0.45 * smoothstep(0.5, 0.2, h2);
  float paper = 0.93 + 0.07 * noise(p * 0.7);
  float g = paper * (1.0 - min(shade + line * 0.85, 0.95));
  color = vec4(vec3(g) * vec3(1.0, 0.99, 0.96), 1.0);`,
  },
  oil: {
    pre: kuwahara(3, 3),
    body: `
  vec2 p = uv * size;
  vec3 c = saturation(texture(pre, uv).rgb, 1.35);
  // Thick paint: strokes of uneven pigment, lit from the top left by their relief.
  vec2 g = vec2(luma(at(pre, vec2(2.0, 0.0))) - luma(at(pre, vec2(-2.0, 0.0))),
                luma(at(pre, vec2(0.0, 2.0))) - luma(at(pre, vec2(0.0, -2.0))));
  float stroke = noise(vec2(p.x * 0.08 + p.y * 0.05, p.y * 0.35));
  vec3 normal = normalize(vec3(-g * 6.0 + (stroke - 0.5) * 0.6, 1.0));
  float light = dot(normal, normalize(vec3(-0.5, -0.6, 1.0)));
  c *= 0.8 + 0.3 * light;
  color = vec4(clamp(c, 0.0, 1.0), 1.0);`,
  },
  neon: {
    pre: NEON_EDGES,
    body: `
  // Glowing tubes on a dark scene: the sharp edge plus two rings of its blur.
  vec3 glow = vec3(0.0);
  for (int i = 0; i < 8; i++) {
    float a = float(i) * 0.7854;
    vec2 d = vec2(cos(a), sin(a));
    glow += at(pre, d * 4.0) + 0.6 * at(pre, d * 10.0);
  }
  vec3 dark = texture(src, uv).rgb * 0.12;
  color = vec4(clamp(dark + texture(pre, uv).rgb * 1.4 + glow * 0.16, 0.0, 1.0), 1.0);`,
  },
  pixel: {
    pre: BLUR,
    body: `
  // Big blocks, each the mean of four blurred samples, in the 16 colours of a fantasy console.
  float block = max(4.0, floor(size.x / 96.0));
  vec2 cell = (floor(uv * size / block) + 0.5) * block;
  vec3 c = vec3(0.0);
  for (int i = 0; i < 4; i++) {
    vec2 o = (vec2(float(i & 1), float(i >> 1)) - 0.5) * block * 0.5;
    c += texture(pre, (cell + o) / size).rgb * 0.25;
  }
  const vec3 PALETTE[16] = vec3[16](
    vec3(0.0), vec3(0.114, 0.169, 0.325), vec3(0.494, 0.145, 0.325), vec3(0.0, 0.529, 0.318),
    vec3(0.671, 0.322, 0.212), vec3(0.373, 0.341, 0.31), vec3(0.761, 0.765, 0.78),
    vec3(1.0, 0.945, 0.91), vec3(1.0, 0.0, 0.302), vec3(1.0, 0.639, 0.0), vec3(1.0, 0.925, 0.153),
    vec3(0.0, 0.894, 0.212), vec3(0.161, 0.678, 1.0), vec3(0.514, 0.463, 0.612),
    vec3(1.0, 0.467, 0.659), vec3(1.0, 0.8, 0.667));
  vec3 best = PALETTE[0];
  float nearest = 1e9;
  for (int i = 0; i < 16; i++) {
    vec3 d = (PALETTE[i] - c) * vec3(0.9, 1.2, 0.7);
    float e = dot(d, d);
    if (e < nearest) {
      nearest = e;
      best = PALETTE[i];
    }
  }
  color = vec4(best, 1.0);`,
  },
  vintage: {
    body: `
  vec2 p = uv * size;
  vec3 c = texture(src, uv).rgb;
  // Sepia toning, faded blacks and whites, a dark corner vignette and moving film grain.
  vec3 sepia = vec3(dot(c, vec3(0.393, 0.769, 0.189)), dot(c, vec3(0.349, 0.686, 0.168)),
                    dot(c, vec3(0.272, 0.534, 0.131)));
  c = mix(vec3(0.12, 0.09, 0.06), vec3(0.96, 0.9, 0.78), clamp(sepia * 0.85, 0.0, 1.0));
  c *= vignette(0.55);
  c += (hash(p + fract(time) * 97.0) - 0.5) * 0.09;
  color = vec4(clamp(c, 0.0, 1.0), 1.0);`,
  },
  noir: {
    body: `
  vec2 p = uv * size;
  // High-contrast monochrome: an S-curve on brightness, a strong vignette, fine grain.
  float y = smoothstep(0.12, 0.78, luma(texture(src, uv).rgb));
  y *= vignette(0.7);
  y += (hash(p + fract(time) * 61.0) - 0.5) * 0.06;
  color = vec4(vec3(clamp(y, 0.0, 1.0)), 1.0);`,
  },
  popArt: {
    body: `
  // Four bold inks by brightness, halftone dots inside each band, black outlines.
  vec2 p = uv * size;
  float cellSize = max(6.0, floor(size.x / 140.0));
  vec2 cell = (floor(p / cellSize) + 0.5) * cellSize;
  float y = luma(texture(src, cell / size).rgb);
  float band = min(floor(y * 4.0), 3.0);
  vec3 ink = band < 1.0 ? vec3(0.12, 0.05, 0.4)
           : band < 2.0 ? vec3(0.95, 0.1, 0.55)
           : band < 3.0 ? vec3(0.0, 0.75, 0.95) : vec3(1.0, 0.9, 0.1);
  float radius = 0.95 * sqrt(1.0 - fract(y * 4.0));
  float d = length(p - cell) / (cellSize * 0.5);
  float dots = 1.0 - smoothstep(radius - 0.15, radius + 0.15, d);
  vec3 c = mix(ink, ink * 0.4, dots);
  c = mix(c, vec3(0.0), smoothstep(0.3, 0.6, edge(src, 1.5)));
  color = vec4(c, 1.0);`,
  },
  thermal: {
    body: `
  // Brightness (warmer for reddish colours) through an iron-bow heat palette.
  vec3 c = (texture(src, uv).rgb + at(src, vec2(2.0, 0.0)) + at(src, vec2(-2.0, 0.0))
          + at(src, vec2(0.0, 2.0)) + at(src, vec2(0.0, -2.0))) / 5.0;
  float heat = clamp(luma(c) * 0.8 + max(c.r - c.b, 0.0) * 0.5, 0.0, 1.0);
  vec3 stops[7] = vec3[7](vec3(0.0), vec3(0.1, 0.0, 0.45), vec3(0.5, 0.0, 0.6),
                          vec3(0.9, 0.1, 0.2), vec3(1.0, 0.5, 0.0), vec3(1.0, 0.85, 0.1),
                          vec3(1.0));
  float x = heat * 6.0;
  int i = int(min(floor(x), 5.0));
  color = vec4(mix(stops[i], stops[i + 1], x - float(i)), 1.0);`,
  },
};

/** Tint and scope: the styled image over the camera where the mask (and scope) says. */
export const FINISH = `${COMMON}
uniform sampler2D original;
uniform sampler2D mask;
uniform int scope;
uniform vec3 tint;
uniform float tintAmount;
void main() {
  vec3 s = texture(src, uv).rgb;
  if (tintAmount > 0.0) {
    vec3 tinted = clamp(tint * (luma(s) / max(luma(tint), 0.05)), 0.0, 1.0);
    s = mix(s, tinted, tintAmount);
  }
  float m = 1.0;
  if (scope != 0) {
    float person = texture(mask, uv).a;
    m = scope == 1 ? 1.0 - person : person;
  }
  color = vec4(mix(texture(original, uv).rgb, s, m), 1.0);
}`;
