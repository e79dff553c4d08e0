/**
 * The Home shell: header (with the calendar banner), sidebar, the section's page, the message
 * panel and the dialogs. The panel and the dialogs are chunks of their own, fetched when opened.
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { openUpgrade } from '../billing/upgrade-events';
import { useMessageBell } from '../messages/useMessageBell';
import { CalendarBanner } from './CalendarBanner';
import { accountOf, useSeenFlag } from './seen-flags';
import { HomeHeader } from './HomeHeader';
import { HomeSidebar } from './HomeSidebar';
import { useHomeShell } from './useHomeShell';
import './home.css';

const MessageCenterPanel = lazy(() =>
  import('../messages/MessageCenterPanel').then((m) => ({ default: m.MessageCenterPanel })),
);
const ProfileDialog = lazy(() =>
  import('../profile/ProfileDialog').then((m) => ({ default: m.ProfileDialog })),
);
const AboutDialog = lazy(() => import('./AboutDialog').then((m) => ({ default: m.AboutDialog })));
const SubscriptionDialog = lazy(() =>
  import('../billing/SubscriptionDialog').then((m) => ({ default: m.SubscriptionDialog })),
);
const CreditsDialog = lazy(() =>
  import('../credits/CreditsDialog').then((m) => ({ default: m.CreditsDialog })),
);
const FeedbackDialog = lazy(() =>
  import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })),
);
const IntegrationsDialog = lazy(() =>
  import('./IntegrationsDialog').then((m) => ({ default: m.IntegrationsDialog })),
);

export function HomeLayout() {
  const shell = useHomeShell();
  const bell = useMessageBell();
  const account = accountOf(useAuth().user);
  const [integrationsSeen, markIntegrationsSeen] = useSeenFlag('integrationsSeen', account);
  const [bannerDismissed, dismissBanner] = useSeenFlag('calendarBannerDismissed', account);
  return (
    <div className="home">
      <HomeHeader
        messagesOpen={shell.messagesOpen}
        onToggleMessages={shell.toggleMessages}
        hasUnread={bell.hasUnread}
        onEditProfile={() => shell.openDialog('profile')}
        onAbout={() => shell.openDialog('about')}
        onUpgrade={() => openUpgrade({ channel: 'avatarMenu', newTab: false })}
        onSubscription={() => shell.openDialog('subscription')}
        onCredits={() => shell.openDialog('credits')}
        onFeedback={() => shell.openDialog('feedback')}
        onIntegrations={() => shell.openDialog('integrations')}
        integrationsUnseen={!integrationsSeen}
        banner={
          // Once Integrations has been seen the banner has done its work.
          !bannerDismissed &&
          !integrationsSeen && (
            <CalendarBanner
              onOpen={() => shell.openDialog('integrations')}
              onDismiss={dismissBanner}
            />
          )
        }
      />
      <div className="home__body">
        <HomeSidebar
          messagesOpen={shell.messagesOpen}
          onToggleMessages={shell.toggleMessages}
          onUpgrade={() => openUpgrade({ channel: 'sidebar', newTab: false })}
        />
        <main className="home__main">
          <Outlet />
          {shell.messagesOpen && (
            <Suspense fallback={null}>
              <MessageCenterPanel onClose={shell.closeMessages} />
            </Suspense>
          )}
        </main>
      </div>
      <Suspense fallback={null}>
        {shell.dialog === 'profile' && <ProfileDialog onClose={shell.closeDialog} />}
        {shell.dialog === 'about' && <AboutDialog onClose={shell.closeDialog} />}
        {shell.dialog === 'subscription' && <SubscriptionDialog onClose={shell.closeDialog} />}
        {shell.dialog === 'credits' && <CreditsDialog onClose={shell.closeDialog} />}
        {shell.dialog === 'feedback' && <FeedbackDialog onClose={shell.closeDialog} />}
        {shell.dialog === 'integrations' && (
          <IntegrationsDialog onClose={shell.closeDialog} onViewed={markIntegrationsSeen} />
        )}
      </Suspense>
    </div>
  );
}
