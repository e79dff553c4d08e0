/** Home › Meetings: start, schedule or join; upcoming meetings by day; the finished history. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { CalendarIcon, KeyboardIcon, VideoIcon } from '../../ui/icons';
import { JoinOutcomes } from './JoinOutcomes';
import { MeetingGroups } from './MeetingGroups';
import { TimezoneSelect } from './TimezoneSelect';
import { useMeetingsHome } from './useMeetingsHome';
import './meetings.css';

// Dialogs load on first use so Home's first screen stays small (the QR encoder especially).
const ReservationDialog = lazy(() => import('./ReservationDialog'));
const ShareDialog = lazy(() => import('./ShareDialog'));

export function MeetingsHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useMeetingsHome();
  const { dialog } = home;
  const loading = home.upcomingLoading || home.finishedLoading;
  const empty = !loading && home.upcoming.length === 0 && home.finished.length === 0;
  const listProps = { now: home.now, timezone: home.timezone, userId: home.userId };
  return (
    <div className="meetings">
      <div className="meetings__toolbar">
        <div className="meetings__actions">
          <Button onClick={home.startNow} loading={home.starting}>
            <VideoIcon size={18} />
            {t('home.newMeeting')}
          </Button>
          <Button variant="secondary" onClick={home.schedule}>
            <CalendarIcon size={18} />
            {t('meetings.schedule')}
          </Button>
          <Button variant="secondary" onClick={() => void navigate('/join')}>
            <KeyboardIcon size={18} />
            {t('home.joinMeeting')}
          </Button>
        </div>
        <label className="meetings__zone">
          <span>{t('meetings.timezone')}</span>
          <TimezoneSelect
            name="listTimezone"
            className="field__input field__select"
            value={home.timezone}
            onChange={(e) => home.setTimezone(e.target.value)}
          />
        </label>
      </div>

      {loading && <p className="meetings__loading">{t('common.loading')}</p>}
      {empty && (
        <EmptyState
          icon={<VideoIcon size={44} />}
          title={t('home.meetingsEmptyTitle')}
          hint={t('home.meetingsEmptyHint')}
        />
      )}
      {!loading && !empty && (
        <>
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
