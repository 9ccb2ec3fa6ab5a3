export * from './api.ts';
export { AdvertiserPicker, useIsAgency } from './advertiser-picker.tsx';
