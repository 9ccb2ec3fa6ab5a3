export * from './messages.ts';
export * from './permissions.ts';
export * from './auth-schemas.ts';
export * from './paths.ts';
export * from './cart.ts';
export * from './cart-schema.ts';
export * from './catalog.ts';
export * from './search-schema.ts';
