import { MeetingPlaceholder } from '../features/meetings/MeetingPlaceholder';

export default MeetingPlaceholder;
