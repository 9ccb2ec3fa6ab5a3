export * from './api.ts';
export { faq, searchFaq, type FaqEntry } from './faq.ts';
export { TicketMessages, TicketStatusBadge } from './ticket-parts.tsx';
export { ReplyForm } from './reply-form.tsx';
export { ContactForm } from './contact-form.tsx';
