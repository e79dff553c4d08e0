/** The background library calls (SPEC.md section 7, "Backgrounds"). */
import type { BackgroundImage, BackgroundList } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export const backgroundsApi = {
  getAll: (options?: RequestOptions) =>
    apiPost<BackgroundList>('virtual/background/getAll', {}, options),
  upload: (file: Blob, filename: string, options?: RequestOptions) => {
    const form = new FormData();
    form.append('image', file, filename);
    return apiPost<BackgroundImage>('virtual/background/upload', form, options);
  },
  deleteOne: (id: string, options?: RequestOptions) =>
    apiPost<null>('virtual/background/deleteOne', { id }, options),
};
