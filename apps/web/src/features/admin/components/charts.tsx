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
          <YAxis tickFormatter={formatCompactMoney} tick={{ fontSize: 12, fill: '#475569' }} width={72} />
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
          <YAxis tickFormatter={formatCompactMoney} tick={{ fontSize: 12, fill: '#475569' }} width={72} />
          <Tooltip formatter={(value) => [formatMoney(Number(value)), 'Receita']} />
          <Bar dataKey="revenue" fill="#0f766e" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
