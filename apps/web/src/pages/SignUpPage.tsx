import { EmailCodeFlow } from '../features/auth/EmailCodeFlow';

export default function SignUpPage() {
  return <EmailCodeFlow type="register" />;
}
