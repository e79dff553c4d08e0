import { SigninForm } from '../features/auth/SigninForm';

export default SigninForm;
