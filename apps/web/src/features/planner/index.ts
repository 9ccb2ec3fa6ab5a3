export { usePlanner } from './api.ts';
export { apiParams, formFromParams, paramsFromForm, type PlannerForm } from './planner-params.ts';
export { PlannerFormCard } from './components/planner-form.tsx';
export { PlanView } from './components/plan-view.tsx';
