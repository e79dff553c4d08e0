// The host of flood.mjs's meeting: a plain /room socket (no media), joined, counting the newPeer
// notifications it gets per user.
import { io } from 'socket.io-client';
import { post } from './member.mjs';

/** The /room socket of the host: joined, counting newPeer notifications per user. */
export async function hostSocket(base, owner, conferenceId) {
  const deviceId = 'flood-host';
  const api = await post(
    base,
    'conference/joinConference',
    { conferenceId, deviceId, userConferenceName: 'Host' },
    owner.token,
  );
  if (api.code !== 0) throw new Error(`host joinConference ${api.code} ${api.msg}`);
  const socket = io(`${base}/room`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: owner.token, conferenceId, deviceId },
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const newPeers = new Map();
  socket.on('notification', (n) => {
    if (n.type !== 'newPeer') return;
    const key = String(n.peer?.userId);
    newPeers.set(key, (newPeers.get(key) ?? 0) + 1);
  });
  const ack = await new Promise((resolve) =>
    socket.emit(
      'request',
      { type: 'join', displayName: 'Host', audioEnabled: false, videoEnabled: false },
      resolve,
    ),
  );
  if (!ack.ok) throw new Error(`host room join: ${ack.error}`);
  return { socket, newPeersOf: (userId) => newPeers.get(String(userId)) ?? 0 };
}
