import { BindingScreen } from '../features/auth/BindingScreen';

export default BindingScreen;
