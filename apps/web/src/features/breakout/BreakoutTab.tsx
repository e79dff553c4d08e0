/**
 * The host's breakout rooms tab: create rooms (how many, split at random or by hand), put people
 * in rooms, open them with an optional timer, join a room, broadcast to every room and close
 * them (everyone is back after the countdown). Test hooks: `breakout-tab`, `breakout-create`,
 * `breakout-open`, `breakout-close`, `breakout-recreate`, `breakout-status`,
 * `breakout-room-{n}` (0 the main room), `breakout-join-{n}`, `breakout-broadcast-send`,
 * selects `breakout-assign-{userId}`, inputs `name=breakoutRooms|breakoutAssign|breakoutMinutes|
 * breakoutBroadcast`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  BREAKOUT_BROADCAST_MAX,
  BREAKOUT_MAX_MINUTES,
  BREAKOUT_MAX_ROOMS,
  type BreakoutMember,
} from '@meet/shared';
import { Button } from '../../ui/Button';
import { useRoomState } from '../room-core/RoomContext';
import { clockText, membersByRoom, randomAssignments } from './breakout-plan';
import { useBreakoutRemaining, useBreakoutRequest } from './useBreakout';
import './breakout.css';

/** A labelled whole-number field; an empty or partial entry is NaN (the caller disables its button). */
function NumberField(props: {
  label: string;
  name: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="breakout-field">
      <span>{props.label}</span>
      <input
        type="number"
        name={props.name}
        min={props.min}
        max={props.max}
        value={Number.isNaN(props.value) ? '' : props.value}
        onChange={(e) => props.onChange(e.target.valueAsNumber)}
      />
    </label>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { send, busy } = useBreakoutRequest();
  const me = useRoomState((s) => s.me);
  const peers = useRoomState((s) => s.peers);
  const [count, setCount] = useState(2);
  const [auto, setAuto] = useState(true);
  const valid = Number.isInteger(count) && count >= 1 && count <= BREAKOUT_MAX_ROOMS;

  const create = async () => {
    const rooms = Array.from({ length: count }, (_, i) =>
      t('room.breakout.roomName', { n: i + 1 }),
    );
    // The host stays in the main room; the others are split when asked to.
    const others = peers.filter((p) => p.userId !== me?.userId).map((p) => p.userId);
    const assignments = auto ? randomAssignments(others, count) : [];
    if (await send({ type: 'breakoutSetup', rooms, assignments })) onDone();
  };

  return (
    <div className="breakout-form">
      <p className="room-panel__sub">{t('room.breakout.intro')}</p>
      <NumberField
        label={t('room.breakout.count')}
        name="breakoutRooms"
        min={1}
        max={BREAKOUT_MAX_ROOMS}
        value={count}
        onChange={setCount}
      />
      <fieldset className="breakout-field breakout-field--choice">
        <legend>{t('room.breakout.assignLabel')}</legend>
        <label>
          <input
            type="radio"
            name="breakoutAssign"
            value="auto"
            checked={auto}
            onChange={() => setAuto(true)}
          />
          {t('room.breakout.assignAuto')}
        </label>
        <label>
          <input
            type="radio"
            name="breakoutAssign"
            value="manual"
            checked={!auto}
            onChange={() => setAuto(false)}
          />
          {t('room.breakout.assignManual')}
        </label>
      </fieldset>
      <Button
        data-testid="breakout-create"
        disabled={!valid}
        loading={busy}
        onClick={() => void create()}
      >
        {t('room.breakout.create')}
      </Button>
    </div>
  );
}

function MemberRow({ member, rooms }: { member: BreakoutMember; rooms: string[] }) {
  const { t } = useTranslation();
  const { send, busy } = useBreakoutRequest();
  return (
    <li className="breakout-member" data-breakout-user-id={member.userId}>
      <span className="breakout-member__name" title={member.displayName}>
        {member.displayName}
      </span>
      {member.askedForHelp && (
        <span className="breakout-member__help" data-testid="breakout-help-flag">
          {t('room.breakout.askedForHelp')}
        </span>
      )}
      <select
        data-testid={`breakout-assign-${member.userId}`}
        aria-label={t('room.breakout.roomFor', { name: member.displayName })}
        value={member.room}
        disabled={busy}
        onChange={(e) =>
          void send({ type: 'breakoutMove', userId: member.userId, room: Number(e.target.value) })
        }
      >
        <option value={0}>{t('room.breakout.mainRoom')}</option>
        {rooms.map((name, i) => (
          <option key={i} value={i + 1}>
            {name}
          </option>
        ))}
      </select>
    </li>
  );
}

function Broadcast() {
  const { t } = useTranslation();
  const { send, busy } = useBreakoutRequest();
  const [text, setText] = useState('');
  const ready = text.trim().length > 0 && text.length <= BREAKOUT_BROADCAST_MAX;
  return (
    <form
      className="breakout-broadcast"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        void send({ type: 'breakoutBroadcast', text }).then((ok) => ok && setText(''));
      }}
    >
      <label className="breakout-field">
        <span>{t('room.breakout.broadcastLabel')}</span>
        <textarea
          name="breakoutBroadcast"
          rows={2}
          maxLength={BREAKOUT_BROADCAST_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <Button
        type="submit"
        size="small"
        data-testid="breakout-broadcast-send"
        disabled={!ready}
        loading={busy}
      >
        {t('room.breakout.broadcastSend')}
      </Button>
    </form>
  );
}

export function BreakoutTab() {
  const { t } = useTranslation();
  const breakout = useRoomState((s) => s.breakout);
  const me = useRoomState((s) => s.me);
  const remaining = useBreakoutRemaining();
  const { send, busy } = useBreakoutRequest();
  const [recreating, setRecreating] = useState(false);
  const [minutes, setMinutes] = useState(0);
  const { status, rooms } = breakout;

  if (status === 'idle' && (rooms.length === 0 || recreating))
    return (
      <div className="breakout-tab" data-testid="breakout-tab">
        <CreateForm onDone={() => setRecreating(false)} />
      </div>
    );

  const groups = membersByRoom(breakout.members, rooms.length);
  const minutesValid = Number.isInteger(minutes) && minutes >= 0 && minutes <= BREAKOUT_MAX_MINUTES;
  const statusText =
    status === 'idle'
      ? t('room.breakout.ready')
      : status === 'closing'
        ? t('room.breakout.closingStatus', { time: clockText(remaining ?? 0) })
        : remaining !== null
          ? t('room.breakout.openTimed', { time: clockText(remaining) })
          : t('room.breakout.openStatus');

  return (
    <div className="breakout-tab" data-testid="breakout-tab">
      <div className="breakout-status" data-testid="breakout-status" role="status">
        {statusText}
      </div>
      {groups.map((members, room) => (
        <section key={room} className="breakout-room" data-testid={`breakout-room-${room}`}>
          <header className="breakout-room__head">
            <h3>
              {room === 0 ? t('room.breakout.mainRoom') : rooms[room - 1]}{' '}
              <span className="breakout-room__count">({members.length})</span>
            </h3>
            {status !== 'idle' && breakout.myRoom !== room && me && (
              <button
                type="button"
                className="room-chip"
                data-testid={`breakout-join-${room}`}
                disabled={busy}
                onClick={() => void send({ type: 'breakoutMove', userId: me.userId, room })}
              >
                {room === 0 ? t('room.breakout.returnToMain') : t('room.breakout.join')}
              </button>
            )}
          </header>
          {members.length === 0 ? (
            <div className="breakout-room__empty">{t('room.breakout.empty')}</div>
          ) : (
            <ul className="breakout-room__list">
              {members.map((m) => (
                <MemberRow key={m.userId} member={m} rooms={rooms} />
              ))}
            </ul>
          )}
        </section>
      ))}
      {status === 'idle' ? (
        <div className="breakout-actions">
          <NumberField
            label={t('room.breakout.minutes')}
            name="breakoutMinutes"
            min={0}
            max={BREAKOUT_MAX_MINUTES}
            value={minutes}
            onChange={setMinutes}
          />
          <div className="breakout-actions__row">
            <Button
              variant="text"
              data-testid="breakout-recreate"
              onClick={() => setRecreating(true)}
            >
              {t('room.breakout.recreate')}
            </Button>
            <Button
              data-testid="breakout-open"
              disabled={!minutesValid}
              loading={busy}
              onClick={() => void send({ type: 'breakoutOpen', minutes })}
            >
              {t('room.breakout.open')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="breakout-actions">
          <Broadcast />
          <Button
            className="btn--danger"
            data-testid="breakout-close"
            disabled={status === 'closing'}
            loading={busy}
            onClick={() => void send({ type: 'breakoutClose' })}
          >
            {t('room.breakout.close')}
          </Button>
        </div>
      )}
    </div>
  );
}
