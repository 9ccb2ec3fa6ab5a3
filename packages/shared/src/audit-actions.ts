import { formatDateTime } from './lib/dates.ts';
import { formatMoney } from './lib/money.ts';

/**
 * What each audit-log action code means, in Portuguese (issue #17 item 7, decision
 * docs/decisions/028-readable-audit-log.md). One map for the API (which actions are staff actions,
 * for the "Ações da equipe" filter) and the web (the sentence shown in /admin/logs).
 * `staff` is true for actions only the panel can do; sign-ins and a customer's own steps are false.
 */
export const auditActions = {
  'agencia.cadastrada': { sentence: 'cadastrou a agência', staff: false },
  'agencia.alterada': { sentence: 'alterou os dados da agência', staff: false },
  'agencia.confirmada': { sentence: 'confirmou o certificado do CENP da agência', staff: true },
  'agencia.pessoa_incluida': { sentence: 'incluiu uma pessoa na agência', staff: false },
  'anunciante.cadastrado': { sentence: 'cadastrou um anunciante da agência', staff: false },
  'anunciante.alterado': { sentence: 'alterou um anunciante da agência', staff: false },
  'pi.aprovado': { sentence: 'aprovou o PI (pedido de inserção) de um pedido da agência', staff: false },
  'anuncio.enviado': { sentence: 'enviou o anúncio para análise', staff: false },
  'anuncio.aprovado': { sentence: 'aprovou o anúncio', staff: true },
  'anuncio.reprovado': { sentence: 'reprovou o anúncio', staff: true },
  'campanha.iniciada': { sentence: 'iniciou a veiculação da campanha', staff: true },
  'campanha.finalizada': { sentence: 'finalizou a veiculação da campanha', staff: true },
  'campanha.comprovacao_enviada': { sentence: 'enviou uma foto de comprovação da campanha', staff: true },
  'campanha.comprovacao_removida': { sentence: 'removeu uma foto de comprovação da campanha', staff: true },
  'campanha.reposicao_concedida': {
    sentence: 'concedeu uma reposição (crédito) por entrega abaixo do contratado',
    staff: true,
  },
  'conta.cadastro': { sentence: 'criou uma conta', staff: false },
  'conta.cadastro_google': { sentence: 'criou uma conta com o Google', staff: false },
  'conta.criada_pela_linha_de_comando': { sentence: 'criou uma conta pela linha de comando', staff: false },
  'conta.email_confirmado': { sentence: 'confirmou o e-mail', staff: false },
  'conta.reenvio_confirmacao': { sentence: 'pediu um novo e-mail de confirmação', staff: false },
  'conta.dados_alterados': { sentence: 'alterou os dados da conta', staff: false },
  'conta.email_troca_pedida': { sentence: 'pediu a troca do e-mail', staff: false },
  'conta.email_alterado': { sentence: 'confirmou o novo e-mail', staff: false },
  'conta.senha_atual_errada': { sentence: 'errou a senha atual ao alterar a conta', staff: false },
  'conta.sessoes_encerradas': { sentence: 'encerrou as outras sessões', staff: false },
  'conta.preferencias_email': { sentence: 'alterou as preferências de e-mail', staff: false },
  'conta.descadastro_email': { sentence: 'descadastrou-se de e-mails pelo link', staff: false },
  'conta.termos_aceitos': { sentence: 'aceitou os termos de uso e a política de privacidade', staff: false },
  'conta.exportacao_pedida': { sentence: 'pediu a cópia dos seus dados', staff: false },
  'conta.excluida': { sentence: 'excluiu a própria conta', staff: false },
  'conta.criada_por_convite': { sentence: 'aceitou o convite e criou a conta da equipe', staff: false },
  'convite.enviado': { sentence: 'convidou uma pessoa para a equipe', staff: true },
  'convite.revogado': { sentence: 'revogou o convite', staff: true },
  'dois_fatores.ativado': { sentence: 'ativou a verificação em duas etapas', staff: false },
  'dois_fatores.desativado': { sentence: 'desativou a verificação em duas etapas', staff: false },
  'dois_fatores.falha': { sentence: 'errou o código da verificação em duas etapas', staff: false },
  'dois_fatores.codigo_recuperacao': { sentence: 'entrou com um código de recuperação', staff: false },
  'tela.cadastrada': { sentence: 'cadastrou uma tela (player)', staff: true },
  'tela.removida': { sentence: 'removeu uma tela (player)', staff: true },
  'tela.criativo_da_casa_incluido': { sentence: 'incluiu um criativo da casa nas telas', staff: true },
  'tela.criativo_da_casa_removido': { sentence: 'retirou um criativo da casa das telas', staff: true },
  'tela.exibicoes_importadas': {
    sentence: 'importou as exibições de uma tela (CSV do sistema de sinalização)',
    staff: true,
  },
  'cupom.criado': { sentence: 'criou o cupom', staff: true },
  'cupom.editado': { sentence: 'editou o cupom', staff: true },
  'email.reenviado': { sentence: 'reenviou o e-mail', staff: true },
  'email_agendado.criado': { sentence: 'agendou o e-mail', staff: true },
  'email_agendado.editado': { sentence: 'editou o e-mail agendado', staff: true },
  'email_agendado.cancelado': { sentence: 'cancelou o e-mail agendado', staff: true },
  'login.sucesso': { sentence: 'entrou no sistema', staff: false },
  'login.falha': { sentence: 'errou a senha ao entrar', staff: false },
  'login.bloqueado': { sentence: 'tentou entrar com a conta bloqueada', staff: false },
  'login.admin_recusado': { sentence: 'tentou entrar no painel sem permissão', staff: false },
  'login.limitado': { sentence: 'teve a entrada limitada por excesso de tentativas', staff: false },
  'notificacao.enviada': { sentence: 'enviou uma notificação', staff: true },
  'inventario.bloqueio_criado': { sentence: 'bloqueou semanas de uma face', staff: true },
  'inventario.reserva_criada': { sentence: 'fez uma reserva técnica', staff: true },
  'inventario.reserva_liberada': { sentence: 'liberou um bloqueio ou reserva técnica', staff: true },
  'proposta.criada': { sentence: 'criou a proposta', staff: true },
  'proposta.enviada': { sentence: 'enviou a proposta ao cliente', staff: true },
  'proposta.cancelada': { sentence: 'cancelou a proposta', staff: true },
  'proposta.aceita': { sentence: 'aceitou a proposta', staff: false },
  'proposta.aceite_impedido': { sentence: 'tentou aceitar a proposta, sem sucesso', staff: false },
  'proposta.pedida': { sentence: 'pediu uma proposta', staff: false },
  'proposta.contraproposta': { sentence: 'fez uma contraproposta', staff: false },
  'proposta.recusada': { sentence: 'recusou a proposta', staff: false },
  'pedido.pagamento_confirmado': { sentence: 'confirmou o pagamento do pedido', staff: true },
  'pedido.reserva_prorrogada': { sentence: 'prorrogou a reserva do pedido', staff: true },
  'pedido.pix_reemitido': { sentence: 'reemitiu o Pix do pedido', staff: true },
  'pedido.cancelado': { sentence: 'cancelou o pedido', staff: true },
  'pedido.email_reenviado': { sentence: 'reenviou o e-mail do pedido', staff: true },
  'pedido.nfse_reenviada': { sentence: 'pediu nova tentativa de emissão da NFS-e do pedido', staff: true },
  'pix.sem_pedido_devolvido': {
    sentence: 'devolveu um Pix que não correspondia a nenhum pedido',
    staff: true,
  },
  'produto.criado': { sentence: 'cadastrou o produto', staff: true },
  'produto.editado': { sentence: 'editou o produto', staff: true },
  'produto.ativado': { sentence: 'ativou o produto', staff: true },
  'produto.desativado': { sentence: 'desativou o produto', staff: true },
  'produto.foto_adicionada': { sentence: 'adicionou uma foto ao produto', staff: true },
  'produto.foto_removida': { sentence: 'removeu uma foto do produto', staff: true },
  'produto.fotos_reordenadas': { sentence: 'reordenou as fotos do produto', staff: true },
  'senha.pedido_redefinicao': { sentence: 'pediu a redefinição de senha', staff: false },
  'senha.alterada': { sentence: 'alterou a senha', staff: false },
  'senha.redefinida': { sentence: 'redefiniu a senha', staff: false },
  'suporte.resposta': { sentence: 'respondeu ao chamado', staff: true },
  'suporte.atualizacao': { sentence: 'atualizou o chamado', staff: true },
  'usuario.exportacao_pedida': { sentence: 'pediu a cópia dos dados do usuário', staff: true },
  'usuario.excluido': { sentence: 'excluiu a conta do usuário a pedido dele', staff: true },
  'usuario.papel_alterado': { sentence: 'alterou o papel do usuário', staff: true },
  'usuario.bloqueado': { sentence: 'bloqueou o usuário', staff: true },
  'usuario.desbloqueado': { sentence: 'desbloqueou o usuário', staff: true },
  'usuario.confirmacao_reenviada': { sentence: 'reenviou a confirmação de e-mail do usuário', staff: true },
  'usuario.limites_pedido_liberados': {
    sentence: 'liberou os limites de pedidos sem pagamento do usuário',
    staff: true,
  },
  'usuario.limites_pedido_restaurados': {
    sentence: 'restaurou os limites de pedidos sem pagamento do usuário',
    staff: true,
  },
} as const satisfies Record<string, { sentence: string; staff: boolean }>;

export type AuditAction = keyof typeof auditActions;

export const staffAuditActions: readonly AuditAction[] = (Object.keys(auditActions) as AuditAction[]).filter(
  (code) => auditActions[code].staff,
);

/** The sentence for an action code; an unknown code (an older entry) is shown as it was stored. */
export function auditSentence(action: string): string {
  const known = (auditActions as Record<string, { sentence: string }>)[action];
  return known ? known.sentence : `registrou a ação “${action}”`;
}

/** Field names shown in the before → after of an update. */
const fieldLabels: Record<string, string> = {
  tipo_usuario: 'papel',
  blocked: 'bloqueado',
  status: 'situação',
  assignee_id: 'responsável',
  subject: 'assunto',
  segment: 'público',
  send_at: 'envio',
  review_reason: 'motivo',
  name: 'nome',
  code: 'código',
  active: 'ativo',
  starts_at: 'início',
  ends_at: 'fim',
  max_uses: 'limite de usos',
  expires_at: 'reserva até',
  pix_txid: 'txid do Pix',
  refund_amount: 'reembolso',
  // Issue #40 item 8: every field the API records, in Portuguese (no "credit note", "target user id").
  note: 'observação',
  credit_note: 'nota de crédito',
  refund_policy_amount: 'reembolso pela política',
  refund_choice: 'escolha do reembolso',
  refund_reason: 'motivo do reembolso',
  target_user_id: 'destinatário',
  user_id: 'usuário',
  template: 'modelo',
  title: 'título',
  body: 'texto',
  message: 'mensagem',
  to: 'para',
  to_email: 'para',
  email: 'e-mail',
  amount: 'valor',
  total: 'total',
  daily_price: 'preço diário',
  min_order: 'pedido mínimo',
  payment_method: 'forma de pagamento',
  reason: 'motivo',
  caption: 'legenda',
  category: 'categoria',
  order_item_id: 'item do pedido',
  photo_id: 'foto',
  storage_key: 'arquivo',
  slug: 'endereço da página',
  towers: 'torres',
  faces: 'faces',
  product_name: 'produto',
  started_at: 'iniciada em',
  finished_at: 'finalizada em',
  taken_on: 'foto tirada em',
  recipients: 'destinatários',
  role: 'papel',
  scope: 'alcance',
  sessions_ended: 'sessões encerradas',
  lifted: 'limites liberados',
  ad_status: 'situação da arte',
  copy_id: 'cópia',
  ids: 'itens',
  order: 'ordem',
  policy: 'política',
  txid: 'txid do Pix',
  via: 'meio',
  description: 'descrição',
  type: 'tipo',
  kind: 'tipo',
  value: 'valor do desconto',
  address: 'endereço',
  neighborhood: 'bairro',
  city: 'cidade',
  state: 'UF',
  is_tower_based: 'com torres',
  weekly_audience: 'audiência semanal',
  audience_profile: 'perfil de público',
  operating_hours: 'horário de funcionamento',
  max_uses_per_user: 'limite por cliente',
  first_purchase_only: 'só na primeira compra',
  screens: 'telas',
  slots: 'slots',
};

/** Fields that hold integer centavos: shown as money in the log (issue #40 item 8). */
const moneyFields = new Set([
  'refund_amount',
  'refund_policy_amount',
  'amount',
  'total',
  'daily_price',
  'min_order',
  'discount',
  'subtotal',
]);

/** A recorded value as people read it: money in reais, dates, yes/no and empty in Portuguese. */
export function auditFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vazio)';
  if (typeof value === 'number' && moneyFields.has(field)) return formatMoney(value);
  if (value === true) return 'sim';
  if (value === false) return 'não';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function auditFieldLabel(field: string): string {
  return fieldLabels[field] ?? field.replace(/_/g, ' ');
}

/**
 * The fields an update changed, each as [field, before, after]. Used by the API to store only
 * what changed (and to skip an update that changed nothing) and by the web to show before → after.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Array<[field: string, before: unknown, after: unknown]> {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .map((k) => [k, before[k] ?? null, after[k] ?? null]);
}

/** Only the changed fields of an update, as the `before`/`after` pair the audit log stores. */
export function auditDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changes = changedFields(before, after);
  if (changes.length === 0) return null;
  return {
    before: Object.fromEntries(changes.map(([k, b]) => [k, b])),
    after: Object.fromEntries(changes.map(([k, , a]) => [k, a])),
  };
}
