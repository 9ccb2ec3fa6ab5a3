/**
 * Every Portuguese text that both sides must agree on. The seed's texts are copied word for word
 * (docs/spec/specification.md §5 validation, §8 error catalogue and success toasts); the rest are Urbana's own.
 */
export const validationMessages = {
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Por favor, insira um email válido',
  passwordRequired: 'Senha é obrigatória',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  fullNameRequired: 'Nome completo é obrigatório',
} as const;

export const signInErrors = {
  invalidCredentials: 'Email ou senha incorretos. Verifique suas credenciais.',
  emailNotConfirmed: 'Confirme seu email antes de fazer login',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos.',
  invalidEmail: 'Email inválido',
  default: 'Erro no login. Tente novamente.',
  noUser: 'Falha na autenticação. Tente novamente.',
} as const;

export const signUpErrors = {
  alreadyRegistered: 'Já existe uma conta com este email',
  weakPassword: 'A senha deve ter pelo menos 6 caracteres',
  default: 'Falha no cadastro. Tente novamente.',
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

export const commonPasswordHint = 'Evite senhas comuns como 123456 ou senha123.';

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

/** Urbana's own messages (not in the seed); see docs/decisions/003-accounts-and-messages.md. */
export const accountMessages = {
  blocked: 'Sua conta está bloqueada. Fale com o suporte da Urbana.',
  confirmationLinkInvalid: 'Este link de confirmação é inválido ou já expirou. Peça um novo link.',
  resetLinkInvalid: 'Este link de redefinição de senha é inválido ou já expirou. Peça um novo link.',
  emailConfirmed: 'Email confirmado! Você já pode entrar.',
  confirmationSent:
    'Se existir uma conta não confirmada com este email, enviaremos um novo link de confirmação.',
  resetSent: 'Se existir uma conta com este email, enviaremos um link para redefinir a senha.',
  passwordChanged: 'Senha alterada com sucesso. Entre com a nova senha.',
  profileUpdated: 'Perfil atualizado.',
  tokenRequired: 'Link incompleto. Abra o link do email novamente.',
} as const;

/** The CNPJ lookup of the billing form (issue #42 item 2): each refusal says the person can type. */
export const cnpjLookupMessages = {
  off: 'A consulta de CNPJ não está disponível. Preencha os dados da empresa.',
  invalid: 'CNPJ inválido. Confira as letras e os números.',
  notFound: 'Não encontramos este CNPJ na Receita Federal. Confira o número ou preencha os dados.',
  unavailable: 'A consulta de CNPJ não respondeu. Preencha os dados da empresa.',
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

/** Why a Google sign-in came back without a session: `/auth?erro=<code>` (codes, never free text). */
export const googleSignInErrors = {
  google: 'Não foi possível entrar com o Google. Tente novamente.',
  google_cancelado: 'Entrada com o Google cancelada.',
  google_email: 'Sua conta Google não tem um email verificado.',
  bloqueada: accountMessages.blocked,
} as const;
export type GoogleSignInError = keyof typeof googleSignInErrors;
