export { OrganizationModule } from './organization.module';
