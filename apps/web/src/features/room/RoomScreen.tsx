/**
 * The live meeting room, mounted by pages/MeetingPage once the join API call succeeded: the
 * pre-join screen first, then the stage, toolbar, right panel (people, chat, waiting room,
 * host controls), the host message and dialogs. It owns one RoomClient and one room store for
 * its lifetime and binds them (room-binding.ts). Polls and the waiting room import nothing of
 * the room: it feeds them here.
 */
import './room-texts';
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { RoomClient } from '../../room-client/room-client';
import { toolApi } from '../../api/tool-api';
import { FileShareBar } from '../file-share/FileShareBar';
import { ConnectionBanner, ConnectionState } from './ConnectionBanner';
// Breakout rooms (issue 16): the strip of the room I am in.
import { BreakoutBanner } from '../breakout/BreakoutBanner';
import { HostMessage } from './HostMessage';
import { HostGoneNotice } from './HostGoneNotice';
import { MemberToasts } from './MemberToasts';
import { WaitingNotice } from './WaitingNotice';
import { HandNotice } from './HandNotice';
import { PollPrompt } from '../polls/PollPrompt';
import { RemoteAudio } from '../room-core/media';
// Polls (issue 6): the poll list, the toolbar's badge and the poll dialog.
import { RoomPolls } from '../polls/RoomPolls';
// The waiting room: the host's copy of who waits.
import { useWaitingListRefresh } from '../waiting-room/useWaitingList';
// Captions, translation and interpretation (issue 10): their store, binding and caption lines.
import { bindCaptions } from '../captions/captions-binding';
import { CaptionArea } from '../captions/CaptionArea';
import { CaptionsProvider } from '../captions/CaptionsContext';
import {
  createCaptionsStore,
  initialCaptionsState,
  type CaptionsStore,
} from '../captions/captions-store';
import { loadOriginalVolume } from '../captions/original-volume';
// Cloud recording (issue 11): the indicator every member sees while the meeting is recorded.
import { RecordingIndicator } from '../recordings/RecordingIndicator';
import { RecordingNoticesSlot } from '../recordings/RecordingNoticesSlot';
import { firstView } from './first-view';
import { PreJoin } from './PreJoin';
import { bindRoom } from './room-binding';
import {
  RoomProvider,
  useRoomClient,
  useRoomDispatch,
  useRoomMeeting,
  useRoomState,
  useRoomStore,
  type RoomClientHandle,
  type RoomMeeting,
} from '../room-core/RoomContext';
import { RoomAnnouncer } from './RoomAnnouncer';
import { createRoomStore, initialRoomState, type RoomStore } from '../room-core/room-store';
import { amHost } from '../room-core/roles';
import { loadSettings } from '../room-core/settings-storage';
import { Stage } from './Stage';
import { Toolbar } from './Toolbar';
import { VisibilityProvider } from './visibility';
// Phones (issue 28): a room of their own (with the screen kept on: MobileRoom).
import { useFormFactor } from '../../ui/useFormFactor';
import './room.css';
import './room-controls.css';
import './room-panel.css';
import './room-host.css';
import './prejoin.css';

// Only phones load the phone's room (it is not in the desktop room's chunk).
// The side panel (members, chat, the host's tabs) is code of its own, fetched once in the room.
const loadPanel = () => import('./RoomPanel');
const RoomPanel = lazy(() => loadPanel().then((m) => ({ default: m.RoomPanel })));

/**
 * The panel: mounted (closed, it renders nothing) as soon as its code is here, so that opening it
 * later is immediate, with nothing suspended in between (a shortcut focuses its chat box at once).
 */
function SidePanel() {
  const open = useRoomState((s) => s.panel !== null);
  const connected = useRoomState((s) => s.connection === 'connected');
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!connected) return;
    let live = true;
    loadPanel().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [connected]);
  return open || loaded ? (
    <Suspense fallback={null}>
      <RoomPanel />
    </Suspense>
  ) : null;
}

const MobileRoom = lazy(() => import('./MobileRoom').then((m) => ({ default: m.MobileRoom })));
// Shown only when the browser refused a device: loaded then.
const PermissionDialog = lazy(() =>
  import('./PermissionDialog').then((m) => ({ default: m.PermissionDialog })),
);

/** 'cancelled': left from the pre-join screen, never having been in the room. */
export type RoomLeftReason =
  'ended' | 'kicked' | 'left' | 'seatLost' | 'cancelled' | 'replaced' | 'signedOut';

export interface RoomScreenProps {
  conferenceId: string;
  token: string;
  deviceId: string;
  displayName: string;
  /** Out of the room; `by` names who ended the meeting for all, when someone did. */
  onLeft: (reason: RoomLeftReason, by?: string) => void;
  /** Meeting details and actions from the page that mounts the room (ID, share). */
  extras?: ReactNode;
  /** This tab's join answer: the meeting's uri, end time, title and media node. */
  meeting: Omit<RoomMeeting, 'conferenceId'>;
  /** Builds the client; the real RoomClient unless a test passes its own. */
  createClient?: () => RoomClientHandle;
  /** Let in from the waiting room: enter at once, without the pre-join screen. */
  autoJoin?: boolean;
  /** "Join now" (or the automatic join) was made: this tab is in the room. */
  onEntered?: () => void;
  /** Called once the room has been entered without the pre-join screen. */
  onAutoJoined?: () => void;
  /**
   * Whether the room's socket is up and joined (it then says when this device was replaced or
   * removed, and the page stops asking the API the same).
   */
  onConnected?: (connected: boolean) => void;
}

/** Tells the page whether the room's socket is up and joined. */
function ConnectionReport({ onChange }: { onChange?: (connected: boolean) => void }) {
  const connected = useRoomState((s) => s.connection === 'connected');
  useEffect(() => onChange?.(connected), [connected, onChange]);
  return null;
}

/** Polls, fed from the room: its pollChanged events, the meeting, me and who is host. */
function Polls({ children }: { children: ReactNode }) {
  const client = useRoomClient();
  const { conferenceUri } = useRoomMeeting();
  const me = useRoomState((s) => s.me);
  const hostId = useRoomState((s) => s.hostId);
  const host = useRoomState(amHost);
  const connection = useRoomState((s) => s.connection);
  return (
    <RoomPolls
      client={client}
      conferenceUri={conferenceUri}
      me={me}
      hostId={hostId}
      host={host}
      connection={connection}
    >
      {children}
    </RoomPolls>
  );
}

/** A member who becomes host sees who is already waiting. */
function useWaitingListSync(): void {
  const { conferenceUri } = useRoomMeeting();
  const ready = useRoomState((s) => amHost(s) && s.connection === 'connected');
  useWaitingListRefresh(ready, conferenceUri, useRoomDispatch());
}

function Room({ conferenceId, extras }: { conferenceId: string; extras?: ReactNode }) {
  useWaitingListSync();
  const phone = useFormFactor() === 'phone';
  return (
    <VisibilityProvider>
      <Polls>
        {phone ? (
          <Suspense fallback={null}>
            <MobileRoom conferenceId={conferenceId} extras={extras} />
          </Suspense>
        ) : (
          <>
            {/* Above the stage, in the flow: the stage makes room, no tile is covered. */}
            <BreakoutBanner />
            <div className="room-body">
              <div className="room-main">
                <Stage />
                <RecordingIndicator />
              </div>
              <SidePanel />
            </div>
            {/* Captions in a band of their own: the stage makes room, no face or name is covered. */}
            <CaptionArea band />
            {/* Between the stage and the toolbar, in the flow: the stage makes room, no tile is covered. */}
            <HostMessage />
            <HostGoneNotice />
            <WaitingNotice />
            <HandNotice />
            <RecordingNoticesSlot />
            <PollPrompt />
            <FileShareBar />
            <Toolbar conferenceId={conferenceId} extras={extras} />
          </>
        )}
        <ConnectionBanner />
        <MemberToasts />
        <RoomAnnouncer />
        <RemoteAudio />
      </Polls>
    </VisibilityProvider>
  );
}

function Session(
  props: Omit<RoomScreenProps, 'createClient' | 'onLeft' | 'meeting'> & { onCancel: () => void },
) {
  const client = useRoomClient();
  const store = useRoomStore();
  const { mediaServer, roomPass } = useRoomMeeting();
  const settings = useRoomState((s) => s.settings);
  const permissionModal = useRoomState((s) => s.permissionModal);
  const [joined, setJoined] = useState(false);
  const { conferenceId, token, deviceId } = props;
  const autoJoin = useRef(props.autoJoin ?? false);
  // The socket connects while the user looks at the pre-join screen: "Join now" is then one request.
  useEffect(() => {
    client.prepare({
      conferenceId,
      token,
      deviceId,
      pass: roomPass,
      // With several servers, the meeting's media node; asked again if the connection drops.
      mediaServer,
      locate: () => toolApi.serverConfig(conferenceId).then((config) => config.mediaServer),
    });
  }, [client, conferenceId, token, deviceId, roomPass, mediaServer]);
  const join = () => {
    // The room renders as a transition: the join request goes out first, not after that render.
    startTransition(() => setJoined(true));
    props.onEntered?.();
    void client.join({
      conferenceId: props.conferenceId,
      token: props.token,
      deviceId: props.deviceId,
      displayName: props.displayName,
      audio: settings.audioEnabled,
      video: settings.videoEnabled,
      firstView: (others, me) => {
        const { viewMode, lockedId } = store.getState();
        const { innerWidth: width, innerHeight: height, devicePixelRatio } = window;
        return firstView(others, me, {
          viewMode,
          lockedId,
          window: { width, height, devicePixelRatio: devicePixelRatio || 1 },
        });
      },
    });
  };
  // Admitted from the waiting room: straight in, with the saved microphone and camera choices.
  useEffect(() => {
    if (!autoJoin.current) return;
    autoJoin.current = false;
    join();
    props.onAutoJoined?.();
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={`room-screen${joined ? '' : ' room-screen--prejoin'}`}>
      <ConnectionState />
      <ConnectionReport onChange={props.onConnected} />
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
      {permissionModal && (
        <Suspense fallback={null}>
          <PermissionDialog />
        </Suspense>
      )}
    </div>
  );
}

export function RoomScreen({ onLeft, createClient, meeting, ...rest }: RoomScreenProps) {
  const { t } = useTranslation();
  const { conferenceId } = rest;
  const [roomMeeting] = useState<RoomMeeting>(() => ({ ...meeting, conferenceId }));
  const [session, setSession] = useState<{
    client: RoomClientHandle;
    store: RoomStore;
    captions: CaptionsStore;
  } | null>(null);
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
      (key, options) => tRef.current(key, options),
      (reason, by) => onLeftRef.current(reason, by),
    );
    const captions = createCaptionsStore(initialCaptionsState(loadOriginalVolume()));
    const unbindCaptions = bindCaptions(client, captions, {
      myPeerId: () => store.getState().me?.peerId ?? null,
      t: (key) => tRef.current(key),
    });
    setSession({ client, store, captions });
    return () => {
      unbind();
      unbindCaptions();
      client.close();
      store.dispose();
      captions.dispose();
    };
  }, []);

  if (!session) return <div className="room-screen room-screen--prejoin" />;
  return (
    <RoomProvider client={session.client} store={session.store} meeting={roomMeeting}>
      <CaptionsProvider store={session.captions}>
        <Session {...rest} onCancel={() => onLeftRef.current('cancelled')} />
      </CaptionsProvider>
    </RoomProvider>
  );
}

export default RoomScreen;
