/**
 * Magic Cam's system templates (SPEC.md section 7, getSystemStyleMagic): the styles that ship
 * with the product. Each prompt is built from words the in-browser engine knows (a look, a
 * colour, a scope), so every template renders with the embedded default as well as with a
 * streaming engine. The server names them in the request's language.
 */
import type { Language } from '../errors/messages.js';

export interface MagicTemplate {
  /** `system-<slug>`: favourites of a template are kept by this id. */
  id: `system-${string}`;
  name: Record<Language, string>;
  prompt: string;
}

export const MAGIC_TEMPLATES: readonly MagicTemplate[] = [
  {
    id: 'system-watercolor',
    name: { en: 'Watercolor', zh: '水彩' },
    prompt: 'watercolor painting',
  },
  { id: 'system-comic', name: { en: 'Comic book', zh: '漫画' }, prompt: 'comic book cartoon' },
  { id: 'system-sketch', name: { en: 'Pencil sketch', zh: '素描' }, prompt: 'pencil sketch' },
  {
    id: 'system-oil',
    name: { en: 'Oil painting', zh: '油画' },
    prompt: 'oil painting in the style of van gogh',
  },
  {
    id: 'system-cyberpunk',
    name: { en: 'Neon cyberpunk', zh: '霓虹赛博朋克' },
    prompt: 'neon cyberpunk city',
  },
  {
    id: 'system-pixel',
    name: { en: 'Pixel art', zh: '像素风' },
    prompt: 'pixel art retro game',
  },
  {
    id: 'system-vintage',
    name: { en: 'Old photo', zh: '老照片' },
    prompt: 'vintage sepia old photo',
  },
  {
    id: 'system-noir',
    name: { en: 'Film noir', zh: '黑白电影' },
    prompt: 'film noir black and white',
  },
  { id: 'system-pop-art', name: { en: 'Pop art', zh: '波普艺术' }, prompt: 'pop art warhol' },
  { id: 'system-thermal', name: { en: 'Thermal camera', zh: '热成像' }, prompt: 'thermal camera' },
  {
    id: 'system-blue-background',
    name: { en: 'Blue watercolor background', zh: '蓝色水彩背景' },
    prompt: 'blue watercolor background only',
  },
  {
    id: 'system-gold-comic-me',
    name: { en: 'Golden comic me', zh: '金色漫画人物' },
    prompt: 'gold comic, only me',
  },
];

/** When the templates were made, given as their `createdAt` (they have no rows). */
export const MAGIC_TEMPLATES_CREATED_AT = Date.UTC(2026, 0, 1);

export function magicTemplate(id: string): MagicTemplate | undefined {
  return MAGIC_TEMPLATES.find((template) => template.id === id);
}
