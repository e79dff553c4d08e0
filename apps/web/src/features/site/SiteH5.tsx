/**
 * The mobile landing page. Meetings run in desktop Chrome or Edge, so a phone visitor gets what
 * they can do here: with an invite (query conf_id, from /i/{id} on a phone) the labelled meeting
 * ID, copying the ID or the invite link to open on a computer, and the mobile app when the
 * server names one. Test hooks: `site-h5`, `h5-meeting-id`, `h5-open-app`.
 */
import { useTranslation } from '../../app/useTranslation';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { useCopy } from '../../ui/useCopy';
import { inviteLink } from '../meetings/invitation';
import {
  formatConferenceId,
  isWellFormedConferenceId,
  normalizeConferenceId,
} from '../meetings/join-session';
import { useMobileAppUrl } from '../mobile-app/useMobileAppUrl';
import './site.css';

function OpenAppLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <a className="btn btn--primary btn--block" href={url} data-testid="h5-open-app">
      {t('pages.h5OpenApp')}
    </a>
  );
}

export function SiteH5() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const appUrl = useMobileAppUrl();
  const copy = useCopy();
  const raw = normalizeConferenceId(params.get('conf_id') ?? '');
  const conferenceId = isWellFormedConferenceId(raw) ? raw : null;

  return (
    <main className="h5">
      <section className="h5__card" aria-labelledby="h5-title" data-testid="site-h5">
        <Logo label={t('common.appName')} />
        {conferenceId ? (
          <>
            <h1 id="h5-title" className="h5__title">
              {t('pages.h5Invited')}
            </h1>
            <p className="h5__id" data-testid="h5-meeting-id">
              <span className="h5__id-label">{t('pages.h5MeetingId')}</span>{' '}
              <span className="h5__id-value">{formatConferenceId(conferenceId)}</span>
            </p>
            <p className="h5__text">{t('pages.h5JoinOnComputer')}</p>
            <div className="h5__actions">
              <Button block onClick={() => void copy(inviteLink(conferenceId))}>
                {t('pages.h5CopyLink')}
              </Button>
              <Button
                block
                variant="secondary"
                onClick={() => void copy(formatConferenceId(conferenceId))}
              >
                {t('pages.h5CopyId')}
              </Button>
            </div>
            {appUrl && (
              <div className="h5__app">
                <p className="h5__text">{t('pages.h5AppHint')}</p>
                <OpenAppLink url={appUrl} />
              </div>
            )}
          </>
        ) : (
          <>
            <h1 id="h5-title" className="h5__title">
              {t('pages.h5Title')}
            </h1>
            <p className="h5__text">{t('pages.h5Body')}</p>
            {appUrl && (
              <div className="h5__app">
                <p className="h5__text">{t('pages.h5AppHint')}</p>
                <OpenAppLink url={appUrl} />
              </div>
            )}
          </>
        )}
      </section>
    </main>
  );
}
