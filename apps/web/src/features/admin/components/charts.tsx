import { formatCompactMoney, formatMoney } from '@urbana/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** "2026-11-21" → "21/11"; "2026-11" → "11/2026". */
const shortDay = (value: string) => {
  const [y, m, d] = value.split('-');
  return d ? `${d}/${m}` : `${m}/${y}`;
};

/** A tick step of 1, 2, 2.5 or 5 × 10ⁿ centavos, never below R$ 25. */
function niceStep(rough: number): number {
  if (rough <= 2500) return 2500;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/**
 * The revenue axis in whole reais, from zero, in four steps: a month without revenue reads R$ 0 to
 * R$ 100 (recharts' own scale would label 0 to 4 centavos), a busy one ends on a round figure
 * above its largest day.
 */
export function revenueAxis(values: number[]): { domain: [number, number]; ticks: number[] } {
  const step = niceStep(Math.max(0, ...values) / 4);
  return { domain: [0, step * 4], ticks: [0, step, step * 2, step * 3, step * 4] };
}

/**
 * Charts of the admin area. recharts is imported only here, and only admin route modules import this
 * file, so it stays out of the public pages' bundle.
 */
export function RevenueLineChart({
  data,
  label,
}: {
  data: Array<{ day: string; revenue: number }>;
  label: string;
}) {
  return (
    <figure aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            tick={{ fontSize: 12, fill: '#475569' }}
            minTickGap={16}
          />
          <YAxis
            {...revenueAxis(data.map((d) => d.revenue))}
            tickFormatter={formatCompactMoney}
            tick={{ fontSize: 12, fill: '#475569' }}
            width={72}
          />
          <Tooltip
            formatter={(value) => [formatMoney(Number(value)), 'Receita']}
            labelFormatter={(value) => shortDay(String(value))}
          />
          <Line type="monotone" dataKey="revenue" stroke="#0f766e" strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function RevenueBarChart({
  data,
  label,
}: {
  data: Array<{ name: string; revenue: number }>;
  label: string;
}) {
  return (
    <figure aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="name"
            tick={{ fontSize: 12, fill: '#475569' }}
            interval={0}
            tickFormatter={(v: string) => (v.length > 14 ? `${v.slice(0, 13)}…` : v)}
          />
          <YAxis
            {...revenueAxis(data.map((d) => d.revenue))}
            tickFormatter={formatCompactMoney}
            tick={{ fontSize: 12, fill: '#475569' }}
            width={72}
          />
          <Tooltip formatter={(value) => [formatMoney(Number(value)), 'Receita']} />
          <Bar dataKey="revenue" fill="#0f766e" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
