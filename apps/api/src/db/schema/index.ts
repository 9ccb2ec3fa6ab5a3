export * from './accounts.ts';
export * from './catalog.ts';
export * from './cart.ts';
export * from './email.ts';
export * from './audit.ts';
export * from './orders.ts';
export * from './notifications.ts';
export * from './support.ts';
