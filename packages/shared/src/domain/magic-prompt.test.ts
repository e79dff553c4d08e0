import { describe, expect, test } from 'vitest';
import { MAGIC_TEMPLATES } from './magic-templates.js';
import { parseMagicPrompt, type MagicLook } from './magic-prompt.js';

describe('parseMagicPrompt: the look a prompt asks of the in-browser engine', () => {
  test.each<[string, MagicLook['looks']]>([
    ['watercolor', ['watercolor']],
    ['a soft Watercolour portrait', ['watercolor']],
    ['comic book', ['comic']],
    ['CARTOONS', ['comic']],
    ['anime style', ['comic']],
    ['pencil sketch', ['sketch']],
    ['a drawing', ['sketch']],
    ['oil painting in the style of van gogh', ['oil']],
    ['Van Gogh', ['oil']],
    ['painting', ['oil']],
    ['neon cyberpunk city', ['neon']],
    ['pixel art retro game', ['pixel']],
    ['8-bit', ['pixel']],
    ['vintage sepia old photo', ['vintage']],
    ['old-photo', ['vintage']],
    ['film noir black and white', ['noir']],
    ['black-and-white', ['noir']],
    ['monochrome', ['noir']],
    ['pop art warhol', ['popArt']],
    ['Pop-Art', ['popArt']],
    ['thermal camera', ['thermal']],
    ['infrared', ['thermal']],
    ['水彩', ['watercolor']],
    ['漫画风格', ['comic']],
    ['卡通', ['comic']],
    ['动漫', ['comic']],
    ['铅笔素描', ['sketch']],
    ['梵高油画', ['oil']],
    ['赛博朋克', ['neon']],
    ['霓虹灯', ['neon']],
    ['像素风', ['pixel']],
    ['怀旧老照片', ['vintage']],
    ['黑白电影', ['noir']],
    ['波普艺术', ['popArt']],
    ['热成像', ['thermal']],
  ])('%s → %j', (prompt, looks) => {
    expect(parseMagicPrompt(prompt)?.looks).toEqual(looks);
  });

  test.each<[string, MagicLook['looks']]>([
    // The first look named is the main one; a second is drawn over it; a third is left out.
    ['neon pixel', ['neon', 'pixel']],
    ['pixel neon', ['pixel', 'neon']],
    ['comic, then sketch, then thermal', ['comic', 'sketch']],
    // "painting" and "drawing" give way to a look named outright.
    ['watercolor painting', ['watercolor']],
    ['a drawing in comic style', ['comic']],
    ['漫画 watercolor', ['comic', 'watercolor']],
  ])('several looks: %s → %j', (prompt, looks) => {
    expect(parseMagicPrompt(prompt)?.looks).toEqual(looks);
  });

  test.each<[string, MagicLook['tint']]>([
    ['comic', null],
    ['blue watercolor', [40, 110, 255]],
    ['Red comic', [230, 40, 40]],
    ['golden oil painting', [212, 175, 55]],
    ['pink and purple neon', [255, 105, 180]],
    ['紫色霓虹', [150, 60, 220]],
    ['金色漫画', [212, 175, 55]],
    // Words that only contain a colour word are not one.
    ['comic, reddish', null],
  ])('tint: %s → %j', (prompt, tint) => {
    expect(parseMagicPrompt(prompt)?.tint).toEqual(tint);
  });

  test.each<[string, MagicLook['scope']]>([
    ['comic', 'all'],
    ['make me a comic', 'all'],
    ['blue watercolor background only', 'background'],
    ['comic background', 'background'],
    ['gold comic, only me', 'person'],
    ['only my face in watercolor', 'person'],
    ['sketch, person only', 'person'],
    ['only the background as a sketch, not me', 'background'],
    ['背景水彩', 'background'],
    ['只有我是漫画', 'person'],
    ['仅人物素描', 'person'],
  ])('scope: %s → %s', (prompt, scope) => {
    expect(parseMagicPrompt(prompt)?.scope).toBe(scope);
  });

  test.each([
    ['a cat in space'],
    ['make it beautiful'],
    ['oily skin'],
    ['comical'],
    ['blue background'],
    ['一只猫'],
    [''],
  ])('no look word: %j → null', (prompt) => {
    expect(parseMagicPrompt(prompt)).toBeNull();
  });

  test('the words found are listed in the order of the prompt', () => {
    expect(parseMagicPrompt('Gold comic, only me')?.matched).toEqual(['gold', 'comic', 'only me']);
    expect(parseMagicPrompt('蓝色水彩背景')?.matched).toEqual(['蓝', '水彩', '背景']);
  });

  test('every system template renders with the in-browser engine', () => {
    for (const template of MAGIC_TEMPLATES)
      expect(parseMagicPrompt(template.prompt), template.prompt).not.toBeNull();
  });
});
