import { EmailCodeFlow } from '../features/auth/EmailCodeFlow';

export default function ForgotPasswordPage() {
  return <EmailCodeFlow type="reset" />;
}
