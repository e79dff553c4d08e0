import { ScanApproval } from '../features/auth/ScanApproval';

export default ScanApproval;
