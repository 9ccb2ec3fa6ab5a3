export * from './api.ts';
export { OrderStatusBadge } from './status-badge.tsx';
