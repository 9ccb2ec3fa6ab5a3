export * from './api/use-proposals.ts';
export { ProposalForm, type LineDraft } from './components/proposal-form.tsx';
export { ProposalStateBadge, ProposalView } from './components/proposal-view.tsx';
export {
  NegotiationHistory,
  ProposalRequestSummary,
  centsToReais,
  reaisToCents,
} from './components/negotiation.tsx';
export { AnswerOffer } from './components/answer-offer.tsx';
export { RequestProposalDialog } from './components/request-proposal.tsx';
export { AnswerRequestForm } from './components/answer-request.tsx';
