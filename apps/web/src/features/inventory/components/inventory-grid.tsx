import { Fragment } from 'react';
import { cellState, cellText, productTypeLabels, type InventoryCell } from '@urbana/shared';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '@urbana/shared';
import type { InventoryGridData } from '../api/use-inventory.ts';

export interface CellRef {
  tower: string;
  towerName: string;
  productId: string;
  productName: string;
  from: string;
  to: string;
  cell: InventoryCell;
}

/**
 * The cell as the grid shows it now: a dialog opened on a cell keeps telling its state after a
 * block, hold or release changes it (the grid is read again; the cell opened was a snapshot).
 */
export function latestCell(ref: CellRef, data: InventoryGridData): CellRef {
  const face = data.faces.find((f) => f.tower_id === ref.tower);
  const index = data.weeks.findIndex((w) => w.start === ref.from);
  const cell = index >= 0 ? face?.cells[index] : undefined;
  return cell ? { ...ref, cell } : ref;
}

const tones: Record<ReturnType<typeof cellState>, string> = {
  livre: 'bg-emerald-50 text-emerald-900 ring-emerald-200 hover:bg-emerald-100',
  parcial: 'bg-amber-50 text-amber-950 ring-amber-300 hover:bg-amber-100',
  esgotada: 'bg-red-100 text-red-900 ring-red-300 hover:bg-red-200',
  bloqueada:
    'bg-slate-200 text-slate-800 ring-slate-400 hover:bg-slate-300 bg-[repeating-linear-gradient(135deg,transparent,transparent_6px,rgba(15,23,42,0.08)_6px,rgba(15,23,42,0.08)_12px)]',
};

/** The legend: each colour said in words too (the cells carry their own accessible text). */
export function InventoryLegend() {
  const items: Array<[ReturnType<typeof cellState>, string]> = [
    ['livre', 'Livre: todas as vagas disponíveis'],
    ['parcial', 'Parcial: parte vendida ou reservada'],
    ['esgotada', 'Esgotada: sem vaga'],
    ['bloqueada', 'Bloqueada (manutenção)'],
  ];
  return (
    <ul aria-label="Legenda" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700">
      {items.map(([state, label]) => (
        <li key={state} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('inline-block h-4 w-6 rounded ring-1', tones[state])} />
          {label}
        </li>
      ))}
      <li className="text-slate-600">Cada célula mostra vagas livres / total (V vendidas, R reservadas).</li>
    </ul>
  );
}

/** Weekday-short date of a week's first day: "24/11". */
const dayMonth = (iso: string) => formatDate(iso).slice(0, 5);

/**
 * Faces (rows, grouped by product) by weeks (columns). The table scrolls sideways inside its own
 * focusable region; the face column stays put.
 */
export function InventoryGrid({
  data,
  onOpen,
}: {
  data: InventoryGridData;
  onOpen: (cell: CellRef) => void;
}) {
  const groups: Array<{ id: string; faces: InventoryGridData['faces'] }> = [];
  for (const face of data.faces) {
    const last = groups[groups.length - 1];
    if (last?.id === face.product_id) last.faces.push(face);
    else groups.push({ id: face.product_id, faces: [face] });
  }
  // The grid scrolls inside a box no taller than the screen, both ways, so that the row of weeks and
  // the column of faces stay in sight (sticky) over a catalogue of hundreds of faces.
  return (
    <div
      role="region"
      aria-label="Calendário de inventário (role para o lado para ver mais semanas)"
      tabIndex={0}
      className="relative max-h-[calc(100dvh-9rem)] overflow-auto rounded-xl border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          Vagas por face e semana: vendidas, reservadas, bloqueadas e livres. Abra uma célula para ver o que a
          ocupa.
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 top-0 z-30 min-w-40 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left text-xs font-semibold text-slate-700"
            >
              Face
            </th>
            {data.weeks.map((w) => (
              <th
                key={w.start}
                scope="col"
                className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50 px-1 py-2 text-center text-xs font-semibold text-slate-700"
              >
                <span className="sr-only">Semana de </span>
                {dayMonth(w.start)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const head = group.faces[0]!;
            return (
              <Fragment key={group.id}>
                <ProductHeadRow head={head} span={data.weeks.length + 1} />
                {group.faces.map((face) => (
                  <tr key={face.tower_id}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-1 text-left text-xs font-medium text-slate-800"
                    >
                      {face.tower_name}
                      <span className="block font-normal text-slate-500">
                        {face.slots} {face.slots === 1 ? 'vaga' : 'vagas'}
                      </span>
                    </th>
                    {face.cells.map((cell, i) => {
                      const week = data.weeks[i]!;
                      const state = cellState(cell);
                      return (
                        <td key={week.start} className="border-b border-slate-100 p-0.5">
                          <button
                            type="button"
                            data-cell-state={state}
                            aria-label={`${head.product_name}, ${face.tower_name}, semana de ${formatDate(week.start)}: ${cellText(cell)}`}
                            onClick={() =>
                              onOpen({
                                tower: face.tower_id,
                                towerName: face.tower_name,
                                productId: face.product_id,
                                productName: face.product_name,
                                from: week.start,
                                to: week.end,
                                cell,
                              })
                            }
                            className={cn(
                              'flex h-11 w-14 flex-col items-center justify-center rounded-md text-xs ring-1 ring-inset focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700',
                              tones[state],
                            )}
                          >
                            <span className="font-semibold">
                              {state === 'bloqueada' ? 'Bloq.' : `${cell.free}/${face.slots}`}
                            </span>
                            {cell.sold || cell.held ? (
                              <span aria-hidden="true" className="text-[10px] leading-none">
                                {cell.sold ? `${cell.sold}V` : ''}
                                {cell.sold && cell.held ? ' ' : ''}
                                {cell.held ? `${cell.held}R` : ''}
                              </span>
                            ) : null}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A product's row above its faces: name and type stay in the visible part of the box while the weeks scroll sideways. */
function ProductHeadRow({ head, span }: { head: InventoryGridData['faces'][number]; span: number }) {
  return (
    <tr>
      <th
        scope="colgroup"
        colSpan={span}
        className="border-b border-slate-200 bg-white px-3 pb-1 pt-3 text-left"
      >
        <span
          data-testid="inventario-produto"
          className="sticky left-3 flex max-w-[calc(100vw-4rem)] flex-wrap items-baseline gap-x-2 sm:max-w-[36rem]"
        >
          <span className="min-w-0 max-w-full truncate font-semibold text-slate-900">
            {head.product_name}
          </span>
          <span className="text-xs font-normal text-slate-600">
            {productTypeLabels[head.product_type]} · {head.city} – {head.state}
          </span>
        </span>
      </th>
    </tr>
  );
}
