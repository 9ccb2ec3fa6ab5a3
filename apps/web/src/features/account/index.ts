export * from './api.ts';
export { LegalPage, formatTermsVersion } from './legal-page.tsx';
export { ProfileCard, EmailCard, PasswordCard } from './settings-cards.tsx';
export { SessionsCard, PreferencesCard } from './sessions-card.tsx';
export { TwoFactorCard } from './two-factor-card.tsx';
export { DataCard } from './data-card.tsx';
export { TermsGate } from './terms-gate.tsx';
