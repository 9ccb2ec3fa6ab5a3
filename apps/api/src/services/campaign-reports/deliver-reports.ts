import { asc, eq, isNull } from 'drizzle-orm';
import { buildPath, paths } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { campaignReports, orders, profiles } from '../../db/schema/index.ts';
import { render } from '../messaging/email-templates.ts';
import { notify } from '../messaging/notifications.ts';
import type { Outbox } from '../messaging/outbox.ts';

/**
 * The outbox worker's step for campaign reports (services/messaging/outbox.ts): one report whose order has just
 * finished (the trigger of migration 0015 wrote the row) is announced to its customer by notification
 * and e-mail, and marked sent in the same transaction, so it goes out once. Returns 1 while there was
 * one to send.
 */
export async function deliverCampaignReports(db: Db, outbox: Outbox, publicUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ order: orders, user: profiles })
      .from(campaignReports)
      .innerJoin(orders, eq(orders.id, campaignReports.order_id))
      .innerJoin(profiles, eq(profiles.id, orders.user_id))
      .where(isNull(campaignReports.sent_at))
      .orderBy(asc(campaignReports.created_at))
      .limit(1)
      .for('update', { of: campaignReports, skipLocked: true });
    if (!pending) return 0;
    const { order, user } = pending;
    await tx
      .update(campaignReports)
      .set({ sent_at: new Date() })
      .where(eq(campaignReports.order_id, order.id));
    // A deleted account is told nothing (docs/decisions/031-accounts-lgpd-two-factor.md).
    if (user.deleted_at) return 1;
    const link = buildPath(paths.usuario.relatorioCampanha, { orderId: order.id });
    const title = `O relatório da campanha do pedido ${order.code} está pronto`;
    const body =
      'Veja cada face, os dias no ar, as exibições entregues nas telas, as fotos de comprovação e as impressões.';
    await notify(tx, { userId: user.id, kind: 'relatorio_campanha', title, body, link });
    await outbox.enqueue(tx, {
      to: user.email,
      userId: user.id,
      ...render(
        'relatorio_campanha',
        title,
        `Olá, ${user.nome_completo || 'tudo bem'}!`,
        [`A campanha do pedido ${order.code} terminou. ${body} O relatório também pode ser baixado em PDF.`],
        { label: 'Ver o relatório', url: `${publicUrl}${link}` },
      ),
    });
    return 1;
  });
}
