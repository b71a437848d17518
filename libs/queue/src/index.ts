export * from './event-outbox';
export * from './job-handler';
export * from './job-options';
export * from './jobs';
export * from './queue-names';
export * from './redis-connection';
export * from './queue.module';
