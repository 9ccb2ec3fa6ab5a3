export * from './api.ts';
export { AdvertiserPicker, useIsAgency } from './advertiser-picker.tsx';
export { CartAdvertiserPicker, useCartAdvertiser, useSaveCartAdvertiser } from './cart-advertiser.tsx';
