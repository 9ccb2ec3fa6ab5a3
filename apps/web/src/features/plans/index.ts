export * from './api/use-plans.ts';
export { PlanLines, PlanTotals } from './components/plan-lines.tsx';
export { useBookPlan } from './components/use-book-plan.ts';
export { SavePlanDialog } from './components/save-plan-dialog.tsx';
