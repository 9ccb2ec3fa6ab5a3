/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `admin`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const adminEndpoints: ClientTable<typeof table>['admin'] = {
  dashboard: {
    overview: { method: 'GET', path: '/api/admin/resumo' },
  },
  users: {
    list: { method: 'GET', path: '/api/admin/usuarios' },
    one: { method: 'GET', path: '/api/admin/usuarios/:id' },
    changeRole: { method: 'PUT', path: '/api/admin/usuarios/:id/papel' },
    block: { method: 'POST', path: '/api/admin/usuarios/:id/bloquear' },
    unblock: { method: 'POST', path: '/api/admin/usuarios/:id/desbloquear' },
    resendConfirmation: { method: 'POST', path: '/api/admin/usuarios/:id/reenviar-confirmacao' },
    orderLimits: { method: 'GET', path: '/api/admin/usuarios/:id/limites-pedido' },
    setOrderLimits: { method: 'PUT', path: '/api/admin/usuarios/:id/limites-pedido' },
    exportData: { method: 'POST', path: '/api/admin/usuarios/:id/exportar-dados' },
    remove: { method: 'POST', path: '/api/admin/usuarios/:id/excluir' },
  },
  team: {
    members: { method: 'GET', path: '/api/admin/equipe' },
    invitations: { method: 'GET', path: '/api/admin/convites' },
    invite: { method: 'POST', path: '/api/admin/convites' },
    revoke: { method: 'POST', path: '/api/admin/convites/:id/revogar' },
  },
  agencies: {
    list: { method: 'GET', path: '/api/admin/agencias' },
    confirm: { method: 'POST', path: '/api/admin/agencias/:id/confirmar' },
  },
  emailLogs: {
    list: { method: 'GET', path: '/api/admin/email-logs' },
    one: { method: 'GET', path: '/api/admin/email-logs/:id' },
    resend: { method: 'POST', path: '/api/admin/email-logs/:id/reenviar' },
  },
  auditLog: {
    list: { method: 'GET', path: '/api/admin/logs' },
  },
  products: {
    list: { method: 'GET', path: '/api/admin/produtos' },
    one: { method: 'GET', path: '/api/admin/produtos/:id' },
    create: { method: 'POST', path: '/api/admin/produtos' },
    update: { method: 'PUT', path: '/api/admin/produtos/:id' },
    setStatus: { method: 'PUT', path: '/api/admin/produtos/:id/status' },
    reorderPhotos: { method: 'PUT', path: '/api/admin/produtos/:id/fotos/ordem' },
    removePhoto: { method: 'DELETE', path: '/api/admin/produtos/:id/fotos/:photoId' },
    uploadPhoto: { method: 'POST', path: '/api/admin/produtos/:id/fotos' },
  },
  players: {
    list: { method: 'GET', path: '/api/admin/telas' },
    one: { method: 'GET', path: '/api/admin/telas/:id' },
    create: { method: 'POST', path: '/api/admin/telas' },
    remove: { method: 'DELETE', path: '/api/admin/telas/:id' },
    importProofOfPlay: { method: 'POST', path: '/api/admin/telas/:id/exibicoes-csv' },
  },
  houseCreatives: {
    list: { method: 'GET', path: '/api/admin/criativos-da-casa' },
    add: { method: 'POST', path: '/api/admin/criativos-da-casa' },
    remove: { method: 'DELETE', path: '/api/admin/criativos-da-casa/:id' },
  },
  makeGoods: {
    list: { method: 'GET', path: '/api/admin/reposicoes' },
    grant: { method: 'POST', path: '/api/admin/reposicoes/:id/conceder' },
  },
  coupons: {
    list: { method: 'GET', path: '/api/admin/cupons' },
    one: { method: 'GET', path: '/api/admin/cupons/:id' },
    create: { method: 'POST', path: '/api/admin/cupons' },
    update: { method: 'PUT', path: '/api/admin/cupons/:id' },
  },
  inventory: {
    grid: { method: 'GET', path: '/api/admin/inventario' },
    cell: { method: 'GET', path: '/api/admin/inventario/celula' },
    customers: { method: 'GET', path: '/api/admin/inventario/clientes' },
    block: { method: 'POST', path: '/api/admin/inventario/bloqueios' },
    hold: { method: 'POST', path: '/api/admin/inventario/reservas' },
    release: { method: 'POST', path: '/api/admin/inventario/reservas/:id/liberar' },
  },
  orders: {
    list: { method: 'GET', path: '/api/admin/pedidos' },
    csv: { method: 'GET', path: '/api/admin/pedidos/csv' },
    one: { method: 'GET', path: '/api/admin/pedidos/:id' },
    extendHold: { method: 'POST', path: '/api/admin/pedidos/:id/prorrogar' },
    reissuePix: { method: 'POST', path: '/api/admin/pedidos/:id/reemitir-pix' },
    cancel: { method: 'POST', path: '/api/admin/pedidos/:id/cancelar' },
    resendEmail: { method: 'POST', path: '/api/admin/pedidos/:id/reenviar-email' },
    invoicePdf: { method: 'GET', path: '/api/admin/pedidos/:id/fatura.pdf' },
    creditNotePdf: { method: 'GET', path: '/api/admin/pedidos/:id/nota-de-credito.pdf' },
    nfseXml: { method: 'GET', path: '/api/admin/pedidos/:id/nfse.xml' },
    nfsePdf: { method: 'GET', path: '/api/admin/pedidos/:id/nfse.pdf' },
    confirmPayment: { method: 'POST', path: '/api/admin/orders/:id/confirm-payment' },
  },
  insertionOrders: {
    pending: { method: 'GET', path: '/api/admin/pis' },
    one: { method: 'GET', path: '/api/admin/pedidos/:id/pi' },
    pdf: { method: 'GET', path: '/api/admin/pedidos/:id/pi.pdf' },
  },
  unmatchedPix: {
    list: { method: 'GET', path: '/api/admin/pix-sem-pedido' },
    refund: { method: 'POST', path: '/api/admin/pix-sem-pedido/:id/devolver' },
  },
  fiscal: {
    queue: { method: 'GET', path: '/api/admin/fiscal' },
    retry: { method: 'POST', path: '/api/admin/fiscal/:id/tentar-de-novo' },
  },
  reports: {
    sales: { method: 'GET', path: '/api/admin/relatorios' },
    csv: { method: 'GET', path: '/api/admin/relatorios/csv' },
  },
  proposals: {
    list: { method: 'GET', path: '/api/admin/propostas' },
    create: { method: 'POST', path: '/api/admin/propostas' },
    one: { method: 'GET', path: '/api/admin/propostas/:id' },
    pdf: { method: 'GET', path: '/api/admin/propostas/:id/pdf' },
    send: { method: 'POST', path: '/api/admin/propostas/:id/enviar' },
    answer: { method: 'POST', path: '/api/admin/propostas/:id/responder' },
    cancel: { method: 'POST', path: '/api/admin/propostas/:id/cancelar' },
  },
  campaigns: {
    list: { method: 'GET', path: '/api/admin/campanhas' },
    one: { method: 'GET', path: '/api/admin/campanhas/:id' },
    reviewAd: { method: 'POST', path: '/api/admin/anuncios/:id/revisao' },
    start: { method: 'POST', path: '/api/admin/campanhas/:id/iniciar' },
    finish: { method: 'POST', path: '/api/admin/campanhas/:id/finalizar' },
    addProof: { method: 'POST', path: '/api/admin/campanhas/:id/comprovacoes' },
    removeProof: { method: 'DELETE', path: '/api/admin/campanhas/:id/comprovacoes/:proofId' },
  },
  support: {
    tickets: { method: 'GET', path: '/api/admin/support/tickets' },
    staff: { method: 'GET', path: '/api/admin/support/staff' },
    ticket: { method: 'GET', path: '/api/admin/support/tickets/:id' },
    reply: { method: 'POST', path: '/api/admin/support/tickets/:id/messages' },
    update: { method: 'PATCH', path: '/api/admin/support/tickets/:id' },
  },
  notifications: {
    recipients: { method: 'GET', path: '/api/admin/notificacoes/destinatarios' },
    list: { method: 'GET', path: '/api/admin/notificacoes' },
    audience: { method: 'GET', path: '/api/admin/notificacoes/alcance' },
    send: { method: 'POST', path: '/api/admin/notificacoes' },
  },
  scheduledEmails: {
    list: { method: 'GET', path: '/api/admin/emails-agendados' },
    create: { method: 'POST', path: '/api/admin/emails-agendados' },
    update: { method: 'PUT', path: '/api/admin/emails-agendados/:id' },
    cancel: { method: 'POST', path: '/api/admin/emails-agendados/:id/cancelar' },
  },
};
