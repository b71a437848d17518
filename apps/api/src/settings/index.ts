export { SettingsModule } from './settings.module';
