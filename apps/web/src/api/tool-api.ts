/**
 * The utility calls (SPEC.md section 7): which servers to use and where phones get the app, and
 * the avatars that ship.
 */
import { apiPost, type RequestOptions } from './client';

export const toolApi = {
  /** With a meeting number, `mediaServer` is the node holding that meeting now. */
  serverConfig: (conferenceId?: string) =>
    apiPost('getServerConfig', conferenceId ? { conferenceId } : {}, {
      silent: true,
    }),
  /** The characters shown instead of the camera, named in the interface's language. */
  virtualPersonList: (options?: RequestOptions) =>
    apiPost('tool/getVirtualPersonList', {}, options),
};
