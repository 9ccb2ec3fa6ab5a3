/**
 * The account's constants and messages, without zod: the browser's first screen (the terms gate,
 * the legal pages) reads them without loading the schema library (docs/decisions/041-page-budgets.md).
 */

/**
 * The version of the terms of use and privacy policy in force (/termos, /privacidade). Changing it
 * asks every signed-in person to accept the new texts at their next sign-in (issue #24 item 1).
 */
export const TERMS_VERSION = '2026-11-24';

/** Messages of the account settings, invitations and two-factor sign-in (issue #24). */
export const accountSettingsMessages = {
  saved: 'Dados atualizados.',
  wrongPassword: 'Senha atual incorreta.',
  passwordChanged: 'Senha alterada. As outras sessões foram encerradas.',
  emailChangeSent:
    'Enviamos um link para o novo email e outro para o email atual. Abra os dois: a troca só vale depois que os dois forem confirmados.',
  emailChangeSame: 'Este já é o seu email.',
  emailTaken: 'Já existe uma conta com este email',
  emailChangeInvalid: 'Este link de troca de email é inválido ou já expirou. Peça a troca de novo.',
  emailChanged: 'Email alterado. Use o novo email para entrar.',
  /** Half of an e-mail change (issue #39 item 3): each address must open its own link. */
  emailChangeNeedsCurrent:
    'Novo email confirmado. Falta abrir o link que enviamos ao email atual da conta para concluir a troca.',
  emailChangeNeedsNew:
    'Troca autorizada pelo email atual. Falta abrir o link que enviamos ao novo email para concluir a troca.',
  sessionsEnded: 'As outras sessões foram encerradas.',
  preferencesSaved: 'Preferências de email salvas.',
  unsubscribed: 'Pronto: você não receberá mais estes emails. Mude isso quando quiser em Minha conta.',
  unsubscribeInvalid: 'Link de descadastro inválido.',
  termsAccepted: 'Termos aceitos.',
  termsOutdated: 'Os termos foram atualizados. Leia a nova versão e aceite para continuar.',
  exportRequested: 'Estamos preparando seus dados. O link aparece aqui quando estiver pronto.',
  /** Said to the admin who asked on the customer's behalf: the link goes to the customer. */
  exportRequestedForCustomer:
    'Estamos preparando a cópia dos dados do cliente. Ele recebe o link por email e o vê na conta dele.',
  exportPending: 'Já estamos preparando um arquivo com seus dados. Aguarde alguns instantes.',
  exportUnavailable: 'Este arquivo não está mais disponível. Peça um novo.',
  exportNotFound: 'Arquivo não encontrado.',
  accountDeleted: 'Sua conta foi excluída.',
  cannotDeleteStaff: 'Contas da equipe não podem ser excluídas por aqui. Fale com um administrador.',
  userNotFound: 'Usuário não encontrado.',
} as const;

export const twoFactorMessages = {
  required: 'Digite o código do aplicativo autenticador.',
  invalidCode: 'Código inválido ou expirado. Confira o aplicativo autenticador e tente de novo.',
  challengeExpired: 'A verificação expirou. Entre de novo com email e senha.',
  enabled: 'Verificação em duas etapas ativada. Guarde os códigos de recuperação.',
  disabled: 'Verificação em duas etapas desativada.',
  codesRenewed: 'Novos códigos de recuperação gerados. Os antigos deixaram de valer: guarde estes.',
  alreadyEnabled: 'A verificação em duas etapas já está ativada.',
  notStarted: 'Comece a configuração de novo: gere um novo QR Code.',
  adminRequired:
    'Administradores precisam ativar a verificação em duas etapas antes de usar o painel. Configure em Minha conta.',
  adminCannotDisable: 'Administradores não podem desativar a verificação em duas etapas.',
} as const;

export const invitationMessages = {
  sent: 'Convite enviado.',
  resent: 'Convite reenviado. O link do convite anterior para este email deixou de valer.',
  revoked: 'Convite revogado.',
  invalid: 'Este convite é inválido, expirou ou já foi usado. Peça um novo convite à equipe.',
  adminNotAllowed: 'Só os emails da lista de administradores podem ser convidados como admin.',
  alreadyStaff: 'Este email já pertence a uma conta da equipe.',
  alreadyCustomer: 'Este email já pertence a uma conta de cliente. Altere o papel dessa conta em Usuários.',
  accepted: 'Conta criada. Entre com o seu email e a nova senha.',
} as const;
