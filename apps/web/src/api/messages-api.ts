/**
 * The message center's calls (SPEC.md sections 4 and 7): a page of messages, newest first, and
 * marking some (or all) read. `messageTime` is the ctime of the oldest message shown: the server
 * answers the page after it.
 */
import { MESSAGES_PAGE_SIZE, type markReadReply, type messagesReply } from '@meet/shared';
import type { z } from 'zod';
import { apiPost, type RequestOptions } from './client';

export type MessagesPage = z.infer<typeof messagesReply>;
export type MarkReadReply = z.infer<typeof markReadReply>;

export const messagesApi = {
  list: (
    messageTime: number | undefined,
    pageSize: number = MESSAGES_PAGE_SIZE,
    options?: RequestOptions,
  ) =>
    apiPost(
      'message/getMessages',
      messageTime === undefined ? { pageSize } : { messageTime, pageSize },
      options,
    ),
  /** These messages read, or every message when `messageIds` is absent; answers the unread left. */
  markRead: (messageIds?: number[], options?: RequestOptions) =>
    apiPost('message/markRead', messageIds ? { messageIds } : {}, options),
};
