/** The Home shell: header, sidebar, the section's page, the message panel and the dialogs. */
import { Outlet } from 'react-router';
import { UpgradeDialog } from '../billing/UpgradeDialog';
import { MessageCenterPanel } from '../messages/MessageCenterPanel';
import { ProfileDialog } from '../profile/ProfileDialog';
import { AboutDialog } from './AboutDialog';
import { HomeHeader } from './HomeHeader';
import { HomeSidebar } from './HomeSidebar';
import { useHomeShell } from './useHomeShell';
import './home.css';

export function HomeLayout() {
  const shell = useHomeShell();
  return (
    <div className="home">
      <HomeHeader
        messagesOpen={shell.messagesOpen}
        onToggleMessages={shell.toggleMessages}
        hasUnread={false}
        onEditProfile={() => shell.openDialog('profile')}
        onAbout={() => shell.openDialog('about')}
        onUpgrade={() => shell.openDialog('upgrade')}
      />
      <div className="home__body">
        <HomeSidebar
          messagesOpen={shell.messagesOpen}
          onToggleMessages={shell.toggleMessages}
          onUpgrade={() => shell.openDialog('upgrade')}
        />
        <main className="home__main">
          <Outlet />
          {shell.messagesOpen && <MessageCenterPanel onClose={shell.closeMessages} />}
        </main>
      </div>
      {shell.dialog === 'profile' && <ProfileDialog onClose={shell.closeDialog} />}
      {shell.dialog === 'about' && <AboutDialog onClose={shell.closeDialog} />}
      {shell.dialog === 'upgrade' && <UpgradeDialog onClose={shell.closeDialog} />}
    </div>
  );
}
