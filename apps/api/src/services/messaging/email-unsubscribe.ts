import type { RenderedEmail } from './email-templates.ts';

/**
 * E-mails that can be turned off (alerts, news) carry a one-click unsubscribe address: in the
 * List-Unsubscribe header (POST, RFC 8058) and, as a page of the site, at the end of the body (issue #24).
 */
export function unsubscribeUrl(publicUrl: string, emailToken: string, tipo: 'alertas' | 'novidades') {
  return `${publicUrl}/api/email/descadastrar?token=${emailToken}&tipo=${tipo}`;
}

export function withUnsubscribeLink(message: RenderedEmail, apiUrl: string): { text: string; html: string } {
  const pageUrl = apiUrl.replace('/api/email/descadastrar', '/email/descadastrar');
  const safe = pageUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const note = 'Não quer mais receber este tipo de email? Descadastre-se com um clique:';
  return {
    text: `${message.text}\n\n${note} ${pageUrl}`,
    html: message.html.replace(
      '</body>',
      `<p style="text-align:center;font-size:12px;color:#64748b">${note} <a href="${safe}">descadastrar</a></p></body>`,
    ),
  };
}
