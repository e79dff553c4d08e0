/** The Chinese catalogues: a chunk of their own, fetched only when the app runs in Chinese. */
import { errorMessagesZh } from '@meet/shared';
import type { Catalogues } from './i18n';
import main from './locales/zh.json';
import room from './locales/room.zh.json';
import polls from './locales/polls.zh.json';
import billing from './locales/billing.zh.json';
import signin from './locales/signin.zh.json';
import recordings from './locales/recordings.zh.json';
import integrations from './locales/integrations.zh.json';
import magic from './locales/magic.zh.json';

export const catalogues: Catalogues = {
  main,
  room,
  polls,
  billing,
  signin,
  recordings,
  integrations,
  magic,
};

/** The shared error catalogue's Chinese texts. */
export const errors = errorMessagesZh;
