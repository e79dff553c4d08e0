/** Plan facts about the signed-in user, read from Self info (SPEC.md section 3). */
import { USER_TYPE_BASIC, type SelfInfo } from '@meet/shared';
import type { CachedProfile } from '../auth/auth-store';

export type Plan = 'basic' | 'pro' | 'unknown';

export function planOf(user: SelfInfo | CachedProfile | null): Plan {
  if (!user || !('userType' in user)) return 'unknown';
  return user.userType <= USER_TYPE_BASIC ? 'basic' : 'pro';
}

/** Basic rights: user type 0 or 1 on a real (non-visitor) account. */
export function isBasicUser(user: SelfInfo | CachedProfile | null): boolean {
  return planOf(user) === 'basic' && !(user && 'isVisitor' in user && user.isVisitor);
}
