import { describe, expect, test } from 'vitest';
import { loadVoiceSetting, saveVoiceSetting } from './voice-setting';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('the remembered voice', () => {
  test('is my own voice when nothing (or something unknown) was saved', () => {
    expect(loadVoiceSetting(memory())).toBe('none');
    expect(loadVoiceSetting(memory({ 'meet.voiceSetting': 'chipmunk' }))).toBe('none');
  });

  test.each(['deeper', 'higher', 'robot', 'none'] as const)('%s comes back as saved', (mode) => {
    const store = memory();
    saveVoiceSetting(mode, store);
    expect(loadVoiceSetting(store)).toBe(mode);
  });
});
