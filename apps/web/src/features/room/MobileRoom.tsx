/**
 * The meeting room on a phone (issue 28), in place of the desktop's stage, toolbar and side
 * panel: a top line with the meeting's details, the stage (MobileStage), the bottom bar
 * (MobileControls) and its "more" sheet (MobileSheet); the room's panel (people, chat, the
 * host's tabs) comes up over the stage as a sheet of its own. The store, the client and the
 * tiles are the desktop's. Test hook: `mobile-room` with `data-orientation`.
 */
import { useState, type ReactNode } from 'react';
import { useOrientation } from '../../ui/useFormFactor';
import { BreakoutBanner } from '../breakout/BreakoutBanner';
import { CaptionArea } from '../captions/CaptionArea';
import { RecordingIndicator } from '../recordings/RecordingIndicator';
import { RecordingNoticesSlot } from '../recordings/RecordingNoticesSlot';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { HostGoneNotice } from './HostGoneNotice';
import { NetworkIndicator } from './NetworkIndicator';
import { WaitingNotice } from './WaitingNotice';
import { HandNotice } from './HandNotice';
import { PollPrompt } from '../polls/PollPrompt';
import { HostMessage } from './HostMessage';
import { MobileControls } from './MobileControls';
import { MobileSheet } from './MobileSheet';
import { MobileStage } from './MobileStage';
import { RoomPanel } from './RoomPanel';
import { useAwayCamera } from './useAwayCamera';
import { useWakeLock } from './useWakeLock';
import { useRoomControls } from './useRoomControls';
import './room-mobile.css';

export function MobileRoom({ conferenceId, extras }: { conferenceId: string; extras?: ReactNode }) {
  const orientation = useOrientation();
  // In the background my camera pauses (the others see it off), as in Meet; audio goes on.
  useAwayCamera(true);
  // The screen stays on while in the meeting (a phone dims and locks while one only listens).
  useWakeLock(useRoomState((s) => s.connection !== 'disconnect'));
  const controls = useRoomControls();
  const dispatch = useRoomDispatch();
  const [more, setMore] = useState(false);
  const info = extras ?? <span className="room-toolbar__id">{conferenceId}</span>;
  return (
    <div
      className={`room-mobile room-mobile--${orientation}`}
      data-testid="mobile-room"
      data-orientation={orientation}
    >
      {/* Upright above the stage; on its side in the bar, where the height is scarce. */}
      {orientation === 'portrait' && (
        <header className="room-mobile__top">
          {info}
          <NetworkIndicator />
        </header>
      )}
      <BreakoutBanner />
      <div className="room-mobile__main">
        <MobileStage
          orientation={orientation}
          onShowPeople={() => dispatch({ type: 'panel', panel: 'members' })}
        />
        <CaptionArea />
        <RecordingIndicator />
      </div>
      <HostMessage />
      <HostGoneNotice />
      <WaitingNotice />
      <HandNotice />
      <RecordingNoticesSlot />
      <PollPrompt />
      <MobileControls
        controls={controls}
        moreOpen={more}
        onMore={() => setMore(true)}
        info={orientation === 'landscape' ? info : undefined}
      />
      {more && <MobileSheet controls={controls} onClose={() => setMore(false)} />}
      <RoomPanel />
    </div>
  );
}
