import {
  deliverySummary,
  formatDate,
  formatInteger,
  makeGoodLine,
  underDeliveryLabel,
  type CampaignReportFace,
} from '@urbana/shared';

const percentText = (p: number | null) => (p === null ? '—' : `${p}%`);

/**
 * A screen face's delivery (issue #43 item 5): per face of the booking and per day, the plays booked
 * against those the screen reported and the percentage; the under-delivery flag; a granted make-good.
 */
export function DeliveryView({ face }: { face: CampaignReportFace }) {
  const d = face.delivery;
  if (!d) return null;
  return (
    <section aria-label={`Exibições de ${face.product}`} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">
        Exibições contratadas × entregues: <span data-testid="entrega-total">{deliverySummary(d)}</span>
      </h3>
      {d.under_delivered ? (
        <p role="status" className="text-sm font-semibold text-red-700">
          {underDeliveryLabel(d.threshold_percent)}
        </p>
      ) : null}
      {face.make_good ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="reposicao">
          {makeGoodLine(face.make_good)}
          {face.make_good.note ? ` ${face.make_good.note}` : ''}
        </p>
      ) : null}
      {d.faces.map((f) => (
        <table key={f.tower_id} className="w-full text-sm">
          <caption className="text-left text-slate-600">
            {f.name}: {deliverySummary(f)}
          </caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th scope="col">Dia</th>
              <th scope="col" className="text-right">
                Contratadas
              </th>
              <th scope="col" className="text-right">
                Entregues
              </th>
              <th scope="col" className="text-right">
                %
              </th>
            </tr>
          </thead>
          <tbody>
            {f.days.map((day) => (
              <tr key={day.day} className="border-t border-slate-100">
                <th scope="row" className="font-normal">
                  <time dateTime={day.day}>{formatDate(day.day)}</time>
                </th>
                <td className="text-right">{formatInteger(day.booked)}</td>
                <td className="text-right">{formatInteger(day.delivered)}</td>
                <td
                  className={`text-right ${
                    day.percent !== null && day.percent < d.threshold_percent ? 'text-red-700' : ''
                  }`}
                >
                  {percentText(day.percent)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
