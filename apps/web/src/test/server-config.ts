/** A server config reply for tests that stand in for `toolApi.serverConfig`. */
import type { ServerConfig } from '@meet/shared';

export function serverConfigReply(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    webServer: 'http://x',
    mediaServer: 'http://x',
    longLink: 'ws://x/message',
    mobileAppUrl: null,
    systemSetting: {
      isVVoiceEnabled: true,
      isVHumanEnabled: true,
      appEnv: 'test',
      vvoiceEnv: 'browser',
      interpretEnv: 'apertium',
      subtitleEnv: 'pocketsphinx',
      useSimulcast: true,
    },
    ...overrides,
  };
}
