// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { SettingCreate } from './SettingCreate';
export { SettingEdit } from './SettingEdit';
export { SettingList } from './SettingList';
export { SettingShow } from './SettingShow';
