import { MeetingsHome } from '../features/meetings/MeetingsHome';

export default MeetingsHome;
