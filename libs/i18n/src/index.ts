export * from './messages';
export * from './translate';
export * from './format';
