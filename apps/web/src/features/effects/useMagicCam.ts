/**
 * Magic Cam in the meeting (SPEC.md sections 3, 4, 8): the room's one MagicCam (made by the
 * RoomClient, metered against this meeting), the Magic Cam tab's behaviour, and what the room
 * does while the dialog is closed: a stop for a reason other than the user's is told as a toast,
 * and use in the meeting is remembered on this device (`tmt_use_magicam_inmeeting`, the prompt
 * in use), so a reload of the meeting turns it on again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/useTranslation';
import {
  CREDITS_PER_MINUTE,
  MAGIC_STATUS,
  type MagicCloseReason,
  type MagicEngine,
  type MagicStatus,
  type MagicStyle,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { magicApi } from '../../api/magic-api';
import type { MagicCam } from '../../room-client/magic/magic-cam';
import { MagicRefusal } from '../../room-client/magic/magic-refusal';
import { toast } from '../../ui/toast-store';
import { useTrack } from '../room-core/media';
import { useRoomClient, useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { NO_BACKGROUND, saveBackgroundSetting } from './background-setting';

/** SPEC.md section 3's local storage key: the prompt of a Magic Cam on in the meeting. */
export const MAGIC_IN_MEETING_KEY = 'tmt_use_magicam_inmeeting';

function rememberInMeeting(prompt: string | null): void {
  try {
    if (prompt) localStorage.setItem(MAGIC_IN_MEETING_KEY, JSON.stringify({ prompt }));
    else localStorage.removeItem(MAGIC_IN_MEETING_KEY);
  } catch {
    // Private mode or a full quota: it is simply not restored after a reload.
  }
}

function rememberedPrompt(): string | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(MAGIC_IN_MEETING_KEY) ?? 'null');
    const prompt = (stored as { prompt?: unknown } | null)?.prompt;
    return typeof prompt === 'string' && prompt.trim() ? prompt : null;
  } catch {
    return null;
  }
}

/** The text of a stop (SPEC.md section 8), as an i18n key; none for the user's own stop. */
export function magicCloseTextKey(
  reason: MagicCloseReason,
): 'errors.magicOutOfPoints' | 'room.magic.serverFull' | 'room.magic.netError' | null {
  switch (reason) {
    case 'stop':
      return null;
    case 'outOfPoints':
      return 'errors.magicOutOfPoints';
    case 'serverFull':
      return 'room.magic.serverFull';
    default:
      return 'room.magic.netError';
  }
}

/** How many Magic Cam tabs show their own texts now (then no toast repeats them). */
let tabsShown = 0;

/**
 * The meeting's MagicCam once `wanted` and its code is here (it is made, and fetched, only when
 * something needs it): its sessions are opened for this meeting, on the meeting's media node.
 */
export function useMeetingMagicCam(wanted: boolean): MagicCam | null {
  const client = useRoomClient();
  const { conferenceUri, mediaServer } = useRoomMeeting();
  const [magic, setMagic] = useState<MagicCam | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    client
      .magicCam({
        getToken: () => magicApi.getToken(conferenceUri, { silent: true }),
        serverUrl: mediaServer,
      })
      .then(
        (made) => current && setMagic(made),
        (error: unknown) => console.warn('Magic Cam could not be loaded', error),
      );
    return () => {
      current = false;
    };
  }, [wanted, client, conferenceUri, mediaServer]);
  return wanted ? magic : null;
}

/** Starts `magic`; answers the refusal's text, or null when it runs (or stopped on its own). */
async function startMagic(magic: MagicCam, prompt: string, t: TFunction): Promise<string | null> {
  try {
    await magic.start(prompt);
  } catch (error) {
    if (error instanceof MagicRefusal) return t(`errors.${error.key}`);
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  if (magic.status !== MAGIC_STATUS.off) {
    rememberInMeeting(magic.prompt);
    // Magic Cam turned the background off (SPEC.md section 4): it stays off next time too.
    saveBackgroundSetting(NO_BACKGROUND);
  }
  return null;
}

/**
 * For the whole meeting (the toolbar's effects button): toasts a stop the tab is not there to
 * show, forgets the use when it stops, and turns a remembered Magic Cam on again once the camera
 * is on.
 */
export function useMagicCamInRoom(): void {
  const { t } = useTranslation();
  const client = useRoomClient();
  const meId = useRoomState((s) => s.me?.peerId);
  const cameraOn = !!useTrack(meId ?? 'local', 'camera', 'video');
  const [restore, setRestore] = useState(rememberedPrompt);

  useEffect(
    () =>
      client.on('magicClosed', (reason) => {
        rememberInMeeting(null);
        const key = magicCloseTextKey(reason);
        if (key && tabsShown === 0) toast.error(t(key));
      }),
    [client, t],
  );

  const magicCam = useMeetingMagicCam(!!restore && cameraOn);
  useEffect(() => {
    if (!restore || !magicCam) return;
    setRestore(null);
    void startMagic(magicCam, restore, t).then((refusal) => {
      if (refusal) {
        rememberInMeeting(null);
        toast.error(refusal);
      }
    });
  }, [magicCam, restore, t]);
}

export interface MagicCamView {
  status: MagicStatus;
  engine: MagicEngine | null;
  prompt: string;
  setPrompt: (prompt: string) => void;
  /** A refusal or a stop's reason, in the user's language. */
  message: string | null;
  busy: boolean;
  creditsPerMinute: number;
  balance: number | null;
  /** Starts with the prompt typed (or changes the running one's). */
  start: () => void;
  stop: () => void;
  /** A style from the catalogue: its prompt fills the field and starts. */
  use: (style: MagicStyle) => void;
}

/**
 * The Magic Cam tab's behaviour for the meeting's `magic` (useMeetingMagicCam); `onStarted` runs
 * once Magic Cam is on (the dialog clears the background).
 */
export function useMagicCam(magic: MagicCam, onStarted: () => void): MagicCamView {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MagicStatus>(magic.status);
  const [prompt, setPrompt] = useState(() => magic.prompt ?? rememberedPrompt() ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [known, setKnown] = useState(() => ({
    engine: magic.engine,
    balance: magic.balance,
    perMinute: magic.creditsPerMinute,
  }));
  const live = useRef(true);
  const refresh = useCallback(
    () =>
      setKnown({ engine: magic.engine, balance: magic.balance, perMinute: magic.creditsPerMinute }),
    [magic],
  );

  useEffect(() => {
    live.current = true;
    tabsShown += 1;
    const off = [
      magic.on('status', setStatus),
      magic.on('charged', refresh),
      magic.on('closed', (reason) => {
        const key = magicCloseTextKey(reason);
        setMessage(key && t(key));
      }),
    ];
    return () => {
      live.current = false;
      tabsShown -= 1;
      off.forEach((unsubscribe) => unsubscribe());
    };
  }, [magic, refresh, t]);

  const run = useCallback(
    async (text: string, styleId?: string) => {
      setMessage(null);
      setBusy(true);
      try {
        const refusal = await startMagic(magic, text, t);
        if (!live.current) return;
        setMessage(refusal);
        if (!refusal && magic.status !== MAGIC_STATUS.off) {
          onStarted();
          // The style in use (SPEC.md "Magic-cam state"), remembered for the account.
          void magicApi
            .updateMagicType(styleId ? { styleId, prompt: text } : { prompt: text }, {
              silent: true,
            })
            .catch(() => undefined);
        }
      } finally {
        if (live.current) {
          setBusy(false);
          setStatus(magic.status);
          refresh();
        }
      }
    },
    [magic, onStarted, refresh, t],
  );

  return {
    status,
    engine: known.engine,
    prompt,
    setPrompt,
    message,
    busy,
    creditsPerMinute: known.perMinute ?? CREDITS_PER_MINUTE.magicCam,
    balance: known.balance,
    start: () => {
      if (prompt.trim()) void run(prompt);
      else setMessage(t('errors.magicPromptEmpty'));
    },
    stop: () => {
      setMessage(null);
      void magic.stop();
    },
    use: (style) => {
      setPrompt(style.prompt);
      void run(style.prompt, style.id);
    },
  };
}
