import {
  invoicedMessages,
  LATE_PAYMENT_NOTICE,
  paymentMethodRules,
  type PaymentMethod,
} from '@urbana/shared';
/** pt-BR e-mail templates: each gives a subject, a plain-text body and a branded HTML body. */
export interface RenderedEmail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-size:22px;font-weight:700;color:#0f766e">Urbana</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:12px;color:#64748b">Urbana — mídia exterior para o seu negócio. Este é um email automático; não responda.</p>
</td></tr></table></td></tr></table></body></html>`;
}

function text(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  return [
    'Urbana',
    '',
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '—',
    'Urbana — mídia exterior para o seu negócio.',
  ].join('\n');
}

export function render(
  template: string,
  subject: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): RenderedEmail {
  return {
    template,
    subject,
    text: text(title, paragraphs, action),
    html: layout(title, paragraphs, action),
  };
}

/**
 * What an order's change of status means, in sentences (issue #16 item 15): the notification's title
 * and body and the e-mail's subject and paragraph, never the status code itself.
 */
export function orderStatusNotice(status: string, code: string): { title: string; body: string } {
  switch (status) {
    case 'pago':
      return {
        title: `Recebemos o pagamento do pedido ${code}`,
        body: 'Agora é só enviar a arte de cada local para a análise da equipe.',
      };
    case 'em_veiculacao':
      return {
        title: `O pedido ${code} está no ar`,
        body: 'A veiculação começou. As fotos de comprovação aparecem no pedido.',
      };
    case 'concluido':
      return {
        title: `A veiculação do pedido ${code} terminou`,
        body: 'Obrigado por anunciar com a Urbana!',
      };
    case 'cancelado':
      return {
        title: `O pedido ${code} foi cancelado`,
        body: 'As datas reservadas foram liberadas.',
      };
    case 'expirado':
      return {
        title: `O prazo de pagamento do pedido ${code} terminou`,
        body: 'As datas reservadas foram liberadas. Você pode refazer o pedido quando quiser.',
      };
    case 'pago_apos_expirar':
      return {
        title: `Recebemos o pagamento do pedido ${code} após o prazo — reembolso pendente`,
        body: LATE_PAYMENT_NOTICE,
      };
    default:
      return { title: `O pedido ${code} foi atualizado`, body: 'Abra o pedido para ver a situação.' };
  }
}

export const emailTemplates = {
  confirmation: (name: string, url: string) =>
    render(
      'confirmacao_email',
      'Confirme seu email na Urbana',
      `Olá, ${name || 'tudo bem'}!`,
      [
        'Recebemos seu cadastro na Urbana. Para ativar sua conta, confirme seu email.',
        'O link vale por 48 horas e pode ser usado uma única vez.',
      ],
      { label: 'Confirmar email', url },
    ),
  passwordReset: (name: string, url: string) =>
    render(
      'redefinicao_senha',
      'Redefina sua senha da Urbana',
      `Olá, ${name || 'tudo bem'}!`,
      [
        'Recebemos um pedido para redefinir a senha da sua conta.',
        'O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu, ignore este email: sua senha continua a mesma.',
      ],
      { label: 'Redefinir senha', url },
    ),
  orderPlaced: (o: {
    name: string;
    code: string;
    total: string;
    method: PaymentMethod;
    pix: string | null;
    url: string;
    /** One line per item: "Outdoor Eixo: de 09/12/2026 até 22/12/2026" (decision 021). */
    items: string[];
    /** Nothing to pay (a 100 % coupon): confirmed at once. */
    free?: boolean;
    /** The invoice's due date and the hold's end: an invoiced order states both (issue #40 item 1). */
    terms?: { dueDate: string; expiresAt: Date };
  }) =>
    render(
      'pedido_recebido',
      `Recebemos o pedido ${o.code}`,
      `Olá, ${o.name || 'tudo bem'}!`,
      [
        `Recebemos seu pedido ${o.code}, no total de ${o.total}. As vagas ficam reservadas até o fim do prazo de pagamento.`,
        ...o.items,
        ...(o.free
          ? ['Não há nada a pagar: o pedido já está confirmado.']
          : o.pix
            ? [
                // An invoiced order paid through its charge at the PSP (cobv): its dates, then the code.
                ...(paymentMethodRules[o.method].terms === 'vencimento' && o.terms
                  ? [
                      invoicedMessages.dueAndHold(o.terms.dueDate, o.terms.expiresAt),
                      'Pague com Pix até o vencimento usando o código abaixo, ou abra o pedido para ver o QR Code:',
                    ]
                  : [
                      'Pague com Pix copia e cola usando o código abaixo, ou abra o pedido para ver o QR Code:',
                    ]),
                o.pix,
              ]
            : [
                ...(o.terms ? [invoicedMessages.dueAndHold(o.terms.dueDate, o.terms.expiresAt)] : []),
                'Enviaremos o boleto ou os dados para transferência; a equipe confirma o pagamento assim que recebê-lo.',
              ]),
      ],
      { label: 'Ver pedido', url: o.url },
    ),
  /** Staff issued a new Pix code for an unpaid order (issue #40 item 7: its own subject, not "Recebemos o pedido"). */
  pixReissued: (o: { name: string; code: string; total: string; pix: string; until: string; url: string }) =>
    render(
      'pedido_pix_reemitido',
      `Novo código Pix para o pedido ${o.code}`,
      `Olá, ${o.name || 'tudo bem'}!`,
      [
        `Emitimos um novo código Pix para o pedido ${o.code}, no total de ${o.total}. O código anterior não vale mais.`,
        `Pague até ${o.until} com Pix copia e cola usando o código abaixo, ou abra o pedido para ver o QR Code:`,
        o.pix,
      ],
      { label: 'Ver pedido', url: o.url },
    ),
  /** Staff gave an unpaid order more time (issue #40 item 7: the customer hears of the new end). */
  holdExtended: (o: { name: string; code: string; until: string; url: string }) =>
    render(
      'pedido_reserva_prorrogada',
      `Reserva do pedido ${o.code} prorrogada`,
      `Olá, ${o.name || 'tudo bem'}!`,
      [
        `As vagas do pedido ${o.code} ficam reservadas até ${o.until}, aguardando o pagamento.`,
        'Sem o pagamento confirmado até lá, o pedido expira e as vagas são liberadas.',
      ],
      { label: 'Ver pedido', url: o.url },
    ),
  proposalSent: (o: {
    name: string;
    code: string;
    total: string;
    validUntil: string;
    url: string;
    items: string[];
  }) =>
    render(
      'proposta_enviada',
      `Sua proposta ${o.code} da Urbana`,
      `Olá, ${o.name || 'tudo bem'}!`,
      [
        `Preparamos a proposta ${o.code} para você, no total de ${o.total}. Ela vale até ${o.validUntil}.`,
        ...o.items,
        'Abra a proposta, entre na sua conta e aceite para reservar: o pedido é criado na hora, com as vagas garantidas a partir do aceite.',
      ],
      { label: 'Ver proposta', url: o.url },
    ),
  orderStatus: (o: { name: string; code: string; status: string; url: string }) => {
    const notice = orderStatusNotice(o.status, o.code);
    return render(
      'pedido_status',
      notice.title,
      `Olá, ${o.name || 'tudo bem'}!`,
      [`${notice.title}.`, notice.body],
      {
        label: 'Ver pedido',
        url: o.url,
      },
    );
  },
  supportTicketOpened: (t: { name: string; code: string; subject: string; url: string }) =>
    render(
      'suporte_aberto',
      `Recebemos sua mensagem — atendimento ${t.code}`,
      `Olá, ${t.name || 'tudo bem'}!`,
      [
        `Recebemos sua mensagem sobre “${t.subject}” e abrimos o atendimento ${t.code}.`,
        'A equipe da Urbana responde em até 1 dia útil. Você receberá a resposta por email e, com a sua conta, também na central de suporte.',
      ],
      { label: 'Acompanhar atendimento', url: t.url },
    ),
  supportReply: (t: { name: string; code: string; subject: string; reply: string; url: string }) =>
    render(
      'suporte_resposta',
      `Resposta ao atendimento ${t.code}`,
      `Olá, ${t.name || 'tudo bem'}!`,
      [`A equipe da Urbana respondeu ao seu atendimento ${t.code} (“${t.subject}”):`, t.reply],
      { label: 'Ver a conversa', url: t.url },
    ),
  /** `title`: invoiceTitle (packages/shared/src/support.ts), "Fatura …". */
  invoiceOverdue: (i: { name: string; title: string; total: string; dueDate: string; url: string }) =>
    render(
      'fatura_vencida',
      `${i.title} vencida`,
      `Olá, ${i.name || 'tudo bem'}!`,
      [
        `${i.title.replace(/^Fatura/, 'A fatura')}, de ${i.total}, venceu em ${i.dueDate} e ainda não identificamos o pagamento.`,
        'Se você já pagou, desconsidere este aviso. Em caso de dúvida, fale com o suporte da Urbana.',
      ],
      { label: 'Ver faturas', url: i.url },
    ),
  /** A scheduled e-mail written by staff: paragraphs separated by blank lines. */
  scheduled: (m: { name: string; subject: string; body: string; url: string }) =>
    render(
      'email_agendado',
      m.subject,
      `Olá, ${m.name || 'tudo bem'}!`,
      m.body
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
      { label: 'Acessar a Urbana', url: m.url },
    ),
  adReviewed: (o: { name: string; ad: string; approved: boolean; reason: string | null; url: string }) =>
    render(
      'anuncio_revisado',
      o.approved ? `Anúncio “${o.ad}” aprovado` : `Anúncio “${o.ad}” reprovado`,
      `Olá, ${o.name || 'tudo bem'}!`,
      o.approved
        ? [`A equipe da Urbana aprovou o anúncio “${o.ad}”. Ele entra no ar no início do período reservado.`]
        : [
            `A equipe da Urbana reprovou o anúncio “${o.ad}” pelo motivo abaixo:`,
            o.reason ?? '',
            'Ajuste a arte e envie o anúncio de novo para análise antes do prazo de envio.',
          ],
      { label: o.approved ? 'Ver anúncio' : 'Corrigir anúncio', url: o.url },
    ),
  campaignUpdate: (o: { name: string; item: string; started: boolean; url: string }) =>
    render(
      o.started ? 'campanha_iniciada' : 'campanha_finalizada',
      o.started ? `Sua campanha em ${o.item} está no ar` : `Sua campanha em ${o.item} terminou`,
      `Olá, ${o.name || 'tudo bem'}!`,
      o.started
        ? [
            `A veiculação em ${o.item} começou. As fotos de comprovação aparecem no pedido assim que a equipe as enviar.`,
          ]
        : [`A veiculação em ${o.item} terminou. Obrigado por anunciar com a Urbana!`],
      { label: 'Ver pedido', url: o.url },
    ),
  /** The art of a campaign is still missing on the last day to send it (issue #40 item 6). */
  artMissing: (o: { name: string; item: string; start: string; order: string; url: string }) =>
    render(
      'campanha_sem_arte',
      `Falta a arte da sua campanha em ${o.item} (pedido ${o.order})`,
      `Olá, ${o.name || 'tudo bem'}!`,
      [
        `A campanha em ${o.item} começa em ${o.start} e ainda não tem uma arte aprovada.`,
        'Hoje é o último dia para enviar a arte com tempo para a equipe analisá-la. Sem ela, a campanha não entra no ar na data.',
      ],
      { label: 'Enviar a arte', url: o.url },
    ),
};
