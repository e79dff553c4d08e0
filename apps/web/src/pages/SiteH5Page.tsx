import { SiteH5 } from '../features/site/SiteH5';

export default SiteH5;
