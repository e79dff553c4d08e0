/**
 * The avatars' list (issue 15, SPEC.md section 7 `/tool/getVirtualPersonList`): the drawn
 * characters that ship with the product, which a member shows instead of their camera. The web
 * app draws each one itself (room-client/effects/avatar-characters.ts, by id); the server only lists
 * them, named in the request's language, with a small picture the web app serves under
 * /avatars/.
 */
import { z } from 'zod';
import type { Language } from '../errors/messages.js';

export const AVATAR_IDS = ['cat', 'robot', 'fox', 'professor'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

export function isAvatarId(value: unknown): value is AvatarId {
  return (AVATAR_IDS as readonly unknown[]).includes(value);
}

const AVATAR_NAMES: Record<AvatarId, Record<Language, string>> = {
  cat: { en: 'Cat', zh: '猫咪' },
  robot: { en: 'Robot', zh: '机器人' },
  fox: { en: 'Fox', zh: '狐狸' },
  professor: { en: 'Professor', zh: '眼镜先生' },
};

/** One character: `preview` is a same-origin URL of its picture. */
export const virtualPerson = z.object({
  id: z.enum(AVATAR_IDS),
  name: z.string(),
  preview: z.string(),
});
export type VirtualPerson = z.infer<typeof virtualPerson>;

export const virtualPersonList = z.object({ list: z.array(virtualPerson) });
export type VirtualPersonList = z.infer<typeof virtualPersonList>;

/** The characters that ship, in their order, named in `language`. */
export function shippedAvatars(language: Language): VirtualPerson[] {
  return AVATAR_IDS.map((id) => ({
    id,
    name: AVATAR_NAMES[id][language],
    preview: `/avatars/${id}.svg`,
  }));
}
