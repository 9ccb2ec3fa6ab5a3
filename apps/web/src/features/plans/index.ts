export * from './api/use-plans.ts';
export { PlanLines, PlanTotals } from './components/plan-lines.tsx';
export { planLineToCart, splitForBooking } from './components/book-plan.ts';
export { SavePlanDialog } from './components/save-plan-dialog.tsx';
