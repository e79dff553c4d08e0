import { describe, expect, test } from 'vitest';
import { LANGUAGES } from './captions-fixtures';
import {
  captionChoices,
  engineName,
  interpretTargets,
  listenChoices,
  mayTranslate,
  speakChoices,
  startRefusal,
} from './speech-options';

const codes = (choices: { code: string; disabled: boolean }[]) =>
  choices.map((c) => (c.disabled ? `(${c.code})` : c.code)).join(' ');

describe('what the caption and interpretation menus offer', () => {
  test.each([
    ['I speak: all, those not recognized disabled', speakChoices(LANGUAGES), 'en (es) (fr)'],
    ['usable languages come first', speakChoices([...LANGUAGES].reverse()), 'en (fr) (es)'],
    ['captions in: what is translated into', captionChoices(LANGUAGES), 'en es fr'],
    ['listen in: translated into and spoken', listenChoices(LANGUAGES), 'en es'],
    [
      'interpret English into: its targets, without a voice disabled',
      interpretTargets(LANGUAGES, 'en'),
      'es (fr)',
    ],
    ['interpret from an unknown language: nothing', interpretTargets(LANGUAGES, 'xx'), ''],
  ])('%s', (_name, choices, expected) => {
    expect(codes(choices)).toBe(expected);
  });

  test.each([
    ['PocketSphinx (English)', 'PocketSphinx (English)'],
    ['none', null],
    ['', null],
    [undefined, null],
  ])('engine %j is shown as %j', (name, shown) => {
    expect(engineName(name)).toBe(shown);
  });

  test.each([
    [false, false, false, false],
    [false, true, false, true],
    [false, false, true, true],
    [true, false, false, true],
  ])(
    'translation allowed %s, host %s, creator %s → may translate %s',
    (allowed, host, creator, may) => {
      expect(mayTranslate({ translateAllowed: allowed }, { host, creator })).toBe(may);
    },
  );

  test.each([
    [false, null, null],
    [false, 'noAudioTrack', 'noAudioTrack'],
    [false, 'cannotProduce', 'cannotProduce'],
    [true, null, 'interpretActive'],
  ] as const)('interpreting %s, media %s → refused %s', (interpretOn, media, refusal) => {
    expect(startRefusal({ interpretOn }, media)).toBe(refusal);
  });
});
