import { MeetingsEmpty } from '../features/meetings/MeetingsEmpty';

export default MeetingsEmpty;
