export * from './api.ts';
export { AudiencePicker } from './audience-picker.tsx';
