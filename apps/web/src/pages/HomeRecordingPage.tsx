import { RecordingsHome } from '../features/recordings/RecordingsHome';

export default RecordingsHome;
