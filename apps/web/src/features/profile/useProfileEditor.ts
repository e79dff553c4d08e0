/**
 * The profile editor's state: a name and an optional new avatar (cropped square, previewed).
 * Save sends only what changed, waits for every call, then reports once.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useQueryClient } from '@tanstack/react-query';
import { NICKNAME_MAX_PROFILE, type ErrorKey } from '@meet/shared';
import { ApiError } from '../../api/client';
import { userApi } from '../../api/user-api';
import { lengthLimit } from '../../ui/length-limit';
import { toast } from '../../ui/toast-store';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import { AVATAR_ACCEPT, AvatarRuleError, cropAvatar } from './crop-avatar';

export function checkNickname(name: string): ErrorKey | null {
  if (!name.trim()) return 'nicknameEmpty';
  if (lengthLimit(name, NICKNAME_MAX_PROFILE).over) return 'nicknameTooLong';
  return null;
}

interface PickedAvatar {
  blob: Blob;
  previewUrl: string;
}

export function useProfileEditor(onDone: () => void) {
  const { t } = useTranslation();
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const currentName = user?.userName ?? '';
  const [name, setName] = useState(currentName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<PickedAvatar | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(
    () => () => {
      if (avatar) URL.revokeObjectURL(avatar.previewUrl);
    },
    [avatar],
  );

  const nameChanged = name.trim() !== currentName;
  const changed = nameChanged || avatar !== null;
  // Shown while typing, not only on save: the counter turns red and Save waits.
  const nameTooLong = lengthLimit(name, NICKNAME_MAX_PROFILE).over;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset so picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setAvatarError(null);
    try {
      const blob = await cropAvatar(file);
      setAvatar({ blob, previewUrl: URL.createObjectURL(blob) });
    } catch (error) {
      if (!(error instanceof AvatarRuleError)) throw error;
      setAvatar(null);
      setAvatarError(t(`errors.${error.key}`));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed || saving) return;
    const nameKey = nameChanged ? checkNickname(name) : null;
    if (nameKey) {
      setNameError(t(`errors.${nameKey}`, { max: NICKNAME_MAX_PROFILE }));
      return;
    }
    setSaving(true);
    const tasks: Promise<boolean>[] = [];
    if (nameChanged) {
      const username = name.trim();
      tasks.push(
        userApi.updateUserInfo(username, { silent: true }).then(
          () => {
            localStorage.setItem(StorageKeys.nickname, username);
            localStorage.setItem(StorageKeys.userName, username);
            // The running-meetings list shows the host's name.
            void queryClient.invalidateQueries({ queryKey: ['meetings'] });
            return true;
          },
          (error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            setNameError(error.message);
            return false;
          },
        ),
      );
    }
    if (avatar) {
      tasks.push(
        userApi.changeAvatar(avatar.blob, 'avatar.png', { silent: true }).then(
          ({ url }) => {
            localStorage.setItem(StorageKeys.avatar, url);
            setAvatar(null);
            return true;
          },
          (error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            setAvatar(null);
            setAvatarError(error.message);
            return false;
          },
        ),
      );
    }
    const results = await Promise.all(tasks);
    await refreshUser();
    setSaving(false);
    if (results.every(Boolean)) {
      toast.success(t('profile.saved'));
      onDone();
    }
  }

  return {
    saving,
    canSave: changed && !saving && !nameTooLong,
    previewUrl: avatar?.previewUrl ?? user?.avatar ?? null,
    displayName: name.trim() || currentName,
    formProps: { onSubmit, noValidate: true },
    nameProps: {
      name: 'username',
      value: name,
      limit: NICKNAME_MAX_PROFILE,
      autoComplete: 'nickname',
      error:
        nameError ??
        (nameTooLong ? t('errors.nicknameTooLong', { max: NICKNAME_MAX_PROFILE }) : null),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setName(event.target.value);
        setNameError(null);
      },
    },
    fileProps: {
      name: 'avatar',
      type: 'file' as const,
      accept: AVATAR_ACCEPT,
      onChange: (event: ChangeEvent<HTMLInputElement>) => void onPick(event),
    },
    avatarError,
  };
}
