/** The app's one client logger, sending through the report API with the stored token. */
import { reportApi } from '../../api/report-api';
import { authStore } from '../auth/auth-store';
import { ClientLogger, agentString } from './client-logger';

export const clientLogger = new ClientLogger({
  send: reportApi.sendClientLog,
  hasToken: () => authStore.getSnapshot().token !== null,
  agent: agentString(typeof navigator === 'undefined' ? '' : navigator.userAgent),
});
