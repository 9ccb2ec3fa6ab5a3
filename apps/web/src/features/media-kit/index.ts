export * from './api.ts';
export { BarChart } from './bar-chart.tsx';
