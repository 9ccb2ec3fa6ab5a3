/**
 * The texts every page may show, that both sides must agree on: sign-in refusals, the staff-only
 * notices, the success toasts, the loading texts and the HTTP errors. The seed's texts are copied word
 * for word (docs/spec/specification.md §8 error catalogue and success toasts); the forms' own texts
 * are in auth/messages.ts.
 */
export const signInErrors = {
  invalidCredentials: 'Email ou senha incorretos. Verifique suas credenciais.',
  emailNotConfirmed: 'Confirme seu email antes de fazer login',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos.',
  invalidEmail: 'Email inválido',
  default: 'Erro no login. Tente novamente.',
  noUser: 'Falha na autenticação. Tente novamente.',
} as const;

/**
 * Shown below the seed's weak-password text when the server refuses a common password of 6 or more
 * characters (the seed's text alone would read as wrong for such a password).
 */
/** /admin/login with a cliente account: refused by the API before any session is opened. */
export const staffOnlyMessage =
  'Esta área é exclusiva da equipe da Urbana. Sua conta de cliente não tem acesso ao painel administrativo.';

/**
 * /admin/login with an admin account whose e-mail is not on the allow-list (specification §6): said as
 * it is, never "Sua conta de cliente…" (issue #40 item 8).
 */
export const notAllowListedMessage =
  'Esta conta de administrador não está na lista de e-mails autorizados a entrar no painel. Peça a um administrador da Urbana para incluir o seu e-mail.';

export const successToasts = {
  signIn: { title: 'Login realizado com sucesso!', description: 'Redirecionando...' },
  signUp: {
    title: 'Conta criada com sucesso!',
    descriptionConfirmed: 'Login realizado!',
    descriptionUnconfirmed: 'Verifique seu email para confirmar a conta.',
  },
  signOut: { title: 'Logout realizado', description: 'Você foi desconectado com sucesso.' },
} as const;

export const loadingTexts = {
  restoringSession: 'Restaurando sua sessão...',
  loading: 'Carregando...',
} as const;

export const httpMessages = {
  unauthenticated: 'Você precisa entrar para continuar.',
  forbidden: 'Você não tem permissão para acessar esta área.',
  notFound: 'Não encontramos o que você procura.',
  crossSite: 'Requisição recusada: origem não permitida.',
  badRequest: 'Requisição inválida. Confira os dados enviados.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  payloadTooLarge: 'O conteúdo enviado é grande demais.',
  uriTooLong: 'O endereço da requisição é longo demais.',
  nonCanonicalPath: 'Endereço inválido: use o endereço sem codificações, barras duplas ou pontos.',
  invalidCharacters: 'O texto enviado contém caracteres não permitidos.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos.',
  internal: 'Ocorreu um erro inesperado. Tente novamente.',
  databaseUnavailable: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
} as const;
