export * from './api.ts';
export { InvoiceStatusBadge } from './invoice-status-badge.tsx';
