/** Endpoints anyone may call: catalogue, content, sign-in, health, webhooks, players. */
import {
  acceptInvitationBodySchema,
  invitationPreviewSchema,
  legalSchema,
  signInResponseSchema,
  tokenBodySchema,
  twoFactorVerifyBodySchema,
  unsubscribeQuerySchema,
} from '../account/schemas.ts';
import {
  authProvidersSchema,
  confirmEmailBodySchema,
  emailOnlyBodySchema,
  googleCallbackQuerySchema,
  messageSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '../auth/schemas.ts';
import { mediaKitSchema } from '../catalog/media-kit.ts';
import {
  appConfigSchema,
  catalogFileParamsSchema,
  networkStatsSchema,
  placeListSchema,
  placesQuerySchema,
  productCardListSchema,
  productDetailSchema,
  productIdsQuerySchema,
  productPeriodQuerySchema,
  productSlugParamsSchema,
} from '../catalog/schemas.ts';
import { plannerQuerySchema, plannerResponseSchema } from '../planner/schemas.ts';
import { planTokenParamsSchema, sharedPlanSchema } from '../plans/schemas.ts';
import {
  playerMediaParamsSchema,
  playerParamsSchema,
  playlistSchema,
  playReportAnswerSchema,
  playReportSchema,
} from '../screens/player-api.ts';
import {
  searchMapQuerySchema,
  searchMapResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '../search-schema.ts';
import { healthLiveSchema, healthSchema } from '../system/schemas.ts';
import { endpoint } from './define.ts';

const catalogTags = ['catálogo'] as const;
const accountTags = ['contas'] as const;

const catalog = {
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    answer: appConfigSchema,
    summary: 'Configuração pública do app (mapa, antecedência mínima)',
    tags: catalogTags,
  }),
  places: endpoint({
    method: 'GET',
    path: '/api/places',
    query: placesQuerySchema,
    answer: placeListSchema,
    summary: 'Autocompletar cidades brasileiras (sem acentos, por população)',
    tags: catalogTags,
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    query: searchQuerySchema,
    answer: searchResponseSchema,
    summary: 'Busca de locais por raio ou área do mapa, com filtros, ordem e disponibilidade',
    tags: catalogTags,
  }),
  searchMap: endpoint({
    method: 'GET',
    path: '/api/search/mapa',
    query: searchMapQuerySchema,
    answer: searchMapResponseSchema,
    summary:
      'Os resultados de uma busca na área visível do mapa: até 500 marcadores, ou grupos com a contagem',
    tags: catalogTags,
  }),
  featured: endpoint({
    method: 'GET',
    path: '/api/products/featured',
    answer: productCardListSchema,
    summary: 'Produtos em destaque (um de cada tipo e os de maior audiência)',
    tags: catalogTags,
  }),
  byIds: endpoint({
    method: 'GET',
    path: '/api/products',
    query: productIdsQuerySchema,
    answer: productCardListSchema,
    summary: 'Produtos pelos ids (até 100), na ordem pedida',
    tags: catalogTags,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/products/:slug',
    params: productSlugParamsSchema,
    query: productPeriodQuerySchema,
    answer: productDetailSchema,
    summary:
      'Um produto: fotos, torres, especificação, disponibilidade do período e calendário de 12 semanas',
    tags: catalogTags,
  }),
  network: endpoint({
    method: 'GET',
    path: '/api/network',
    answer: networkStatsSchema,
    summary: 'A rede em números, calculada do catálogo',
    tags: catalogTags,
  }),
  photo: endpoint({
    method: 'GET',
    path: '/api/arquivos/catalogo/:name',
    params: catalogFileParamsSchema,
    summary: 'Foto do catálogo (pública)',
    tags: catalogTags,
  }),
} as const;

const planner = {
  plan: endpoint({
    method: 'GET',
    path: '/api/planner',
    query: plannerQuerySchema,
    answer: plannerResponseSchema,
    summary: 'Plano de mídia a partir de um orçamento, área, período, tipos e objetivo',
    tags: catalogTags,
  }),
} as const;

const health = {
  live: endpoint({
    method: 'GET',
    path: '/api/health/live',
    answer: healthLiveSchema,
    summary: 'O processo está vivo (sem consultar o banco)',
    tags: ['sistema'],
  }),
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    answer: healthSchema,
    summary: 'Estado do serviço e do banco de dados',
    tags: ['sistema'],
  }),
} as const;

const auth = {
  signUp: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up',
    body: signUpBodySchema,
    answer: signUpResponseSchema,
    status: 201,
    summary: 'Cadastro (sempre como cliente); envia o link de confirmação',
    tags: accountTags,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    body: signInBodySchema,
    answer: signInResponseSchema,
    summary: 'Entrar com email e senha; abre uma sessão (cookie httpOnly)',
    tags: accountTags,
  }),
  twoFactor: endpoint({
    method: 'POST',
    path: '/api/auth/two-factor',
    body: twoFactorVerifyBodySchema,
    answer: sessionResponseSchema,
    summary: 'Segunda etapa da entrada: o código do aplicativo autenticador ou um código de recuperação',
    tags: accountTags,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    status: 204,
    summary: 'Sair: encerra a sessão no servidor',
    tags: accountTags,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/api/auth/providers',
    answer: authProvidersSchema,
    summary: 'Formas de entrar disponíveis (Google só quando configurado)',
    tags: accountTags,
  }),
  google: endpoint({
    method: 'GET',
    path: '/api/auth/google',
    status: 302,
    summary: 'Começa a entrada com o Google (redireciona ao provedor)',
    tags: accountTags,
  }),
  googleCallback: endpoint({
    method: 'GET',
    path: '/api/auth/google/callback',
    query: googleCallbackQuerySchema,
    status: 302,
    summary: 'Retorno do Google: abre a sessão e volta ao app',
    tags: accountTags,
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/auth/session',
    answer: sessionResponseSchema,
    summary: 'A sessão atual (ou nula)',
    tags: accountTags,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/auth/confirm-email',
    body: confirmEmailBodySchema,
    answer: messageSchema,
    summary: 'Confirma o email (link de uso único)',
    tags: accountTags,
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    path: '/api/auth/resend-confirmation',
    body: emailOnlyBodySchema,
    answer: messageSchema,
    summary: 'Reenvia o link de confirmação',
    tags: accountTags,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: emailOnlyBodySchema,
    answer: messageSchema,
    summary: 'Envia o link de redefinição de senha',
    tags: accountTags,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordBodySchema,
    answer: messageSchema,
    summary: 'Define uma nova senha (link de uso único); encerra as sessões',
    tags: accountTags,
  }),
} as const;

/** Links that arrive by e-mail and the legal contacts: no session needed (issue #24). */
const accountLinks = {
  legal: endpoint({
    method: 'GET',
    path: '/api/legal',
    answer: legalSchema,
    summary: 'Versão vigente dos termos e o contato do encarregado de dados (LGPD art. 41)',
    tags: accountTags,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/email/descadastrar',
    query: unsubscribeQuerySchema,
    answer: messageSchema,
    summary: 'Descadastro em um clique (List-Unsubscribe-Post)',
    tags: accountTags,
  }),
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/api/email/descadastrar',
    query: unsubscribeQuerySchema,
    status: 303,
    summary: 'Leva à página de descadastro',
    tags: accountTags,
  }),
  invitationPreview: endpoint({
    method: 'POST',
    path: '/api/invitations/preview',
    body: tokenBodySchema,
    answer: invitationPreviewSchema,
    summary: 'Dados do convite para a equipe (email e papel)',
    tags: accountTags,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    body: acceptInvitationBodySchema,
    answer: messageSchema,
    status: 201,
    summary: 'Aceita o convite: define a senha e cria a conta da equipe',
    tags: accountTags,
  }),
} as const;

const pixWebhook = {
  method: 'POST',
  answer: messageSchema,
  summary: 'Webhook do PSP (API Pix): Pix recebidos, autenticado por certificado ou segredo',
  tags: ['pagamentos'],
} as const;

/**
 * The payment providers' webhooks (issue #41): the API Pix PSP posts to `{webhookUrl}/pix`, so the
 * registered URL and that one both arrive. The body is read by the handler, after the caller is known.
 */
const webhooks = {
  pix: endpoint({ ...pixWebhook, path: '/api/webhooks/pix' }),
  pixFromPsp: endpoint({ ...pixWebhook, path: '/api/webhooks/pix/pix' }),
} as const;

const planTags = ['planos'] as const;

/** A plan shared by its link: no session (issue #23 item 3). */
const sharedPlans = {
  read: endpoint({
    method: 'GET',
    path: '/api/planos-compartilhados/:token',
    params: planTokenParamsSchema,
    answer: sharedPlanSchema,
    summary: 'O plano compartilhado (somente leitura)',
    tags: planTags,
  }),
  map: endpoint({
    method: 'GET',
    path: '/api/planos-compartilhados/:token/mapa.png',
    params: planTokenParamsSchema,
    summary: 'O mapa do plano, desenhado no servidor (sem mapas da internet)',
    tags: planTags,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/planos-compartilhados/:token/pdf',
    params: planTokenParamsSchema,
    summary: 'O plano compartilhado em PDF',
    tags: planTags,
  }),
} as const;

const mediaKit = {
  read: endpoint({
    method: 'GET',
    path: '/api/midia-kit',
    answer: mediaKitSchema,
    summary: 'Mídia kit: a rede em números (por tipo, estado e cidade) e os pontos do mapa',
    tags: ['conteúdo'],
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/midia-kit/pdf',
    summary: 'Mídia kit em PDF, com os mesmos números da página',
    tags: ['conteúdo'],
  }),
} as const;

/** The screens' own API, each request signed with the player's key (issue #43, decision 101). */
const players = {
  playlist: endpoint({
    method: 'GET',
    path: '/api/telas/:id/programacao',
    params: playerParamsSchema,
    answer: playlistSchema,
    summary: 'A programação da tela agora (assinada com a chave da tela; ETag, 304 se nada mudou)',
    tags: ['telas'],
  }),
  media: endpoint({
    method: 'GET',
    path: '/api/telas/:id/midias/:mediaId',
    params: playerMediaParamsSchema,
    summary: 'Um arquivo da programação da tela (assinado com a chave da tela)',
    tags: ['telas'],
  }),
  plays: endpoint({
    method: 'POST',
    path: '/api/telas/:id/exibicoes',
    params: playerParamsSchema,
    body: playReportSchema,
    answer: playReportAnswerSchema,
    summary: 'Relatório de exibições da tela, em lotes assinados; cada exibição com seu id conta uma vez',
    tags: ['telas'],
  }),
} as const;

export const publicEndpoints = {
  catalog,
  planner,
  health,
  auth,
  accountLinks,
  webhooks,
  sharedPlans,
  mediaKit,
  players,
} as const;
