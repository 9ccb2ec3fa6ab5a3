export * from './api/use-proposals.ts';
export { ProposalForm, type LineDraft } from './components/proposal-form.tsx';
export { ProposalStateBadge, ProposalView } from './components/proposal-view.tsx';
