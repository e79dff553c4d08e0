/**
 * The report calls (SPEC.md section 7): feedback from the avatar menu (`/user/report`, multipart
 * with an optional screenshot; the common fields add the version and the device) and client log
 * batches (`/client-log/report`, `log` as a JSON string of entries).
 */
import type { ClientLogEntry } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export interface FeedbackInput {
  content: string;
  email: string;
  screenshot: File | null;
}

export const reportApi = {
  sendFeedback: ({ content, email, screenshot }: FeedbackInput, options?: RequestOptions) => {
    const form = new FormData();
    form.append('content', content);
    form.append('email', email);
    if (screenshot) form.append('screenshot', screenshot, screenshot.name);
    return apiPost('user/report', form, options);
  },
  sendClientLog: (entries: ClientLogEntry[]) =>
    apiPost('client-log/report', { log: JSON.stringify(entries) }, { silent: true, report: true }),
};
