/**
 * Writes the private Janus configuration this server runs with: websockets on loopback only,
 * VideoRoom (and nothing else we do not use), a fixed RTP port range, ICE on one real interface.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface JanusConfigOptions {
  confDir: string;
  wsPort: number;
  adminKey: string;
  iceInterface: string;
  rtpPortRange: string;
  nat1to1?: string;
  recordingsDir: string;
  debugLevel?: number;
}

const LIB = '/usr/lib/x86_64-linux-gnu/janus';
const DISABLED_PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((p) => `libjanus_${p}.so`);
const DISABLED_TRANSPORTS = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map(
  (t) => `libjanus_${t}.so`,
);

/** The interface of the default route (Janus skips loopback, so ICE needs a real one). */
export async function defaultRouteInterface(): Promise<string | undefined> {
  try {
    const table = await readFile('/proc/net/route', 'utf8');
    for (const line of table.split('\n').slice(1)) {
      const [iface, destination, , flags] = line.trim().split(/\s+/);
      if (iface && destination === '00000000' && (parseInt(flags ?? '0', 16) & 1) === 1)
        return iface;
    }
  } catch {
    // Not Linux, or /proc unavailable: Janus will pick interfaces itself.
  }
  return undefined;
}

export async function writeJanusConfig(o: JanusConfigOptions): Promise<string> {
  await mkdir(o.confDir, { recursive: true });
  await mkdir(o.recordingsDir, { recursive: true });
  const nat = [`ice_enforce_list = "${o.iceInterface}"`, 'ignore_mdns = false'];
  if (o.nat1to1) nat.push(`nat_1_1_mapping = "${o.nat1to1}"`);
  const files: Record<string, string> = {
    'janus.jcfg': `general: {
  configs_folder = "${o.confDir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = ${o.debugLevel ?? 3}
  debug_timestamps = true
  debug_colors = false
  session_timeout = 60
  protected_folders = [ "/bin", "/boot", "/dev", "/etc", "/lib", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var" ]
}
media: {
  ipv6 = false
  rtp_port_range = "${o.rtpPortRange}"
  no_media_timer = 2
}
nat: {
  ${nat.join('\n  ')}
}
plugins: {
  disable = "${DISABLED_PLUGINS.join(',')}"
}
transports: {
  disable = "${DISABLED_TRANSPORTS.join(',')}"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
    'janus.transport.websockets.jcfg': `general: {
  json = "compact"
  ws = true
  ws_port = ${o.wsPort}
  ws_ip = "127.0.0.1"
  wss = false
  ws_acl = "127."
}
admin: {
  admin_ws = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
  admin_key = "${o.adminKey}"
  lock_rtp_forward = true
  string_ids = false
}
`,
  };
  for (const [name, text] of Object.entries(files))
    await writeFile(path.join(o.confDir, name), text);
  return path.join(o.confDir, 'janus.jcfg');
}
