import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import type { RenderedEmail } from './email-templates.ts';
import { notify } from './notifications.ts';
import type { Outbox } from './outbox.ts';

/**
 * Tells a user about an event of any module: a notification (announced live when the transaction
 * commits) and, when `email` is given, the matching e-mail in the outbox — both in the caller's
 * transaction, so a rolled-back change tells nobody. `email` receives the user's name.
 *
 *   await tellUser(tx, deps.outbox, {
 *     userId, kind: 'anuncio_aprovado', title: `Anúncio ${ad.name} aprovado`, link: `/usuario/meus-anuncios`,
 *     email: (name) => emailTemplates.adReviewed({ name, ad: ad.name, approved: true, reason: null, url }),
 *   });
 */
export async function tellUser(
  executor: Db | Tx,
  outbox: Outbox,
  input: {
    userId: string;
    kind: string;
    title: string;
    body?: string;
    link?: string | null;
    email?: (name: string) => RenderedEmail;
  },
): Promise<void> {
  await notify(executor, input);
  if (!input.email) return;
  const [user] = await executor
    .select({ email: profiles.email, name: profiles.nome_completo })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!user) return;
  await outbox.enqueue(executor, { to: user.email, userId: input.userId, ...input.email(user.name) });
}
