/**
 * What a user's plan lets them do, as of a moment: Pro only while their paid time lasts
 * (`proUntil`, set from the subscription's state), whatever the stored userType says. Recording
 * and storage checks read `entitlementsOf`; Self info reads `billingView`.
 */
import {
  PAY_TYPE_WEB,
  PLAN_ENTITLEMENTS,
  USER_TYPE_BASIC,
  USER_TYPE_PRO,
  type Entitlements,
  type Plan,
} from '@meet/shared';
import type { UserRow } from '../db/schema/index.js';

type PlanFields = Pick<UserRow, 'userType' | 'payType' | 'expiredTime' | 'proUntil'>;

export function planOf(user: PlanFields, now: number): Plan {
  return user.userType === USER_TYPE_PRO && user.proUntil > now ? 'pro' : 'basic';
}

export function entitlementsOf(user: PlanFields, now: number): Entitlements {
  return PLAN_ENTITLEMENTS[planOf(user, now)];
}

/** userType, payType and expiredTime as Self info shows them (SPEC.md section 3). */
export function billingView(
  user: PlanFields,
  now: number,
): { userType: number; payType: number; expiredTime: number } {
  if (planOf(user, now) === 'pro') {
    return { userType: USER_TYPE_PRO, payType: PAY_TYPE_WEB, expiredTime: user.expiredTime };
  }
  // Pro that ran out before the periodic check wrote it down is basic already.
  const lapsed = user.userType === USER_TYPE_PRO;
  return {
    userType: lapsed ? USER_TYPE_BASIC : user.userType,
    payType: lapsed ? 0 : user.payType,
    expiredTime: user.expiredTime,
  };
}
