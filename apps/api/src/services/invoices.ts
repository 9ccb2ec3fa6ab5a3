import PDFDocument from 'pdfkit';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  formatBRL,
  formatDocument,
  invoiceStatusLabels,
  paymentMethodLabels,
  productTypeLabels,
  todayInBrasilia,
  type InvoiceStatus,
  type PaymentMethod,
  type ProductType,
  formatDateBR,
} from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { invoices, orderItems, orderItemTowers, orders, products } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { emailTemplates } from './email-templates.ts';
import { notify } from './notifications.ts';
import type { OrderDeps } from './orders.ts';

/** The issuer printed on every invoice. */
export const URBANA_COMPANY = {
  name: 'Urbana Mídia Exterior Ltda.',
  document: '34567891000184',
  address: 'SCS Quadra 2, Bloco C, Sala 401 — Asa Sul, Brasília – DF, CEP 70302-000',
  email: 'financeiro@urbana.com.br',
};

export const INVOICE_NOT_FOUND = 'Fatura não encontrada.';

function toItem(row: typeof invoices.$inferSelect & { order_code: string; order_status: string }) {
  return {
    id: row.id,
    number: row.number,
    order_id: row.order_id,
    order_code: row.order_code,
    order_status: row.order_status,
    amount: row.amount,
    discount: row.discount,
    total: row.total,
    due_date: row.due_date,
    status: row.status,
    payment_method: row.payment_method,
    paid_at: row.paid_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
export type InvoiceItem = ReturnType<typeof toItem>;

/** The user's invoices, newest first, optionally of one status and one year. */
export async function listInvoices(
  db: Db,
  userId: string,
  filters: { status?: InvoiceStatus | undefined; year?: number | undefined } = {},
) {
  const rows = await db
    .select({ invoice: invoices, order_code: orders.code, order_status: orders.status })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .where(
      and(
        eq(invoices.user_id, userId),
        filters.status ? eq(invoices.status, filters.status) : undefined,
        filters.year ? eq(invoices.year, filters.year) : undefined,
      ),
    )
    .orderBy(desc(invoices.year), desc(invoices.seq))
    .limit(200);
  return rows.map((r) => toItem({ ...r.invoice, order_code: r.order_code, order_status: r.order_status }));
}

/** Paid this year (Brasília calendar), what is still open (pending and overdue), and the years there are. */
export async function invoiceSummary(db: Db, userId: string) {
  const year = Number(todayInBrasilia().slice(0, 4));
  const [row] = await db
    .select({
      paid_year: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = 'paga' and extract(year from ${invoices.paid_at} at time zone 'America/Sao_Paulo') = ${year}), 0)`,
      pending: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = 'pendente'), 0)`,
      pending_count: sql<string>`count(*) filter (where ${invoices.status} = 'pendente')`,
      overdue: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = 'vencida'), 0)`,
      overdue_count: sql<string>`count(*) filter (where ${invoices.status} = 'vencida')`,
      years: sql<number[] | null>`array_agg(distinct ${invoices.year})`,
    })
    .from(invoices)
    .where(eq(invoices.user_id, userId));
  return {
    year,
    paid_this_year: Number(row?.paid_year ?? 0),
    pending: Number(row?.pending ?? 0),
    pending_count: Number(row?.pending_count ?? 0),
    overdue: Number(row?.overdue ?? 0),
    overdue_count: Number(row?.overdue_count ?? 0),
    years: (row?.years ?? []).map(Number).sort((a, b) => b - a),
  };
}

interface BillingSnapshot {
  person_type: 'pf' | 'pj';
  name: string;
  document: string;
  phone: string;
  cep: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  state: string;
}

/** One invoice of this user with its order's items and the billing details frozen at checkout. */
async function invoiceForPdf(db: Db, userId: string, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.user_id, userId)));
  if (!row) throw new AppError(404, INVOICE_NOT_FOUND);
  const items = await db
    .select({ item: orderItems, tower_based: products.is_tower_based })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(eq(orderItems.order_id, row.order.id))
    .orderBy(asc(orderItems.created_at))
    .then((rows) => rows.map((r) => ({ ...r.item, tower_based: r.tower_based })));
  const towers = items.length
    ? await db
        .select()
        .from(orderItemTowers)
        .where(
          inArray(
            orderItemTowers.order_item_id,
            items.map((i) => i.id),
          ),
        )
    : [];
  return { ...row, items, towers, billing: row.order.billing as BillingSnapshot };
}

/** The invoice as a PDF in Portuguese: issuer, customer (CPF/CNPJ), items with periods, totals. */
export async function invoicePdf(db: Db, userId: string, invoiceId: string) {
  const { invoice, order, items, towers, billing } = await invoiceForPdf(db, userId, invoiceId);
  const buffer = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: `Fatura ${invoice.number} — Urbana`, Author: URBANA_COMPANY.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fillColor('#0f766e').font('Helvetica-Bold').fontSize(22).text('Urbana');
    doc.fillColor('#0f172a').fontSize(16).text(`Fatura ${invoice.number}`);
    doc.font('Helvetica').fontSize(10).fillColor('#334155');
    doc.text(
      `Emitida em ${formatDateBR(todayInBrasilia(invoice.created_at))} · Vencimento ${formatDateBR(invoice.due_date)} · Situação: ${invoiceStatusLabels[invoice.status]}`,
    );
    doc.text(
      `Pedido ${order.code} · Forma de pagamento: ${paymentMethodLabels[invoice.payment_method as PaymentMethod] ?? invoice.payment_method}` +
        (invoice.paid_at ? ` · Paga em ${formatDateBR(todayInBrasilia(invoice.paid_at))}` : ''),
    );
    doc.moveDown();

    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Emitente', 48, top);
    doc.font('Helvetica').fontSize(10).fillColor('#334155');
    doc.text(URBANA_COMPANY.name, { width: 240 });
    doc.text(`CNPJ ${formatDocument(URBANA_COMPANY.document)}`, { width: 240 });
    doc.text(URBANA_COMPANY.address, { width: 240 });
    doc.text(URBANA_COMPANY.email, { width: 240 });
    const leftBottom = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Cliente', 307, top);
    doc.font('Helvetica').fontSize(10).fillColor('#334155');
    doc.text(billing.name, 307, doc.y, { width: 240 });
    doc.text(`${billing.person_type === 'pj' ? 'CNPJ' : 'CPF'} ${formatDocument(billing.document)}`, {
      width: 240,
    });
    doc.text(
      `${billing.street}, ${billing.number}${billing.complement ? `, ${billing.complement}` : ''} — ${billing.district}`,
      { width: 240 },
    );
    doc.text(`${billing.city} – ${billing.state}, CEP ${billing.cep.replace(/(\d{5})(\d{3})/, '$1-$2')}`, {
      width: 240,
    });
    doc.y = Math.max(leftBottom, doc.y);
    doc.x = 48;
    doc.moveDown();

    doc.font('Helvetica-Bold').fontSize(12).fillColor('#0f172a').text('Itens');
    doc.moveDown(0.3);
    items.forEach((item, i) => {
      const itemTowers = towers.filter((t) => t.order_item_id === item.id).map((t) => t.tower_name);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor('#0f172a')
        .text(`${i + 1}. ${item.product_name}`);
      doc.font('Helvetica').fillColor('#334155');
      doc.text(
        `${productTypeLabels[item.product_type as ProductType] ?? item.product_type} · ${item.city} – ${item.state}`,
      );
      // ends_on is the day after the last one (periods are half-open); the invoice shows the last day.
      doc.text(
        `Período: ${formatDateBR(item.starts_on)} a ${formatDateBR(addDays(item.ends_on, -1))} (${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'})` +
          (item.tower_based && itemTowers.length ? ` · Torres: ${itemTowers.join(', ')}` : ''),
      );
      doc.text(
        `${formatBRL(item.daily_price)}/dia × 7 dias × ${item.weeks} sem.${item.tower_based ? ` × ${item.tower_count} torres` : ''} = ${formatBRL(item.subtotal)}` +
          (item.discount ? ` - desconto ${formatBRL(item.discount)}` : '') +
          `; total do item ${formatBRL(item.total)}`,
      );
      doc.moveDown(0.5);
    });

    doc.moveTo(48, doc.y).lineTo(547, doc.y).strokeColor('#cbd5e1').stroke();
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(11).fillColor('#0f172a');
    doc.text(`Valor: ${formatBRL(invoice.amount)}`);
    doc.text(`Descontos: ${formatBRL(invoice.discount)}`);
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(`Total: ${formatBRL(invoice.total)}`);
    doc.moveDown();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#64748b')
      .text(
        'Documento de cobrança emitido pela Urbana. Valores em reais (R$). Em caso de dúvida, fale com o suporte em urbana.com.br/suporte.',
      );
    doc.end();
  });
  return { number: invoice.number, pdf: buffer };
}

/**
 * The worker's job: pending invoices whose due date (Brasília calendar) has passed become "vencida";
 * the customer is notified and e-mailed, in the same transaction as the change. Several instances may
 * run it at once: SKIP LOCKED gives each invoice to one of them.
 */
export async function markOverdueInvoices(deps: OrderDeps, today = todayInBrasilia()): Promise<number> {
  const changed = await deps.db.transaction(async (tx) => {
    const due = await tx.execute<{
      id: string;
      number: string;
      total: number;
      due_date: string;
      user_id: string;
      email: string;
      nome_completo: string;
    }>(sql`
      with due as (
        select id from invoices
        where status = 'pendente' and due_date < ${today}::date
        order by due_date
        limit 200
        for update skip locked)
      update invoices i set status = 'vencida'
      from due, profiles p
      where i.id = due.id and p.id = i.user_id
      returning i.id, i.number, i.total, i.due_date::text as due_date, i.user_id, p.email, p.nome_completo`);
    for (const inv of due.rows) {
      await notify(tx, {
        userId: inv.user_id,
        kind: 'fatura_vencida',
        title: `Fatura ${inv.number} vencida`,
        body: `A fatura de ${formatBRL(Number(inv.total))} venceu em ${formatDateBR(inv.due_date)}.`,
        link: '/usuario/faturamento',
      });
      await deps.outbox.enqueue(tx, {
        to: inv.email,
        userId: inv.user_id,
        ...emailTemplates.invoiceOverdue({
          name: inv.nome_completo,
          number: inv.number,
          total: formatBRL(Number(inv.total)),
          dueDate: formatDateBR(inv.due_date),
          url: `${deps.config.publicUrl}/usuario/faturamento`,
        }),
      });
    }
    return due.rows.length;
  });
  if (changed > 0) void deps.outbox.kick();
  return changed;
}
