import { RecordingsEmpty } from '../features/recordings/RecordingsEmpty';

export default RecordingsEmpty;
