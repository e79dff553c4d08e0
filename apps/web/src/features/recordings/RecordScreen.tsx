/**
 * /rec/{id} (SPEC.md section 2; no sign-in needed to open it): a header, then the recording, or
 * why it cannot be shown (missing, no access with the way to ask, a failure to load).
 * Test hooks: `record-page`, `record-loading`, `record-not-found`, `record-load-failed`, plus
 * those of RecordDetail and RecordNoAccess.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Link, useParams } from 'react-router';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { RecordIcon, WarningIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { RecordDetail } from './RecordDetail';
import { RecordNoAccess } from './RecordNoAccess';
import { useRecordPage } from './useRecordPage';
import './record-page.css';
import './recordings.css';

export function RecordScreen() {
  const { t } = useTranslation();
  const recordId = useParams().id ?? '';
  const page = useRecordPage(recordId);
  const { view } = page;
  const missing = recordId === '' || view.kind === 'notFound';
  return (
    <div className="record-page" data-testid="record-page">
      <header className="record-page__header">
        <Link
          to={page.realLogin ? '/home/meetings' : '/join'}
          className="record-page__logo"
          aria-label={t('home.logoLabel')}
        >
          <Logo label={t('common.appName')} />
        </Link>
        {page.realLogin && (
          <Link to="/home/recording" className="record-page__back">
            {t('recordings.page.allRecordings')}
          </Link>
        )}
      </header>
      <main className="record-page__main">
        {missing ? (
          <div className="record-state" data-testid="record-not-found">
            <EmptyState
              icon={<RecordIcon size={44} />}
              title={t('errors.recordNotFound')}
              hint={t('recordings.page.notFoundHint')}
            />
          </div>
        ) : view.kind === 'loading' ? (
          <p className="record-page__loading" data-testid="record-loading">
            {t('common.loading')}
          </p>
        ) : view.kind === 'error' ? (
          <div className="record-state" data-testid="record-load-failed">
            <EmptyState
              icon={<WarningIcon size={40} />}
              title={view.message || t('common.networkError')}
              actions={
                <Button variant="secondary" onClick={() => void page.refresh()}>
                  {t('recordings.list.retry')}
                </Button>
              }
            />
          </div>
        ) : view.kind === 'noAccess' ? (
          <RecordNoAccess
            teaser={view.teaser}
            state={page.applyState ?? 'apply'}
            applying={page.applying}
            onApply={(reason) => void page.apply(reason)}
          />
        ) : (
          <RecordDetail
            info={view.info}
            realLogin={page.realLogin}
            patch={page.patch}
            refresh={page.refresh}
            onScope={(scope) => void page.setShareScope(scope)}
          />
        )}
      </main>
    </div>
  );
}
