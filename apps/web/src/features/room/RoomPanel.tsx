/**
 * The right panel with its tabs: people and chat for everyone, the waiting room and the host
 * controls and breakout rooms for the host only (they vanish the moment the role moves on).
 * The chat and waiting tabs (features/chat, features/waiting-room) import nothing of the room:
 * they are fed from it here. Test hooks: `room-panel`, `panel-tab-{members|chat|waiting|controls}`;
 * the host's breakout rooms (opened from the toolbar) show under a title instead of the tabs.
 */
import { lazy, Suspense, useCallback, useEffect, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
// Breakout rooms (issue 16): the host's tab.
import { ChatTab } from '../chat/ChatTab';
import { WaitingTab } from '../waiting-room/WaitingTab';
import { MembersTab } from './MembersTab';
import {
  useRoomClient,
  useRoomDispatch,
  useRoomMeeting,
  useRoomState,
} from '../room-core/RoomContext';
import type { PanelTab } from '../room-core/room-store';
import { amHost } from '../room-core/roles';
import { useHostActions } from './useHostActions';

// The host's own tabs are code of their own (most members never open them), fetched once I am
// host so that opening one does not wait.
const loadControls = () => import('./ControlsTab');
const loadBreakout = () => import('../breakout/BreakoutTab');
const ControlsTab = lazy(() => loadControls().then((m) => ({ default: m.ControlsTab })));
// The live transcript (issue 30), opened from the captions menu: a titled panel, as breakout.
const TranscriptTab = lazy(() =>
  import('../captions/TranscriptTab').then((m) => ({ default: m.TranscriptTab })),
);

const BreakoutTab = lazy(() => loadBreakout().then((m) => ({ default: m.BreakoutTab })));

const EVERYONE: PanelTab[] = ['members', 'chat'];
const HOST: PanelTab[] = ['members', 'chat', 'waiting', 'controls'];

/** The chat of the room I am in: its messages, who I am, and sending through the room client. */
function RoomChat() {
  const client = useRoomClient();
  const messages = useRoomState((s) => s.chat);
  const myId = useRoomState((s) => String(s.me?.userId ?? ''));
  const connected = useRoomState((s) => s.connection === 'connected');
  const inBreakout = useRoomState((s) => s.breakout.myRoom > 0);
  const send = useCallback((content: string) => client.sendMessage(content), [client]);
  return (
    <ChatTab
      messages={messages}
      myId={myId}
      connected={connected}
      inBreakout={inBreakout}
      send={send}
    />
  );
}

/** The host's waiting tab: who waits (the store's list), the host's answers, the dispatch. */
function RoomWaiting() {
  const { conferenceUri } = useRoomMeeting();
  const { admit, deny } = useHostActions();
  const dispatch = useRoomDispatch();
  const entries = useRoomState((s) => s.waiting);
  const enabled = useRoomState((s) => s.properties.waitingRoom);
  return (
    <WaitingTab
      conferenceUri={conferenceUri}
      entries={entries}
      enabled={enabled}
      admit={admit}
      deny={deny}
      dispatch={dispatch}
    />
  );
}

export function RoomPanel() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const panel = useRoomState((s) => s.panel);
  const host = useRoomState(amHost);
  const waiting = useRoomState((s) => s.waiting.length);
  const unread = useRoomState((s) => s.chatUnread);
  const tabs = host ? HOST : EVERYONE;
  useEffect(() => {
    if (!host) return;
    void loadControls().catch(() => undefined);
    void loadBreakout().catch(() => undefined);
  }, [host]);
  if (!panel) return null;

  const select = (tab: PanelTab) => dispatch({ type: 'panel', panel: tab });
  // Arrow keys move between tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(panel) + step + tabs.length) % tabs.length]!;
    select(next);
    document.getElementById(`room-tab-${next}`)?.focus();
  };
  const badge = (tab: PanelTab) => {
    const count = tab === 'waiting' ? waiting : tab === 'chat' ? unread : 0;
    if (count === 0) return null;
    return (
      <span className="room-tab__badge" data-testid={`panel-tab-${tab}-count`}>
        {count > 99 ? '99+' : count}
      </span>
    );
  };

  return (
    <aside className="room-panel" data-testid="room-panel" aria-label={t('room.panel.label')}>
      <header className="room-panel__top">
        {/* Breakout rooms open from their own toolbar button, the transcript from the captions
            menu: titled panels, not more tabs. */}
        {panel === 'breakout' || panel === 'transcript' ? (
          <h2 className="room-panel__title" id={`room-tab-${panel}`}>
            {panel === 'breakout' ? t('room.breakout.title') : t('room.transcript.title')}
          </h2>
        ) : (
          <div
            className="room-tabs"
            role="tablist"
            aria-label={t('room.panel.label')}
            onKeyDown={onKeyDown}
          >
            {tabs.map((tab) => (
              <button
                key={tab}
                id={`room-tab-${tab}`}
                type="button"
                role="tab"
                aria-selected={panel === tab}
                aria-controls="room-tabpanel"
                tabIndex={panel === tab ? 0 : -1}
                data-testid={`panel-tab-${tab}`}
                className={`room-tab${panel === tab ? ' room-tab--active' : ''}`}
                onClick={() => select(tab)}
              >
                {t(`room.panel.${tab}`)}
                {badge(tab)}
              </button>
            ))}
          </div>
        )}
        <IconButton
          aria-label={t('room.panel.close')}
          title={t('room.panel.close')}
          onClick={() => dispatch({ type: 'panel', panel: null })}
        >
          <CloseIcon />
        </IconButton>
      </header>
      <div
        id="room-tabpanel"
        className="room-panel__body"
        role={panel === 'breakout' || panel === 'transcript' ? 'region' : 'tabpanel'}
        aria-labelledby={`room-tab-${panel}`}
      >
        {panel === 'members' && <MembersTab />}
        {panel === 'chat' && <RoomChat />}
        {panel === 'waiting' && host && <RoomWaiting />}
        <Suspense fallback={null}>
          {panel === 'controls' && host && <ControlsTab />}
          {panel === 'breakout' && host && <BreakoutTab />}
          {panel === 'transcript' && <TranscriptTab />}
        </Suspense>
      </div>
    </aside>
  );
}
