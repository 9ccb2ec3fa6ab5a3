export * from './api/admin-api.ts';
export * from './api/use-admin-orders.ts';
export * from './components/list-kit.tsx';
export { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
export { Badge } from '../../components/ui/badge.tsx';
export { OrderLimitsControl } from './components/order-limits-control.tsx';
export * from './api/use-fiscal-queue.ts';
export * from './api/use-unmatched-pix.ts';
export { CampaignQueue } from './components/campaign-queue.tsx';
