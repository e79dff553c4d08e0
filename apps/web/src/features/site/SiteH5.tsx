/**
 * The mobile landing page (SPEC.md's /h5), where the site's address leads a phone. This product
 * has no app of its own to send phones to, so the way in is this browser: "Join in this browser"
 * opens the invite (query conf_id, the meeting ID) or, without one, the join page. With an invite
 * it also shows the labelled meeting ID and copies the ID or link for another device; the mobile
 * app's link and QR code show when the server names one (MOBILE_APP_URL).
 * Test hooks: `site-h5`, `h5-meeting-id`, `join-in-browser`, `h5-open-app`.
 */
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
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

// The QR encoder loads only when there is an app to point at.
const MobileAppQr = lazy(() => import('../mobile-app/MobileAppQr'));

/** Where "Join in this browser" leads: the invite of that meeting, else the join page. */
export function joinInBrowserPath(conferenceId: string | null): string {
  return conferenceId ? `/i/${conferenceId}` : '/join';
}

function JoinInBrowser({ conferenceId }: { conferenceId: string | null }) {
  const { t } = useTranslation();
  return (
    <Link
      className="btn btn--primary btn--block h5__join"
      to={joinInBrowserPath(conferenceId)}
      data-testid="join-in-browser"
    >
      {t('pages.h5JoinInBrowser')}
    </Link>
  );
}

function MobileApp({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className="h5__app">
      <p className="h5__text">{t('pages.h5AppHint')}</p>
      <a className="btn btn--secondary btn--block" href={url} data-testid="h5-open-app">
        {t('pages.h5OpenApp')}
      </a>
      <Suspense fallback={<div className="h5__qr-loading" />}>
        <MobileAppQr url={url} size={144} />
      </Suspense>
    </div>
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
            <p className="h5__text">{t('pages.h5InvitedBody')}</p>
            <JoinInBrowser conferenceId={conferenceId} />
            <div className="h5__other">
              <p className="h5__text">{t('pages.h5OtherDevice')}</p>
              <div className="h5__actions">
                <Button
                  block
                  variant="secondary"
                  onClick={() => void copy(inviteLink(conferenceId))}
                >
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
            </div>
          </>
        ) : (
          <>
            <h1 id="h5-title" className="h5__title">
              {t('pages.h5Title')}
            </h1>
            <p className="h5__text">{t('pages.h5Body')}</p>
            <JoinInBrowser conferenceId={null} />
            <Link className="btn btn--text btn--block h5__signin" to="/signin">
              {t('pages.h5SignIn')}
            </Link>
          </>
        )}
        {appUrl && <MobileApp url={appUrl} />}
      </section>
    </main>
  );
}
