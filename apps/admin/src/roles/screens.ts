// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { RoleCreate } from './RoleCreate';
export { RoleEdit } from './RoleEdit';
export { RoleList } from './RoleList';
export { RoleShow } from './RoleShow';
