import { RecordScreen } from '../features/recordings/RecordScreen';

export default RecordScreen;
