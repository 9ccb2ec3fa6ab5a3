export * from './api.ts';
export { OrderStatusBadge } from './status-badge.tsx';
export { AudienceSummary, LineCpm } from './audience-figures.tsx';
export { CartBar } from './cart-bar.tsx';
export { timeLeftText } from './time-left.ts';
export { InvoicedTerms, PixWindow } from './invoiced-terms.tsx';
export { PaymentPanel } from './payment/payment-panel.tsx';
export { RefundCard } from './refund-card.tsx';
export { InsertionOrderCard, insertionOrderPdfUrl } from './insertion-order.tsx';
