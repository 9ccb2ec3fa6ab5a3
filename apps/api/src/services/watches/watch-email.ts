import { render } from '../messaging/email-templates.ts';

/** The e-mail of a watch alert: the same title and sentence as the bell (watchAlertText). */
export function watchAlertEmail(o: { name: string; title: string; body: string; url: string }) {
  return render('local_observado', o.title, `Olá, ${o.name || 'tudo bem'}!`, [o.body], {
    label: 'Ver o local',
    url: o.url,
  });
}
