import { LegalPage } from '../features/legal/LegalPage';

export default function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
