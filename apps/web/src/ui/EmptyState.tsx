/** A centred picture, title, hint and optional actions for a list with nothing in it. */
import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  hint,
  actions,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <div className="empty-state__art" aria-hidden="true">
        {icon}
      </div>
      <h2 className="empty-state__title">{title}</h2>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {actions && <div className="empty-state__actions">{actions}</div>}
    </div>
  );
}
