import { MagicScreen } from '../features/magic/MagicScreen';

export default MagicScreen;
