export * from './permissions';
export * from './passwords';
