/**
 * A page whose code could not be fetched (offline, or a new version deployed meanwhile) says so
 * and offers a reload, instead of leaving the screen blank. Test hook: `page-load-failed`.
 */
import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from '../ui/Button';

function Failed() {
  const { t } = useTranslation();
  return (
    <div className="page-load-failed" data-testid="page-load-failed" role="alert">
      <p>{t('common.pageLoadFailed')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}

export class PageLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render(): ReactNode {
    return this.state.failed ? <Failed /> : this.props.children;
  }
}
