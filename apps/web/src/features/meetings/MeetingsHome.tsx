/**
 * Home › Meetings: start, schedule or join (with the clock of the zone the lists are shown in);
 * upcoming meetings by day; the finished history. Side by side on a wide screen, stacked below.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { CalendarIcon, VideoIcon, WarningIcon } from '../../ui/icons';
import { JoinOutcomes } from './JoinOutcomes';
import { MeetingGroups } from './MeetingGroups';
import { QuickJoin } from './QuickJoin';
import { TimezonePicker } from './TimezonePicker';
import { useMeetingsHome } from './useMeetingsHome';
import { ZoneClock } from './ZoneClock';
import './meetings.css';

// Dialogs load on first use so Home's first screen stays small (the QR encoder especially).
const ReservationDialog = lazy(() => import('./ReservationDialog'));
const ShareDialog = lazy(() => import('./ShareDialog'));

export function MeetingsHome() {
  const { t } = useTranslation();
  const home = useMeetingsHome();
  const { dialog, view } = home;
  const retryButton = (
    <Button
      variant="secondary"
      size={view.kind === 'lists' ? 'small' : 'normal'}
      loading={home.retrying}
      onClick={home.retry}
      data-testid="meetings-retry"
    >
      {t('home.meetingsRetry')}
    </Button>
  );
  const listProps = { now: home.now, timezone: home.timezone, userId: home.userId };
  return (
    <div className="meetings">
      <div className="meetings__side" data-testid="meetings-side">
        <div className="meetings-card meetings-now">
          <ZoneClock timezone={home.timezone} />
          <div className="meetings-zone">
            <label className="meetings-card__label" htmlFor="home-timezone">
              {t('meetings.timezone')}
            </label>
            <TimezonePicker
              id="home-timezone"
              name="listTimezone"
              value={home.timezone}
              onChange={home.setTimezone}
            />
          </div>
        </div>
        <div className="meetings-card meetings-start">
          <Button onClick={home.startNow} loading={home.starting}>
            <VideoIcon size={18} />
            {t('home.newMeeting')}
          </Button>
          <Button variant="secondary" onClick={home.schedule}>
            <CalendarIcon size={18} />
            {t('meetings.schedule')}
          </Button>
        </div>
        <div className="meetings-card meetings-join">
          <QuickJoin joining={home.joiningById} onJoin={home.joinById} />
        </div>
      </div>

      <div className="meetings__lists" data-testid="meetings-lists">
        {view.kind === 'loading' && <p className="meetings__loading">{t('common.loading')}</p>}
        {view.kind === 'failed' && (
          <div role="alert" data-testid="meetings-load-failed">
            <EmptyState
              icon={<WarningIcon size={40} />}
              title={t('home.meetingsLoadFailed')}
              hint={t('home.meetingsLoadFailedHint')}
              actions={retryButton}
            />
          </div>
        )}
        {view.kind === 'empty' && (
          <EmptyState
            icon={<VideoIcon size={44} />}
            title={t('home.meetingsEmptyTitle')}
            hint={t('home.meetingsEmptyHint')}
          />
        )}
        {view.kind === 'lists' && (
          <>
            {view.stale && (
              <div className="meetings__stale" role="alert" data-testid="meetings-stale">
                <WarningIcon size={18} />
                <span>{t('home.meetingsRefreshFailed')}</span>
                {retryButton}
              </div>
            )}
            <section className="meetings__section" aria-labelledby="upcoming-title">
              <h1 id="upcoming-title" className="meetings__heading">
                {t('meetings.upcoming')}
              </h1>
              {home.upcoming.length === 0 ? (
                <p className="meetings__none">{t('meetings.noUpcoming')}</p>
              ) : (
                <MeetingGroups
                  items={home.upcoming}
                  order="asc"
                  joiningId={home.joiningId}
                  onJoin={home.join}
                  onShare={home.share}
                  onEdit={home.edit}
                  onDelete={home.askDelete}
                  {...listProps}
                />
              )}
            </section>
            <section
              className="meetings__section"
              aria-labelledby="finished-title"
              data-testid="finished-list"
            >
              <h1 id="finished-title" className="meetings__heading">
                {t('meetings.finished')}
              </h1>
              {home.finished.length === 0 ? (
                <p className="meetings__none">{t('meetings.noFinished')}</p>
              ) : (
                <MeetingGroups items={home.finished} order="desc" {...listProps} />
              )}
              {home.hasMoreFinished && (
                <div className="meetings__more">
                  <Button variant="secondary" loading={home.loadingMore} onClick={home.loadMore}>
                    {t('meetings.loadMore')}
                  </Button>
                </div>
              )}
            </section>
          </>
        )}
      </div>

      <Suspense fallback={null}>
        {dialog?.kind === 'reserve' && (
          <ReservationDialog
            editing={dialog.editing}
            timezone={home.timezone}
            now={home.now}
            defaultTopic={
              home.userName ? t('reservation.defaultTopic', { name: home.userName }) : ''
            }
            onClose={home.closeDialog}
          />
        )}
        {dialog?.kind === 'share' && (
          <ShareDialog target={dialog.target} inviter={home.userName} onClose={home.closeDialog} />
        )}
      </Suspense>
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('reservation.deleteTitle')}
          confirmLabel={t('meetings.delete')}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          danger
          busy={home.deleting}
          onConfirm={() => home.confirmDelete(dialog.item)}
          onClose={home.closeDialog}
        >
          {t('reservation.deleteBody', { topic: dialog.item.meetingTitle })}
        </ConfirmDialog>
      )}
      <JoinOutcomes flow={home.flow} />
    </div>
  );
}
