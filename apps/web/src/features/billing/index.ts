export * from './api.ts';
export { InvoiceStatusBadge } from './invoice-status-badge.tsx';
export { InvoicePdfButton } from './invoice-pdf-button.tsx';
export { NfseLinks, nfsePdfUrl, nfseXmlUrl } from './nfse-links.tsx';
