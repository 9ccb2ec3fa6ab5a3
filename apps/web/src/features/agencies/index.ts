export * from './api.ts';
export { AdvertiserFilter, AdvertiserPicker, useIsAgency } from './advertiser-picker.tsx';
export { CartAdvertiserPicker, useCartAdvertiser, useSaveCartAdvertiser } from './cart-advertiser.tsx';
