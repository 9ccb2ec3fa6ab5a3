/**
 * The simulated PSP's small page (plain HTTP on loopback, for a developer and the Playwright tests):
 * the charges, a button to pay each one (as a payer's bank app would), the received Pix with a refund
 * button, the refunds waiting to settle, and the webhook deliveries, with "lose the next one" and
 * "send again". `/qr/v2/{id}` (a charge's location) opens the same page on that charge.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fromValor, toValor } from '../../apps/api/src/services/payments/api-pix/schemas.ts';
import type { PspState } from './psp-pix-state.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (valor: string) => `R$ ${valor.replace('.', ',')}`;
const button = (action: string, label: string, fields: Record<string, string> = {}) =>
  `<form method="post" action="${esc(action)}">${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('')}<button type="submit">${esc(label)}</button></form>`;

function chargesHtml(state: PspState, only?: string): string {
  const rows = [...state.charges.values()]
    .filter((c) => !only || c.txid.toLowerCase() === only.toLowerCase())
    .reverse()
    .map(
      (c) =>
        `<tr><td>${c.kind}</td><td><code>${esc(c.txid)}</code></td><td>${esc(c.body.solicitacaoPagador ?? '')}</td>` +
        `<td>${money(c.body.valor.original)}</td><td>${c.status}</td><td>${
          c.status === 'ATIVA' ? button('/pagar', `Pagar ${c.txid}`, { txid: c.txid }) : ''
        }</td></tr>`,
    );
  return `<h2>Cobranças</h2><table><tr><th>tipo</th><th>txid</th><th>solicitação</th><th>valor</th><th>status</th><th></th></tr>${rows.join('')}</table>`;
}

function pixHtml(state: PspState): string {
  const rows = [...state.pix.values()].reverse().map((p) => {
    const refunds = (p.devolucoes ?? [])
      .map(
        (d) =>
          `${esc(d.id)} ${money(d.valor)} ${d.status}${
            d.status === 'EM_PROCESSAMENTO'
              ? button('/liquidar', 'Devolvido', { e2eid: p.endToEndId, id: d.id, status: 'DEVOLVIDO' }) +
                button('/liquidar', 'Não realizado', {
                  e2eid: p.endToEndId,
                  id: d.id,
                  status: 'NAO_REALIZADO',
                })
              : ''
          }`,
      )
      .join('<br>');
    const left = fromValor(p.valor) - state.refunded(p);
    return (
      `<tr><td><code>${esc(p.endToEndId)}</code></td><td>${esc(p.txid ?? '')}</td><td>${money(p.valor)}</td>` +
      `<td>${esc(p.horario)}</td><td>${refunds}</td><td>${
        left > 0 ? button('/devolver', 'Devolver', { e2eid: p.endToEndId, valor: toValor(left) }) : ''
      }</td></tr>`
    );
  });
  return `<h2>Pix recebidos</h2><table><tr><th>endToEndId</th><th>txid</th><th>valor</th><th>horário</th><th>devoluções</th><th></th></tr>${rows.join('')}</table>`;
}

function deliveriesHtml(state: PspState): string {
  const rows = [...state.deliveries]
    .reverse()
    .map(
      (d) =>
        `<tr><td>${d.id}</td><td>${esc(d.url.replace(/segredo=[^&]*/, 'segredo=…'))}</td><td>${d.body.pix
          .map((p) => esc(p.endToEndId))
          .join(
            ', ',
          )}</td><td>${d.outcome ?? '…'}</td><td>${button('/repetir', 'Enviar de novo', { id: String(d.id) })}</td></tr>`,
    );
  return (
    `<h2>Webhooks</h2><p>Registrado: <code>${esc(state.webhooks.get(state.chave) ?? 'nenhum')}</code>. ` +
    `Próximos perdidos: ${state.control.dropWebhooks}.</p>${button('/perder', 'Perder o próximo webhook')}` +
    `<table><tr><th>#</th><th>URL</th><th>Pix</th><th>resposta</th><th></th></tr>${rows.join('')}</table>`
  );
}

export function pageHtml(state: PspState, only?: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>PSP Pix simulado</title><style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:4px;text-align:left;vertical-align:top}form{display:inline}</style></head>
<body><h1>PSP Pix simulado (API Pix 2.9.0)</h1><p>Chave do recebedor: <code>${esc(state.chave)}</code> · <a href="/">tudo</a></p>
${chargesHtml(state, only)}${only ? '' : pixHtml(state) + deliveriesHtml(state)}</body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function act(path: string, form: URLSearchParams, state: PspState): Promise<void> {
  if (path === '/pagar') state.pay(form.get('txid') ?? '');
  else if (path === '/perder') state.control.dropWebhooks += 1;
  else if (path === '/repetir') {
    const delivery = state.deliveries.find((d) => d.id === Number(form.get('id')));
    if (delivery) await state.deliver(delivery);
  } else if (path === '/devolver') {
    const pix = state.pix.get(form.get('e2eid') ?? '');
    if (pix) state.refund(pix, `SIM${Date.now()}`, form.get('valor') ?? pix.valor, 'Devolução pelo PSP');
  } else if (path === '/liquidar')
    await state.settleRefund(
      form.get('e2eid') ?? '',
      form.get('id') ?? '',
      form.get('status') === 'NAO_REALIZADO' ? 'NAO_REALIZADO' : 'DEVOLVIDO',
    );
}

export async function routePage(req: IncomingMessage, res: ServerResponse, state: PspState): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulador');
  if (req.method === 'POST') {
    try {
      await act(url.pathname, await formOf(req), state);
    } catch (e) {
      res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end((e as Error).message);
    }
    res.writeHead(303, { location: req.headers.referer ?? '/' });
    return void res.end();
  }
  const qr = /^\/qr\/v2\/([^/]+)$/.exec(url.pathname);
  if (url.pathname !== '/' && !qr) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('Não encontrado.');
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(pageHtml(state, qr?.[1]));
}
