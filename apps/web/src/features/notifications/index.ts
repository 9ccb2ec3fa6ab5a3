export * from './api.ts';
export { whenLabel } from './time.ts';
