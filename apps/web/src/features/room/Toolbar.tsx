/**
 * The bottom control bar: microphone (its menu: devices and the voice changer) and camera (its
 * device menu), screen share, raise
 * hand, reactions, view mode, leave, the keyboard shortcuts' help, and the panel's people and
 * chat buttons. `useRoomControls` holds the behaviour; this file is markup. Test hooks:
 * data-testid toggle-mic / toggle-camera / share-screen / raise-hand / reactions-toggle /
 * view-mode / shortcuts-help / breakout-toggle (host) / members-panel / chat-toggle (with
 * chat-unread) / leave / toolbar-more, with
 * aria-pressed showing the state and aria-disabled while the host holds it off. The bar is
 * `role="toolbar"`; tooltips name each control's keyboard shortcut. When the bar is too narrow
 * (`useToolbarOverflow`), the secondary controls (file share, effects, interpretation, the two
 * recordings, layout, apps, breakout rooms, shortcuts) move into the "More options" menu with
 * their labels and the same test hooks (issue 30).
 */
import { useRef, type ReactNode } from 'react';
import { WAITING_STATUS } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { ChatIcon } from '../../ui/icons';
// Polls (issue 6): the more-apps popover with the Polls entry.
import { MoreAppsButton } from '../polls/MoreAppsButton';
// Captions and interpretation (issue 10).
import { CaptionsToggle } from '../captions/CaptionsToggle';
import { InterpretButton } from '../captions/InterpretButton';
// Cloud recording (issue 11): the host's record button and popover.
import { RoomRecordButton } from '../recordings/RoomRecordButton';
import { LocalRecordButton } from '../local-recording/LocalRecordButton';
import { FileShareButton } from '../file-share/FileShareButton';
// Background effects (issue 15).
import { EffectsButton } from '../effects/EffectsButton';
import { VoiceMenu } from '../effects/VoiceMenu';
import { useEffectsOffered } from '../effects/useEffectsOffered';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { LeaveButton } from './LeaveButton';
import { NetworkIndicator } from './NetworkIndicator';
import { ReactionBar } from './ReactionBar';
import {
  CamIcon,
  CamOffIcon,
  HandIcon,
  MicIcon,
  MicOffIcon,
  PeopleIcon,
  ShareIcon,
  StopShareIcon,
} from '../room-core/room-icons';
import { useRoomControls } from './useRoomControls';
import { ariaShortcut, onMac, withShortcut } from './shortcuts';
import { DeviceList, DeviceToggle } from './DeviceToggle';
import { useRoomState } from '../room-core/RoomContext';
import { handRaised } from '../room-core/roles';
import { MoreMenu } from './toolbar/MoreMenu';
import { BreakoutButton, ViewModeButton } from './toolbar/SecondaryButtons';
import { ToolbarSlots } from './toolbar/toolbar-slots';
import { useToolbarOverflow } from './toolbar/useToolbarOverflow';

export function Toolbar({ conferenceId, extras }: { conferenceId: string; extras?: ReactNode }) {
  const { t } = useTranslation();
  const c = useRoomControls();
  const effectsOffered = useEffectsOffered();
  const barRef = useRef<HTMLElement>(null);
  const infoRef = useRef<HTMLDivElement>(null);
  const moved = useToolbarOverflow(barRef, infoRef);
  // Hosts: who waits to be admitted, on the People button too (issue 30).
  const waitingCount = useRoomState((s) =>
    c.host ? s.waiting.filter((e) => e.status === WAITING_STATUS.waiting).length : 0,
  );
  // …and whose hand is up, when nobody waits.
  const handsCount = useRoomState((s) => (c.host ? s.peers.filter(handRaised).length : 0));

  return (
    <ToolbarSlots moved={moved}>
      <footer
        ref={barRef}
        className="room-toolbar"
        role="toolbar"
        aria-label={t('room.toolbar.label')}
        data-compact={moved > 0 || undefined}
      >
        <div ref={infoRef} className="room-toolbar__side room-toolbar__info">
          <div className="room-toolbar__meeting">
            {extras ?? <span className="room-toolbar__id">{conferenceId}</span>}
          </div>
          <NetworkIndicator />
        </div>
        <div className="room-toolbar__center">
          <DeviceToggle
            testId="toggle-mic"
            on={c.micOn}
            held={c.micHeld}
            device={t('room.toolbar.mic')}
            labels={[
              t('room.toolbar.micOn'),
              t('room.toolbar.micOff'),
              t('room.errors.forceMuted'),
            ]}
            icons={[<MicIcon key="on" />, <MicOffIcon key="off" />]}
            onToggle={c.toggleMic}
            shortcut="toggleMic"
          >
            {(close) => (
              <>
                <DeviceList
                  title={t('room.prejoin.microphone')}
                  devices={c.devices.audioInputs}
                  selected={c.settings.audioID}
                  onSelect={(id) => {
                    c.chooseDevice('audioID', id);
                    close();
                  }}
                />
                <DeviceList
                  title={t('room.prejoin.speaker')}
                  devices={c.devices.audioOutputs}
                  selected={c.settings.audioOutputID}
                  onSelect={(id) => {
                    c.chooseDevice('audioOutputID', id);
                    close();
                  }}
                />
                {effectsOffered.voiceChanger && <VoiceMenu onChosen={close} />}
              </>
            )}
          </DeviceToggle>
          <DeviceToggle
            testId="toggle-camera"
            on={c.cameraOn}
            held={c.cameraHeld}
            device={t('room.toolbar.camera')}
            labels={[
              t('room.toolbar.cameraOn'),
              t('room.toolbar.cameraOff'),
              t('room.errors.videoDisabled'),
            ]}
            icons={[<CamIcon key="on" />, <CamOffIcon key="off" />]}
            onToggle={c.toggleCamera}
            shortcut="toggleCamera"
          >
            {(close) => (
              <DeviceList
                title={t('room.prejoin.camera')}
                devices={c.devices.videoInputs}
                selected={c.settings.videoID}
                onSelect={(id) => {
                  c.chooseDevice('videoID', id);
                  close();
                }}
              />
            )}
          </DeviceToggle>
          {c.shareOffered && (
            <button
              type="button"
              data-testid="share-screen"
              aria-pressed={c.sharing}
              aria-disabled={c.shareHeld || undefined}
              className={`room-btn${c.sharing ? ' room-btn--active' : ''}${c.shareHeld ? ' room-btn--held' : ''}`}
              aria-label={c.sharing ? t('room.toolbar.stopShare') : t('room.toolbar.share')}
              title={
                c.shareHeld
                  ? t('room.toolbar.shareDisallowed')
                  : c.sharing
                    ? t('room.toolbar.stopShare')
                    : t('room.toolbar.share')
              }
              onClick={c.toggleShare}
              disabled={c.connection !== 'connected'}
            >
              {c.sharing ? <StopShareIcon /> : <ShareIcon />}
            </button>
          )}
          <FileShareButton disabled={c.connection !== 'connected'} held={c.shareHeld} />
          <EffectsButton />
          <CaptionsToggle />
          <InterpretButton />
          <RoomRecordButton />
          <LocalRecordButton />
          {!c.host && (
            <button
              type="button"
              data-testid="raise-hand"
              aria-pressed={c.handUp}
              className={`room-btn${c.handUp ? ' room-btn--active' : ''}`}
              aria-label={c.handUp ? t('room.toolbar.lowerHand') : t('room.toolbar.raiseHand')}
              title={withShortcut(
                c.handUp ? t('room.toolbar.lowerHand') : t('room.toolbar.raiseHand'),
                'toggleHand',
                onMac(),
              )}
              aria-keyshortcuts={ariaShortcut('toggleHand', onMac())}
              onClick={c.toggleHand}
              disabled={c.handBusy || c.connection !== 'connected'}
            >
              <HandIcon />
            </button>
          )}
          <ReactionBar />
          <ViewModeButton controls={c} />
          <LeaveButton />
        </div>
        <div className="room-toolbar__side room-toolbar__end">
          <KeyboardShortcuts controls={c} />
          {/* Polls (issue 6) */}
          <MoreAppsButton />
          {c.host && <BreakoutButton controls={c} />}
          <button
            type="button"
            data-testid="members-panel"
            aria-pressed={c.panelOpen}
            className={`room-btn room-btn--flat${c.panelOpen ? ' room-btn--active' : ''}`}
            // The count shows on the button, so it is part of the name too (not in brackets:
            // screen-reader checks take a bracketed part for an aside).
            aria-label={t('room.toolbar.membersCount', { count: c.memberCount })}
            title={withShortcut(t('room.toolbar.members'), 'togglePeople', onMac())}
            aria-keyshortcuts={ariaShortcut('togglePeople', onMac())}
            onClick={c.togglePanel}
          >
            <PeopleIcon />
            <span className="room-btn__count">{c.memberCount}</span>
            {waitingCount > 0 ? (
              <span
                className="room-btn__badge"
                data-testid="people-waiting-count"
                aria-hidden="true"
              >
                {waitingCount > 99 ? '99+' : waitingCount}
              </span>
            ) : (
              handsCount > 0 && (
                <span
                  className="room-btn__badge room-btn__badge--hand"
                  data-testid="people-hands-count"
                  aria-hidden="true"
                >
                  {handsCount > 99 ? '99+' : handsCount}
                </span>
              )
            )}
          </button>
          <button
            type="button"
            data-testid="chat-toggle"
            aria-pressed={c.chatOpen}
            className={`room-btn room-btn--flat${c.chatOpen ? ' room-btn--active' : ''}`}
            aria-label={
              c.unread > 0
                ? t('room.toolbar.chatUnread', { count: c.unread })
                : t('room.toolbar.chat')
            }
            title={withShortcut(t('room.toolbar.chat'), 'toggleChat', onMac())}
            aria-keyshortcuts={ariaShortcut('toggleChat', onMac())}
            onClick={c.toggleChat}
          >
            <ChatIcon />
            {c.unread > 0 && (
              <span className="room-btn__badge" data-testid="chat-unread" aria-hidden="true">
                {c.unread > 99 ? '99+' : c.unread}
              </span>
            )}
          </button>
          <MoreMenu controls={c} />
        </div>
      </footer>
    </ToolbarSlots>
  );
}
