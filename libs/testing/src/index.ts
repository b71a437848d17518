export * from './eventually';
export * from './redis-process';
export * from './smtp-sink';
export * from './test-config';
export * from './test-database';
export * from './users';
export * from './browser';
export * from './tcp-proxy';
