/** The background library calls (SPEC.md section 7, "Backgrounds"). */
import { apiPost, type RequestOptions } from './client';

export const backgroundsApi = {
  getAll: (options?: RequestOptions) => apiPost('virtual/background/getAll', {}, options),
  upload: (file: Blob, filename: string, options?: RequestOptions) => {
    const form = new FormData();
    form.append('image', file, filename);
    return apiPost('virtual/background/upload', form, options);
  },
  deleteOne: (id: string, options?: RequestOptions) =>
    apiPost('virtual/background/deleteOne', { id }, options),
};
