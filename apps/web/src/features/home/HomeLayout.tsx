/**
 * The Home shell: header (with the calendar banner), sidebar, the section's page, the message
 * panel and the dialogs.
 */
import { Outlet } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { SubscriptionDialog } from '../billing/SubscriptionDialog';
import { openUpgrade } from '../billing/upgrade-events';
import { MessageCenterPanel } from '../messages/MessageCenterPanel';
import { useMessageBell } from '../messages/useMessageBell';
import { ProfileDialog } from '../profile/ProfileDialog';
import { AboutDialog } from './AboutDialog';
import { CalendarBanner } from './CalendarBanner';
import { FeedbackDialog } from './FeedbackDialog';
import { IntegrationsDialog } from './IntegrationsDialog';
import { accountOf, useSeenFlag } from './seen-flags';
import { HomeHeader } from './HomeHeader';
import { HomeSidebar } from './HomeSidebar';
import { useHomeShell } from './useHomeShell';
import './home.css';

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
          {shell.messagesOpen && <MessageCenterPanel onClose={shell.closeMessages} />}
        </main>
      </div>
      {shell.dialog === 'profile' && <ProfileDialog onClose={shell.closeDialog} />}
      {shell.dialog === 'about' && <AboutDialog onClose={shell.closeDialog} />}
      {shell.dialog === 'subscription' && <SubscriptionDialog onClose={shell.closeDialog} />}
      {shell.dialog === 'feedback' && <FeedbackDialog onClose={shell.closeDialog} />}
      {shell.dialog === 'integrations' && (
        <IntegrationsDialog onClose={shell.closeDialog} onViewed={markIntegrationsSeen} />
      )}
    </div>
  );
}
