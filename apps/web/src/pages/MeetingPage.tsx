import { useLocation } from 'react-router';
import { MeetingRoute } from '../features/meetings/MeetingRoute';

/** A new join of the same meeting (rejoin from the end screen) starts the page afresh. */
export default function MeetingPage() {
  const location = useLocation();
  return <MeetingRoute key={location.key} />;
}
