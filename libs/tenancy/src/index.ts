export * from './organization-slug';
