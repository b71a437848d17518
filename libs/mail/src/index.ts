export * from './mail-transport';
