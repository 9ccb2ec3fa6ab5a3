/**
 * The texts of the forms — validation, sign-up, confirmation and recovery links, the CNPJ lookup, the
 * Google sign-in's refusals — copied word for word from the seed where it has them
 * (docs/spec/specification.md §5 and §8). Apart from ../messages.ts, so only the pages with these
 * forms load them (docs/decisions/121).
 */
export const validationMessages = {
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Por favor, insira um email válido',
  passwordRequired: 'Senha é obrigatória',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  fullNameRequired: 'Nome completo é obrigatório',
} as const;

export const signUpErrors = {
  alreadyRegistered: 'Já existe uma conta com este email',
  weakPassword: 'A senha deve ter pelo menos 6 caracteres',
  default: 'Falha no cadastro. Tente novamente.',
} as const;

export const commonPasswordHint = 'Evite senhas comuns como 123456 ou senha123.';

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

/** Why a Google sign-in came back without a session: `/auth?erro=<code>` (codes, never free text). */
export const googleSignInErrors = {
  google: 'Não foi possível entrar com o Google. Tente novamente.',
  google_cancelado: 'Entrada com o Google cancelada.',
  google_email: 'Sua conta Google não tem um email verificado.',
  bloqueada: accountMessages.blocked,
} as const;
export type GoogleSignInError = keyof typeof googleSignInErrors;
