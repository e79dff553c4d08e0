import { MeetingRoute } from '../features/meetings/MeetingRoute';

export default MeetingRoute;
