/**
 * The effects dialog's behaviour (SPEC.md section 4): the library (system images and my
 * uploads), choosing none, blur or an image (remembered on this device), uploading (checked
 * first, applied 500 ms after it lands), deleting after a confirm (the active image resets to
 * none), a warning line that hides after 3 s, the microphone's noise suppression, and the voice
 * changer (remembered on this device) with its preview. Where this browser cannot run the
 * camera's effects (no WebGL2: effects-support.ts) only the Sound tab offers anything.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  BACKGROUND_APPLY_AFTER_UPLOAD_MS,
  EFFECTS_WARNING_MS,
  type BackgroundImage,
  type BackgroundList,
  type BackgroundSetting,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { backgroundsApi } from '../../api/backgrounds-api';
import { useRoomClient, useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { saveSettings } from '../room-core/settings-storage';
import type { VoiceMode } from '../../room-client/voice-effects';
import { videoEffectsSupported } from '../../room-client/effects/effects-support';
import { loadVoiceSetting, saveVoiceSetting } from './voice-setting';
import {
  afterDelete,
  loadBackgroundSetting,
  saveBackgroundSetting,
  uploadRefusal,
} from './background-setting';

export function imageSetting(image: BackgroundImage): BackgroundSetting {
  return { status: 'image', id: image.id, viewImg: image.viewImg };
}

export function useEffectsDialog() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const [library, setLibrary] = useState<BackgroundList | null>(null);
  const [setting, setSetting] = useState<BackgroundSetting>(loadBackgroundSetting);
  const [warning, setWarning] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<BackgroundImage | null>(null);
  const settings = useRoomState((s) => s.settings);
  const dispatch = useRoomDispatch();
  const [voice, setVoice] = useState<VoiceMode>(loadVoiceSetting);
  const [previewing, setPreviewing] = useState(false);
  const [videoEffects] = useState(videoEffectsSupported);
  // The preview ends with the dialog.
  useEffect(() => () => client.previewVoice(false), [client]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const live = useRef(true);

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      if (live.current) fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    live.current = true;
    const pending = timers.current;
    return () => {
      live.current = false;
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const warn = useCallback(
    (text: string) => {
      setWarning(text);
      later(() => setWarning((current) => (current === text ? null : current)), EFFECTS_WARNING_MS);
    },
    [later],
  );

  useEffect(() => {
    backgroundsApi.getAll({ silent: true }).then(
      (list) => live.current && setLibrary(list),
      (error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        if (live.current) {
          setLibrary({ userBackground: [], systemBackground: [] });
          warn(error.message);
        }
      },
    );
  }, [warn]);

  const choose = useCallback(
    (next: BackgroundSetting) => {
      setSetting(next);
      saveBackgroundSetting(next);
      void client.setBackground(next);
    },
    [client],
  );

  const upload = useCallback(
    async (file: File) => {
      const refusal = uploadRefusal(file);
      if (refusal) return warn(t(`errors.${refusal}`));
      setUploading(true);
      try {
        const image = await backgroundsApi.upload(file, file.name, { silent: true });
        if (!live.current) return;
        setLibrary((list) => list && { ...list, userBackground: [...list.userBackground, image] });
        later(() => choose(imageSetting(image)), BACKGROUND_APPLY_AFTER_UPLOAD_MS);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        warn(error.message);
      } finally {
        if (live.current) setUploading(false);
      }
    },
    [choose, later, t, warn],
  );

  const confirmDelete = useCallback(async () => {
    const image = deleting;
    if (!image) return;
    setDeleting(null);
    try {
      await backgroundsApi.deleteOne(image.id, { silent: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return warn(error.message);
    }
    setLibrary(
      (list) =>
        list && { ...list, userBackground: list.userBackground.filter((b) => b.id !== image.id) },
    );
    const next = afterDelete(setting, image.id);
    if (next !== setting) choose(next);
  }, [choose, deleting, setting, warn]);

  /** The microphone's noise suppression: remembered, and applied to the live microphone. */
  const setNoiseSuppression = (on: boolean) => {
    dispatch({ type: 'settings', settings: { noiseSuppression: on } });
    saveSettings({ ...settings, noiseSuppression: on });
    void client.switchDevice({ noiseSuppression: on });
  };

  /** My voice through the voice changer: remembered, applied at once to what is sent. */
  const chooseVoice = (mode: VoiceMode) => {
    setVoice(mode);
    saveVoiceSetting(mode);
    void client.setVoice(mode);
  };
  const togglePreview = () => {
    client.previewVoice(!previewing);
    setPreviewing(!previewing);
  };

  return {
    /** Whether the camera's effects can run here; where not, their tabs say so instead. */
    videoEffects,
    library,
    setting,
    noiseSuppression: settings.noiseSuppression,
    setNoiseSuppression,
    voice,
    chooseVoice,
    previewing,
    togglePreview,
    warning,
    uploading,
    deleting,
    choose,
    upload: (file: File) => void upload(file),
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => void confirmDelete(),
  };
}
