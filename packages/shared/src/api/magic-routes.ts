/**
 * The route table's Magic Cam calls (routes.ts): sessions and my settings, the style lists, and
 * free styles (`/magic/freeStyle/*`; publish and favorite are multipart: name, prompt, an
 * optional `cover`). The frame stream is a GET opened by a session token and is not here.
 */
import type { ApiRoute } from './api-route.js';
import { emptyPayload } from './envelope.js';
import {
  famousNamesReply,
  magicPageBody,
  magicStatusReply,
  magicStyle,
  magicStyleIdBody,
  magicStyleList,
  magicToken,
  magicTokenBody,
  magicTypeReply,
  queryMagicStatusBody,
  updateFamousNamesBody,
  updateMagicTypeBody,
} from './magic.js';

const styleById = { body: magicStyleIdBody, reply: magicStyle } as const;

export const magicRoutes = {
  'magic/getToken': { body: magicTokenBody, reply: magicToken },
  'magic/getHomePageToken': { reply: magicToken },
  'magic/updateMagicType': { body: updateMagicTypeBody, reply: magicTypeReply },
  'magic/getMyFamousManNames': { reply: famousNamesReply },
  'magic/updateMyFamousManNames': { body: updateFamousNamesBody, reply: famousNamesReply },

  'magic/getSystemStyleMagic': { reply: magicStyleList },
  'magic/getHotFreeStyleMagic': { body: magicPageBody, reply: magicStyleList },
  'magic/getMyFreeStyleMagicList': { body: magicPageBody, reply: magicStyleList },
  'magic/getMyFavoriteMagic': { body: magicPageBody, reply: magicStyleList },
  'magic/queryFreeStyleMagicStatus': { body: queryMagicStatusBody, reply: magicStatusReply },
  'magic/favoriteById': styleById,

  'magic/freeStyle/publish': { upload: true, reply: magicStyle },
  'magic/freeStyle/favorite': { upload: true, reply: magicStyle },
  'magic/freeStyle/republish': styleById,
  'magic/freeStyle/publish/retry': styleById,
  'magic/freeStyle/cancel': styleById,
  'magic/freeStyle/subscribe': styleById,
  'magic/freeStyle/subscribe/cancel': styleById,
  'magic/freeStyle/favorite/cancel': styleById,
  'magic/freeStyle/delete': { body: magicStyleIdBody, reply: emptyPayload },
} as const satisfies Record<string, ApiRoute>;
