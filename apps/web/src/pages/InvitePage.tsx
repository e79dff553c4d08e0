import { InviteScreen } from '../features/meetings/InviteScreen';

export default InviteScreen;
