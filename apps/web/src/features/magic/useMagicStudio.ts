/**
 * The Magic Cam page's behaviour: my camera (opened as the pre-join screen opens it, with the
 * chosen device; stopped when the page is left), the effects between it and the preview, and
 * the Magic Cam controller on them — Start, the prompt changed while running, Stop — with its
 * status, the engine that runs (named from the session's token), the credits it costs and the
 * balance after each charge, and why it stopped when it was not the user.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { openTrack } from '../../room-client/local-media';
import { MagicCam } from '../../room-client/magic/magic-cam';
import { MagicRefusal } from '../../room-client/magic/magic-refusal';
import { VideoEffects } from '../../room-client/effects/video-effects';
import { useAuth } from '../auth/AuthProvider';
import { loadSettings } from '../room-core/settings-storage';

export type CameraState = 'starting' | 'on' | 'failed';

/** The text key of a stop the user did not ask for (SPEC.md section 8), or null. */
export function closedText(reason: MagicCloseReason) {
  switch (reason) {
    case 'stop':
      return null;
    case 'outOfPoints':
      return 'errors.magicOutOfPoints' as const;
    case 'serverFull':
      return 'magic.closed.serverFull' as const;
    default:
      return 'common.networkError' as const;
  }
}

export function useMagicStudio() {
  const { t } = useTranslation();
  const [camera, setCamera] = useState<CameraState>('starting');
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [status, setStatus] = useState<MagicStatus>(MAGIC_STATUS.off);
  const [engine, setEngine] = useState<MagicEngine | null>(null);
  const [perMinute, setPerMinute] = useState<number>(CREDITS_PER_MINUTE.magicCam);
  /** The session's balance once it has one; until then the account's (getUserInfo). */
  const [sessionBalance, setBalance] = useState<number | null>(null);
  const { user } = useAuth();
  const balance = sessionBalance ?? (user && 'energyPoint' in user ? user.energyPoint : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  /** The prompt the running session shows; the field may have moved on since. */
  const [running, setRunning] = useState<string | null>(null);
  const [styleId, setStyleId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const magic = useRef<MagicCam | null>(null);

  useEffect(() => {
    let left = false;
    const effects = new VideoEffects();
    const controller = new MagicCam(effects, {
      getToken: async () => {
        const token = await magicApi.getHomePageToken({ silent: true });
        if (!left) {
          setEngine(token.engine);
          setPerMinute(token.creditsPerMinute);
          setBalance(token.balance);
        }
        return token;
      },
    });
    magic.current = controller;
    const show = () => {
      if (!left) setTrack(effects.output);
    };
    effects.on('changed', show);
    effects.on('failed', show);
    controller.on('status', (next) => {
      if (!left) setStatus(next);
    });
    controller.on('charged', ({ balance: after }) => {
      if (!left) setBalance(after);
    });
    controller.on('closed', (reason) => {
      if (left) return;
      setRunning(null);
      const key = closedText(reason);
      setNotice(key ? t(key) : null);
      show();
    });
    setCamera('starting');
    openTrack('video', loadSettings().videoID || undefined).then(
      async (raw) => {
        if (left) return raw.stop();
        await effects.input(raw);
        show();
        setCamera('on');
      },
      () => {
        if (!left) setCamera('failed');
      },
    );
    return () => {
      left = true;
      magic.current = null;
      controller.close();
      // Closing the effects stops the camera itself.
      effects.close();
    };
  }, [cameraAttempt, t]);

  /** Remembers the style in use for this account (SPEC.md "Magic-cam state" item and type). */
  const remember = useCallback((text: string, id: string | undefined) => {
    magicApi
      .updateMagicType({ prompt: text, ...(id ? { styleId: id } : {}) }, { silent: true })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      });
  }, []);

  const act = async (work: (controller: MagicCam) => Promise<void>) => {
    const controller = magic.current;
    if (!controller) return;
    setBusy(true);
    setNotice(null);
    try {
      await work(controller);
    } catch (error) {
      // Why Magic Cam refused (nothing was charged), the server's text (out of points) or the
      // network's; anything else is a programming error and is not swallowed.
      if (error instanceof MagicRefusal)
        setNotice(
          error.key === 'magicPromptUnknown'
            ? t('errors.magicPromptUnknown')
            : t('magic.page.cameraFailed'),
        );
      else if (error instanceof ApiError) setNotice(error.message || t('common.networkError'));
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const start = (text = prompt) =>
    act(async (controller) => {
      const trimmed = text.trim();
      if (!trimmed) throw new ApiError(-1, t('errors.magicPromptEmpty'));
      await controller.start(trimmed);
      setRunning(trimmed);
      remember(trimmed, styleId);
    });

  const apply = (text = prompt, id = styleId) =>
    act(async (controller) => {
      const trimmed = text.trim();
      if (!trimmed) throw new ApiError(-1, t('errors.magicPromptEmpty'));
      await controller.setPrompt(trimmed);
      setRunning(trimmed);
      remember(trimmed, id);
    });

  const on = status !== MAGIC_STATUS.off;
  return {
    camera,
    retryCamera: () => setCameraAttempt((n) => n + 1),
    track,
    status,
    on,
    busy,
    engine,
    perMinute,
    balance,
    notice,
    prompt,
    setPrompt: (next: string) => {
      setPrompt(next);
      setStyleId(undefined);
    },
    /** The field differs from what runs: "Apply" shows. */
    changed: on && running !== null && prompt.trim() !== running,
    start: () => void start(),
    apply: () => void apply(),
    stop: () =>
      void act(async (controller) => {
        await controller.stop();
        setRunning(null);
      }),
    /** A catalogue style's Use: its prompt in the field, and on the preview at once if running. */
    use: (style: MagicStyle) => {
      setPrompt(style.prompt);
      setStyleId(style.id);
      if (on) void apply(style.prompt, style.id);
    },
  };
}
