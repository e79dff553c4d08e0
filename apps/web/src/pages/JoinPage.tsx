import { JoinScreen } from '../features/meetings/JoinScreen';

export default JoinScreen;
