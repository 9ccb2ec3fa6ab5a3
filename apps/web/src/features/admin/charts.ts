/** Charts of the admin area, imported lazily (recharts stays out of every other chunk). */
export { RevenueBarChart, RevenueLineChart } from './components/charts.tsx';
