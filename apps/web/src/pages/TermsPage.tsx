import { LegalPage } from '../features/legal/LegalPage';

export default function TermsPage() {
  return <LegalPage kind="terms" />;
}
