import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  agencyFigureLabels,
  storedFigures,
  formatBookingPeriod,
  formatMoney,
  formatDocument,
  invoiceStatusLabels,
  paymentMethodLabels,
  productTypeLabels,
  todayInBrasilia,
  type InvoiceStatus,
  type PaymentMethod,
  type ProductType,
  formatDate,
  invoiceHolder,
  isAnonymisedBilling,
  invoiceTitle,
  INVOICE_NOT_FOUND,
  paths,
} from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { invoices, orderItems, orders, products } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { nfseOfOrders } from './fiscal/fiscal-documents.ts';
import { emailTemplates } from './messaging/email-templates.ts';
import { notify } from './messaging/notifications.ts';
import type { OrderDeps } from './orders/transition.ts';
import { billedName, couponCodeOf, towersOfItems } from './orders/head.ts';
import { pixCodeOf } from './payments/order-charge.ts';
import { DAYS_PAYABLE_AFTER_DUE } from './payments/provider.ts';
import { drawPixBlock } from './pdf/pix-block.ts';
import { pixQrPng } from './pix.ts';
import {
  drawTable,
  drawTotals,
  FONT,
  FONT_BOLD,
  INK,
  minus,
  startPdf,
  drawFootnote,
} from './pdf/pdf-layout.ts';

/** The issuer printed on every invoice. */
export const URBANA_COMPANY = {
  name: 'Urbana Mídia Exterior Ltda.',
  document: '34567891000184',
  address: 'SCS Quadra 2, Bloco C, Sala 401 — Asa Sul, Brasília – DF, CEP 70302-000',
  email: 'financeiro@urbana.com.br',
};

function toItem(row: typeof invoices.$inferSelect & { order_code: string; order_status: string }) {
  return {
    id: row.id,
    number: row.number,
    order_id: row.order_id,
    order_code: row.order_code,
    order_status: row.order_status,
    amount: row.amount,
    discount: row.discount,
    agency_commission: row.agency_commission,
    total: row.total,
    due_date: row.due_date,
    status: row.status,
    payment_method: row.payment_method,
    paid_at: row.paid_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
export type InvoiceItem = ReturnType<typeof toItem>;

/**
 * The year an invoice belongs to: that of its number once paid, else that of its due date (a pending
 * invoice has no number; its null year was offered as "0" in the filter, issue #40 item 9).
 */
const invoiceYear = sql<number>`coalesce(${invoices.year}, extract(year from ${invoices.due_date})::int)`;

/** The user's invoices, newest first, optionally of one status and one year. */
export async function listInvoices(
  db: Db,
  userId: string,
  filters: { status?: InvoiceStatus | undefined; year?: number | undefined } = {},
) {
  const rows = await db
    .select({
      invoice: invoices,
      order_code: orders.code,
      order_status: orders.status,
      advertiser_id: orders.advertiser_id,
      billing: orders.billing,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .where(
      and(
        eq(invoices.user_id, userId),
        filters.status ? eq(invoices.status, filters.status) : undefined,
        filters.year ? sql`${invoiceYear} = ${filters.year}` : undefined,
      ),
    )
    .orderBy(desc(invoices.year), desc(invoices.seq))
    .limit(200);
  const nfse = await nfseOfOrders(
    db,
    rows.map((r) => r.invoice.order_id),
    userId,
  );
  return rows.map((r) => ({
    ...toItem({ ...r.invoice, order_code: r.order_code, order_status: r.order_status }),
    // An agency's invoice names the advertiser it bills (issue #44).
    advertiser: r.advertiser_id ? billedName(r.billing) : null,
    nfse: nfse.get(r.invoice.order_id) ?? null,
  }));
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
      years: sql<number[] | null>`array_agg(distinct ${invoiceYear})`,
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

/** One invoice of this user (any user's, for staff: null) with its order's items and the billing details frozen at checkout. */
export async function invoiceForPdf(db: Db, userId: string | null, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .where(and(eq(invoices.id, invoiceId), userId === null ? undefined : eq(invoices.user_id, userId)));
  if (!row) throw new AppError(404, INVOICE_NOT_FOUND);
  const items = await db
    .select({ item: orderItems, tower_based: products.is_tower_based })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(eq(orderItems.order_id, row.order.id))
    .orderBy(asc(orderItems.created_at))
    .then((rows) => rows.map((r) => ({ ...r.item, tower_based: r.tower_based })));
  const towers = await towersOfItems(
    db,
    items.map((i) => i.id),
  );
  return {
    ...row,
    items,
    towers,
    billing: row.order.billing as BillingSnapshot,
    couponCode: await couponCodeOf(db, row.order),
  };
}

/** Issuer and customer side by side (the customer reduced to the city once the account is deleted). */
function drawParties(
  doc: PDFKit.PDFDocument,
  billing: Awaited<ReturnType<typeof invoiceForPdf>>['billing'],
  left: number,
  width: number,
) {
  const top = doc.y;
  const half = width / 2 - 8;
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text('Emitente', left, top);
  doc.font(FONT).fontSize(10).fillColor('#334155');
  doc.text(URBANA_COMPANY.name, { width: half });
  doc.text(`CNPJ ${formatDocument(URBANA_COMPANY.document)}`, { width: half });
  doc.text(URBANA_COMPANY.address, { width: half });
  doc.text(URBANA_COMPANY.email, { width: half });
  const leftBottom = doc.y;
  const right = left + width / 2 + 8;
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text('Cliente', right, top);
  doc.font(FONT).fontSize(10).fillColor('#334155');
  if (isAnonymisedBilling(billing)) {
    // The customer deleted the account: the invoice keeps amounts, dates, the city and, for the
    // fiscal retention period, the legal name and CPF/CNPJ (issue #42 item 6).
    const holder = invoiceHolder(billing);
    doc.text(holder.name, right, doc.y, { width: half });
    if (holder.document)
      doc.text(`${billing.person_type === 'pj' ? 'CNPJ' : 'CPF'} ${formatDocument(holder.document)}`, {
        width: half,
      });
    doc.text(`${billing.city} – ${billing.state}`, { width: half });
  } else {
    doc.text(billing.name, right, doc.y, { width: half });
    doc.text(`${billing.person_type === 'pj' ? 'CNPJ' : 'CPF'} ${formatDocument(billing.document)}`, {
      width: half,
    });
    doc.text(
      `${billing.street}, ${billing.number}${billing.complement ? `, ${billing.complement}` : ''} — ${billing.district}`,
      { width: half },
    );
    doc.text(`${billing.city} – ${billing.state}, CEP ${billing.cep.replace(/(\d{5})(\d{3})/, '$1-$2')}`, {
      width: half,
    });
  }
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y) + 16;
}

/** What the invoice says of the order's NFS-e (issue #42): its access key, or that none was issued. */
async function fiscalLine(db: Db, orderId: string): Promise<string> {
  const nfse = (await nfseOfOrders(db, [orderId])).get(orderId);
  if (nfse?.chave_acesso && nfse.status !== 'cancelada')
    return `O documento fiscal deste pedido é a NFS-e de chave de acesso ${nfse.chave_acesso}, disponível no faturamento.`;
  if (nfse?.status === 'cancelada' && nfse.chave_acesso)
    return `A NFS-e deste pedido (chave de acesso ${nfse.chave_acesso}) foi cancelada.`;
  return 'Nenhuma NFS-e foi emitida pela Urbana para este pedido.';
}

/**
 * The invoice as a PDF in Portuguese: logo, issuer and customer (CPF/CNPJ), a table of items with the
 * booking period to its last day (decision 021), one line per discount (the coupon by its code), in
 * an embedded Unicode font (issue #16 item 13).
 */
export async function invoicePdf(db: Db, userId: string | null, invoiceId: string) {
  const { invoice, order, items, towers, billing, couponCode } = await invoiceForPdf(db, userId, invoiceId);
  const title = invoiceTitle(invoice.number, order.code);
  const { doc, left, width, end } = await startPdf(
    { Title: `${title} — Urbana`, Author: URBANA_COMPANY.name },
    {
      title,
      beside: true,
      lines: [
        `Emitida em ${formatDate(todayInBrasilia(invoice.created_at))} · Vencimento ${formatDate(invoice.due_date)} · Situação: ${invoiceStatusLabels[invoice.status]}`,
        `Pedido ${order.code} · Forma de pagamento: ${paymentMethodLabels[invoice.payment_method as PaymentMethod] ?? invoice.payment_method}` +
          (invoice.paid_at ? ` · Paga em ${formatDate(todayInBrasilia(invoice.paid_at))}` : ''),
      ],
    },
  );
  doc.moveDown();

  drawParties(doc, billing, left, width);

  drawTable(
    doc,
    [
      { header: 'Item', width: 160 },
      { header: 'Período', width: 162 },
      { header: 'Cálculo', width: 97 },
      { header: 'Valor', width: width - 419, align: 'right' },
    ],
    items.map((item, i) => {
      const itemTowers = towers.filter((t) => t.order_item_id === item.id).map((t) => t.tower_name);
      return [
        `${i + 1}. ${item.product_name}\n${productTypeLabels[item.product_type as ProductType] ?? item.product_type} · ${item.city} – ${item.state}` +
          (item.tower_based && itemTowers.length ? `\nTorres: ${itemTowers.join(', ')}` : ''),
        `${formatBookingPeriod(item.starts_on, item.weeks)}\n${item.weeks} ${item.weeks === 1 ? 'semana' : 'semanas'}`,
        `${formatMoney(item.daily_price)}/dia\n× 7 dias × ${item.weeks}` +
          (item.tower_based ? `\n× ${item.tower_count} ${item.tower_count === 1 ? 'torre' : 'torres'}` : ''),
        formatMoney(item.subtotal),
      ];
    }),
  );

  const longRun = items.reduce((s, i) => s + i.discount, 0);
  drawTotals(doc, [
    { label: 'Subtotal', value: formatMoney(invoice.amount) },
    ...(longRun ? [{ label: 'Desconto de longa duração', value: minus(formatMoney(longRun)) }] : []),
    ...(order.coupon_discount
      ? [{ label: `Cupom ${couponCode ?? ''}`.trim(), value: minus(formatMoney(order.coupon_discount)) }]
      : []),
    ...agencyTotals(invoice, order.agency_commission_percent),
  ]);
  await drawCharge(doc, invoice, order);
  drawFootnote(doc, [
    'Documento de cobrança emitido pela Urbana; não é documento fiscal. Valores em reais (R$). Em caso de dúvida, fale com o suporte em urbana.com.br/suporte.',
    await fiscalLine(db, order.id),
  ]);
  return { number: invoice.number ?? order.code, pdf: await end() };
}

/**
 * An unpaid invoice whose order has a charge with a due date at the PSP (issue #41): its QR code and
 * "copia e cola" on the PDF, paid and confirmed like any Pix.
 */
async function drawCharge(
  doc: PDFKit.PDFDocument,
  invoice: { status: string; due_date: string },
  order: Parameters<typeof pixCodeOf>[0] & { payment_method: string; payment_provider: string | null },
) {
  const code = pixCodeOf(order);
  const open = invoice.status === 'pendente' || invoice.status === 'vencida';
  if (!open || !code || order.payment_method !== 'faturado' || !order.payment_provider) return;
  drawPixBlock(doc, {
    qrPng: await pixQrPng(code),
    copyPaste: code,
    lines: [
      `Vencimento ${formatDate(invoice.due_date)}. O pagamento é confirmado sozinho, sem enviar comprovante.`,
      `Depois do vencimento, o mesmo código vale por mais ${DAYS_PAYABLE_AFTER_DUE} dias, com multa e juros.`,
    ],
  });
}

/**
 * The invoice's last lines: its total, or for an agency's order the three figures of decision 098 —
 * gross media value, desconto-padrão and the net to pay.
 */
function agencyTotals(invoice: { total: number; agency_commission: number }, percent: number | null) {
  if (invoice.agency_commission === 0)
    return [{ label: 'Total', value: formatMoney(invoice.total), bold: true }];
  const f = storedFigures({ ...invoice, agency_commission_percent: percent });
  const commission = f.percent
    ? agencyFigureLabels.commissionWithPercent(f.percent)
    : agencyFigureLabels.commission;
  return [
    { label: agencyFigureLabels.gross, value: formatMoney(f.gross) },
    { label: commission, value: minus(formatMoney(f.commission)) },
    { label: `${agencyFigureLabels.net} a pagar`, value: formatMoney(f.net), bold: true },
  ];
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
      number: string | null;
      order_code: string;
      total: number;
      due_date: string;
      user_id: string;
      email: string;
      nome_completo: string;
    }>(sql`
      with due as (
        select id from invoices
        where status = 'pendente' and due_date < ${today}::date
          -- An unpaid order whose hold ended with the due date expires instead, and its expiry
          -- cancels the invoice: no "vencida" notice a moment before (issue #40 item 1).
          and not exists (select 1 from orders o where o.id = invoices.order_id
            and o.status = 'aguardando_pagamento' and o.expires_at <= now())
        order by due_date
        limit 200
        for update skip locked)
      update invoices i set status = 'vencida'
      from due, profiles p, orders o
      where i.id = due.id and p.id = i.user_id and o.id = i.order_id
      returning i.id, i.number, o.code as order_code, i.total, i.due_date::text as due_date, i.user_id, p.email, p.nome_completo`);
    for (const inv of due.rows) {
      await notify(tx, {
        userId: inv.user_id,
        kind: 'fatura_vencida',
        title: `${invoiceTitle(inv.number, inv.order_code)} vencida`,
        body: `A fatura de ${formatMoney(Number(inv.total))} venceu em ${formatDate(inv.due_date)}.`,
        link: paths.usuario.faturamento,
      });
      await deps.outbox.enqueue(tx, {
        to: inv.email,
        userId: inv.user_id,
        ...emailTemplates.invoiceOverdue({
          name: inv.nome_completo,
          title: invoiceTitle(inv.number, inv.order_code),
          total: formatMoney(Number(inv.total)),
          dueDate: formatDate(inv.due_date),
          url: `${deps.config.publicUrl}${paths.usuario.faturamento}`,
        }),
      });
    }
    return due.rows.length;
  });
  if (changed > 0) void deps.outbox.kick();
  return changed;
}
