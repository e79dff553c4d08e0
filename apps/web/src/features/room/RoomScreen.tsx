/**
 * The live meeting room, mounted by pages/MeetingPage once the join API call succeeded: the
 * pre-join screen first, then the stage, toolbar, members panel and dialogs. It owns one
 * RoomClient and one room store for its lifetime and binds them (room-binding.ts).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoomClient } from '../../room-client/room-client';
import { ConnectionBanner, ConnectionState } from './ConnectionBanner';
import { RemoteAudio } from './media';
import { MembersPanel } from './MembersPanel';
import { PermissionDialog } from './PermissionDialog';
import { PreJoin } from './PreJoin';
import { bindRoom } from './room-binding';
import { RoomProvider, useRoomClient, useRoomState, type RoomClientHandle } from './RoomContext';
import { createRoomStore, initialRoomState, type RoomStore } from './room-store';
import { loadSettings } from './settings-storage';
import { Stage } from './Stage';
import { Toolbar } from './Toolbar';
import { VisibilityProvider } from './visibility';
import './room.css';
import './room-controls.css';
import './prejoin.css';

export type RoomLeftReason = 'ended' | 'kicked' | 'left' | 'replaced';

export interface RoomScreenProps {
  conferenceId: string;
  token: string;
  deviceId: string;
  displayName: string;
  onLeft: (reason: RoomLeftReason) => void;
  /** Meeting details and actions from the page that mounts the room (ID, share). */
  extras?: ReactNode;
  /** Builds the client; the real RoomClient unless a test passes its own. */
  createClient?: () => RoomClientHandle;
}

function Room({ conferenceId, extras }: { conferenceId: string; extras?: ReactNode }) {
  const panel = useRoomState((s) => s.panel);
  return (
    <VisibilityProvider>
      <div className="room-body">
        <Stage />
        {panel === 'members' && <MembersPanel />}
      </div>
      <Toolbar conferenceId={conferenceId} extras={extras} />
      <ConnectionBanner />
      <RemoteAudio />
    </VisibilityProvider>
  );
}

function Session(
  props: Omit<RoomScreenProps, 'createClient' | 'onLeft'> & { onCancel: () => void },
) {
  const client = useRoomClient();
  const settings = useRoomState((s) => s.settings);
  const [joined, setJoined] = useState(false);
  const { conferenceId, token, deviceId } = props;
  // The socket connects while the user looks at the pre-join screen: "Join now" is then one request.
  useEffect(() => {
    client.prepare({ conferenceId, token, deviceId });
  }, [client, conferenceId, token, deviceId]);
  const join = () => {
    setJoined(true);
    void client.join({
      conferenceId: props.conferenceId,
      token: props.token,
      deviceId: props.deviceId,
      displayName: props.displayName,
      audio: settings.audioEnabled,
      video: settings.videoEnabled,
    });
  };
  return (
    <div className={`room-screen${joined ? '' : ' room-screen--prejoin'}`}>
      <ConnectionState />
      {joined ? (
        <Room conferenceId={props.conferenceId} extras={props.extras} />
      ) : (
        <PreJoin
          displayName={props.displayName}
          onJoin={join}
          onCancel={props.onCancel}
          extras={props.extras}
        />
      )}
      <PermissionDialog />
    </div>
  );
}

export function RoomScreen({ onLeft, createClient, ...rest }: RoomScreenProps) {
  const { t } = useTranslation();
  const [session, setSession] = useState<{ client: RoomClientHandle; store: RoomStore } | null>(
    null,
  );
  const onLeftRef = useRef(onLeft);
  onLeftRef.current = onLeft;
  const createRef = useRef(createClient);
  const tRef = useRef(t);
  tRef.current = t;

  // The client lives exactly as long as this effect, so StrictMode's mount-unmount-mount gets
  // a fresh, unclosed client instead of reusing one the first cleanup already closed.
  useEffect(() => {
    const client = createRef.current?.() ?? new RoomClient();
    const store = createRoomStore(initialRoomState(loadSettings()));
    const unbind = bindRoom(
      client,
      store,
      (key) => tRef.current(key),
      (reason) => onLeftRef.current(reason),
    );
    setSession({ client, store });
    return () => {
      unbind();
      client.close();
      store.dispose();
    };
  }, []);

  if (!session) return <div className="room-screen room-screen--prejoin" />;
  return (
    <RoomProvider client={session.client} store={session.store}>
      <Session {...rest} onCancel={() => onLeftRef.current('left')} />
    </RoomProvider>
  );
}

export default RoomScreen;
