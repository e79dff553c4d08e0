import { HomeLayout } from '../features/home/HomeLayout';

export default HomeLayout;
