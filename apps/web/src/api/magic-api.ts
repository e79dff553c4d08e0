/** Magic Cam's calls (SPEC.md section 7, "Magic camera"); shapes in @meet/shared api/magic.ts. */
import { apiPost, type RequestOptions } from './client';

type Page = { page?: number; pageSize?: number };

export const magicApi = {
  /** Opens a metered session: in a meeting (type 0, with its uri) or elsewhere (type 1). */
  getToken: (conferenceUri: string | undefined, options?: RequestOptions) =>
    apiPost('magic/getToken', conferenceUri ? { type: 0, conferenceUri } : { type: 1 }, options),
  getHomePageToken: (options?: RequestOptions) => apiPost('magic/getHomePageToken', {}, options),
  updateMagicType: (body: { styleId?: string; prompt: string }, options?: RequestOptions) =>
    apiPost('magic/updateMagicType', body, options),
  getMyFamousManNames: (options?: RequestOptions) =>
    apiPost('magic/getMyFamousManNames', {}, options),
  updateMyFamousManNames: (names: string[], options?: RequestOptions) =>
    apiPost('magic/updateMyFamousManNames', { names }, options),
  getSystemStyleMagic: (options?: RequestOptions) =>
    apiPost('magic/getSystemStyleMagic', {}, options),
  getHotFreeStyleMagic: (page: Page = {}, options?: RequestOptions) =>
    apiPost('magic/getHotFreeStyleMagic', page, options),
  getMyFreeStyleMagicList: (page: Page = {}, options?: RequestOptions) =>
    apiPost('magic/getMyFreeStyleMagicList', page, options),
  getMyFavoriteMagic: (page: Page = {}, options?: RequestOptions) =>
    apiPost('magic/getMyFavoriteMagic', page, options),
  queryFreeStyleMagicStatus: (ids: string[], options?: RequestOptions) =>
    apiPost('magic/queryFreeStyleMagicStatus', { ids }, options),
  /** A new free style of mine, sent for publishing (with an optional cover picture). */
  publish: (style: { name: string; prompt: string; cover?: Blob }, options?: RequestOptions) =>
    apiPost('magic/freeStyle/publish', styleForm(style), options),
  /** Saves a style into my favourites (with an optional cover picture). */
  favorite: (style: { name: string; prompt: string; cover?: Blob }, options?: RequestOptions) =>
    apiPost('magic/freeStyle/favorite', styleForm(style), options),
  republish: (id: string, options?: RequestOptions) => byId('freeStyle/republish', id, options),
  retry: (id: string, options?: RequestOptions) => byId('freeStyle/publish/retry', id, options),
  cancel: (id: string, options?: RequestOptions) => byId('freeStyle/cancel', id, options),
  remove: (id: string, options?: RequestOptions) =>
    apiPost('magic/freeStyle/delete', { id }, options),
  subscribe: (id: string, options?: RequestOptions) => byId('freeStyle/subscribe', id, options),
  unsubscribe: (id: string, options?: RequestOptions) =>
    byId('freeStyle/subscribe/cancel', id, options),
  unfavorite: (id: string, options?: RequestOptions) =>
    byId('freeStyle/favorite/cancel', id, options),
  favoriteById: (id: string, options?: RequestOptions) => byId('favoriteById', id, options),
};

/** The calls on one style by its id, each answering the style as I now see it. */
type StyleAction =
  | 'favoriteById'
  | 'freeStyle/republish'
  | 'freeStyle/publish/retry'
  | 'freeStyle/cancel'
  | 'freeStyle/subscribe'
  | 'freeStyle/subscribe/cancel'
  | 'freeStyle/favorite/cancel';

function byId(path: StyleAction, id: string, options?: RequestOptions) {
  return apiPost(`magic/${path}`, { id }, options);
}

function styleForm(style: { name: string; prompt: string; cover?: Blob }): FormData {
  const form = new FormData();
  form.append('name', style.name);
  form.append('prompt', style.prompt);
  if (style.cover) form.append('cover', style.cover, 'cover.jpg');
  return form;
}
