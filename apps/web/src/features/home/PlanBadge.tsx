/** "Basic" or "Pro" next to the user's name. */
import { useTranslation } from '../../i18n/useTranslation';
import type { SelfInfo } from '@meet/shared';
import type { CachedProfile } from '../auth/auth-store';
import { planOf } from './user-plan';

export function PlanBadge({ user }: { user: SelfInfo | CachedProfile | null }) {
  const { t } = useTranslation();
  const plan = planOf(user);
  if (plan === 'unknown') return null;
  return (
    <span className={plan === 'pro' ? 'badge badge--pro' : 'badge'} data-testid="plan-badge">
      {t(plan === 'pro' ? 'home.badgePro' : 'home.badgeBasic')}
    </span>
  );
}
