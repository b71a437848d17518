export * from './permissions';
export * from './passwords';
export * from './password-checks';
