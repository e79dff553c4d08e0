// What `npm run serve` needs before it starts the built server: the build outputs and the Debian
// tools the server spawns, given the settings that turn them off. Only Node's own modules, since
// this may run on the machine's older Node to say what is missing.
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

/** An executable named `name` on PATH (or the absolute path itself). */
function onPath(name, env) {
  const dirs = name.startsWith('/') ? [''] : (env.PATH ?? '/usr/bin:/bin').split(path.delimiter);
  return dirs.some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The tools of the server's default engines and media, each with the Debian package that has it
 * and whether these settings use it (apps/server/src: janus/janus-process.ts, recording/,
 * captions/audio-tap.ts, engines/). A role that does not run something does not need it.
 */
function tools(env, root) {
  const role = env.ROLE || 'all';
  const media = role === 'all' || role === 'media';
  const recordings = role !== 'api';
  const translate = (env.TRANSLATE_ENGINES ?? 'apertium').split(',').map((s) => s.trim());
  const asr = env.ASR_ENGINE || 'pocketsphinx';
  const tts = env.TTS_ENGINE || 'espeak-ng';
  const model = env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us';
  // VAD_MODEL silero-v5 → silero_vad_v5.onnx (apps/server/src/engines/vad/silero-segmenter.ts).
  const vadFile = `silero_vad_${(env.VAD_MODEL || 'silero-v5').replace('silero-', '')}.onnx`;
  return [
    {
      name: 'janus',
      package: 'janus',
      used: media && env.JANUS !== 'off',
      found: () => ['/usr/bin/janus', '/usr/local/bin/janus'].some((p) => onPath(p, env)),
    },
    { name: 'janus-pp-rec', package: 'janus-tools', used: recordings },
    { name: 'ffmpeg', package: 'ffmpeg', used: recordings },
    { name: 'espeak-ng', package: 'espeak-ng', used: tts === 'espeak-ng' },
    { name: 'apertium', package: 'apertium-eng-spa', used: translate.includes('apertium') },
    {
      name: `the PocketSphinx model ${model}`,
      package: 'pocketsphinx-en-us',
      used: asr === 'pocketsphinx',
      found: () => existsSync(model),
    },
    {
      // Shipped in the repository (apps/server/assets/vad); every caption and transcript uses it.
      name: `the Silero VAD model apps/server/assets/vad/${vadFile}`,
      used: true,
      found: () => existsSync(path.join(root, 'apps/server/assets/vad', vadFile)),
    },
    {
      // Compiled by the server build from libpocketsphinx-dev (apps/server/native/build.mjs).
      name: 'apps/server/native/dist/ps-decoder (npm run build, with libpocketsphinx-dev pkgconf gcc)',
      used: asr === 'pocketsphinx',
      found: () => existsSync(path.join(root, 'apps/server/native/dist/ps-decoder')),
    },
  ];
}

/**
 * Everything missing for serving from the build under `root`, each a short phrase; empty when
 * the server can start. `env` is the environment the server will get.
 */
export function missingForServe(root, env) {
  const missing = [];
  if (!existsSync(path.join(root, 'apps/server/dist/server.js')))
    missing.push('the server build apps/server/dist (npm run build)');
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html')))
    missing.push(`the web build ${path.relative(root, webDist) || webDist} (npm run build)`);
  for (const tool of tools(env, root)) {
    if (!tool.used) continue;
    const found = tool.found ? tool.found() : onPath(tool.name, env);
    if (!found)
      missing.push(tool.package ? `${tool.name} (apt-get install ${tool.package})` : tool.name);
  }
  return missing;
}
