/** The utility call that says which servers to use and where phones get the app (SPEC.md section 7). */
import type { ServerConfig } from '@meet/shared';
import { apiPost } from './client';

export const toolApi = {
  /** With a meeting number, `mediaServer` is the node holding that meeting now. */
  serverConfig: (conferenceId?: string) =>
    apiPost<ServerConfig>('getServerConfig', conferenceId ? { conferenceId } : {}, {
      silent: true,
    }),
};
