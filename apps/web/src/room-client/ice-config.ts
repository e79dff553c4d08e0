/**
 * How every peer connection of the room client reaches the media server: through the TURN
 * relays the join answer lists (none when the server has no TURN), and, as a test and
 * diagnostic hook, only through them when localStorage `iceTransportPolicy` is `relay` — a
 * browser test proves TURN carries the media this way; nothing in the app sets it.
 */
import type { RTCIceServerLike } from '@meet/shared';

export const ICE_POLICY_KEY = 'iceTransportPolicy';

/** The configuration of a new RTCPeerConnection, for these ICE servers. */
export function peerConnectionConfig(
  iceServers: RTCIceServerLike[],
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): RTCConfiguration {
  return {
    iceServers,
    bundlePolicy: 'max-bundle',
    iceTransportPolicy: readPolicy(storage) === 'relay' ? 'relay' : 'all',
  };
}

function readPolicy(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(ICE_POLICY_KEY) ?? null;
  } catch {
    // Storage blocked (privacy settings): no hook, the normal policy.
    return null;
  }
}
