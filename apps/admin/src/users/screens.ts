// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { UserEdit } from './UserEdit';
export { UserList } from './UserList';
export { UserShow } from './UserShow';
