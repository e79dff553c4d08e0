/**
 * The signed-in state kept in localStorage (token, login type, cached profile fields), exposed as
 * a tiny external store so the API client (outside React) and components share one source.
 * Another tab changing these keys reaches us through the `storage` event.
 */
import { DEVICE_ID_LENGTH, type SelfInfo } from '@meet/shared';

export const StorageKeys = {
  token: 'token',
  loginType: 'loginType',
  deviceId: 'deviceId',
  uuid: 'uuid',
  avatar: 'avatar',
  nickname: 'nickname',
  userName: 'userName',
  email: 'email',
  /** The signed-in user's id with the token it belongs to (JSON), see `cachedUserId`. */
  userId: 'userId',
  meetingRoomReload: 'meetingRoomReload',
  /** The zone Home's meeting lists are shown in. */
  meetingsTimezone: 'meetingsTimezone',
} as const;

/** How the user signed in (SPEC.md section 6: phone, email, third-party, visitor, QR scan). */
export type LoginType = 'visitor' | 'email' | 'phone' | 'google' | 'scan';
const LOGIN_TYPES: readonly LoginType[] = ['visitor', 'email', 'phone', 'google', 'scan'];

export interface AuthSnapshot {
  token: string | null;
  loginType: LoginType | null;
}

/** Stored profile fields, shown before getUserInfo answers. */
export interface CachedProfile {
  userName: string;
  email: string;
  avatar: string;
}

const listeners = new Set<() => void>();
let snapshot: AuthSnapshot = read();

function read(): AuthSnapshot {
  const stored = localStorage.getItem(StorageKeys.loginType);
  return {
    token: localStorage.getItem(StorageKeys.token),
    loginType: LOGIN_TYPES.find((type) => type === stored) ?? null,
  };
}

function emit() {
  const next = read();
  if (next.token === snapshot.token && next.loginType === snapshot.loginType) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export const authStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): AuthSnapshot {
    return snapshot;
  },
  setToken(token: string) {
    localStorage.setItem(StorageKeys.token, token);
    emit();
  },
  signIn(token: string, loginType: LoginType, info?: SelfInfo) {
    localStorage.setItem(StorageKeys.token, token);
    localStorage.setItem(StorageKeys.loginType, loginType);
    if (info) {
      saveProfile(info);
      saveUserId(token, info.userId);
    }
    emit();
  },
  setLoginType(loginType: LoginType) {
    localStorage.setItem(StorageKeys.loginType, loginType);
    emit();
  },
  /** Clears token, login type and the cached user info (the uuid and device id stay). */
  clear() {
    for (const key of [
      StorageKeys.token,
      StorageKeys.loginType,
      StorageKeys.avatar,
      StorageKeys.nickname,
      StorageKeys.userName,
      StorageKeys.email,
      StorageKeys.userId,
    ]) {
      localStorage.removeItem(key);
    }
    emit();
  },
  /** Re-reads storage after another tab changed it. */
  refresh: emit,
};

export function saveProfile(info: Pick<SelfInfo, 'userName' | 'email' | 'avatar'>) {
  localStorage.setItem(StorageKeys.userName, info.userName);
  localStorage.setItem(StorageKeys.nickname, info.userName);
  localStorage.setItem(StorageKeys.email, info.email);
  localStorage.setItem(StorageKeys.avatar, info.avatar);
}

export function cachedProfile(): CachedProfile | null {
  const userName = localStorage.getItem(StorageKeys.userName);
  if (userName === null) return null;
  return {
    userName,
    email: localStorage.getItem(StorageKeys.email) ?? '',
    avatar: localStorage.getItem(StorageKeys.avatar) ?? '',
  };
}

/**
 * Who "I" am before getUserInfo answers (or while it cannot, offline): Home tells my meetings from
 * others' by this id. It is kept with the token it was learnt for, so a token set by another
 * sign-in never inherits an old account's id.
 */
export function saveUserId(token: string, userId: number) {
  localStorage.setItem(StorageKeys.userId, JSON.stringify({ token, userId }));
}

export function cachedUserId(token: string | null): number | null {
  if (!token) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(StorageKeys.userId) ?? 'null') as {
      token?: unknown;
      userId?: unknown;
    } | null;
    return stored?.token === token && typeof stored.userId === 'number' ? stored.userId : null;
  } catch {
    return null;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 18 random characters (SPEC.md section 9), from the platform's secure generator. */
export function randomId(length = DEVICE_ID_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The device's visitor uuid, created once and kept so the same visitor account comes back. */
export function visitorUuid(): string {
  let uuid = localStorage.getItem(StorageKeys.uuid);
  if (!uuid || uuid.length !== DEVICE_ID_LENGTH) {
    uuid = randomId();
    localStorage.setItem(StorageKeys.uuid, uuid);
  }
  return uuid;
}
