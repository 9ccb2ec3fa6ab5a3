import { render } from '../messaging/email-templates.ts';

/** E-mails of the account settings, invitations and data export (issue #24). All transactional. */
export const accountEmails = {
  emailChangeConfirm: (name: string, newEmail: string, url: string) =>
    render(
      'troca_email_confirmacao',
      'Confirme seu novo email na Urbana',
      `Olá, ${name || 'tudo bem'}!`,
      [
        `Você pediu para usar ${newEmail} na sua conta da Urbana. Confirme este endereço pelo botão abaixo.`,
        'Enviamos também um link ao email atual da conta: a troca só vale depois que os dois forem abertos. O link vale por 24 horas e pode ser usado uma única vez. Até lá, o email atual continua valendo.',
      ],
      { label: 'Confirmar novo email', url },
    ),
  /** To the address in use: the change waits for this link too (issue #39 item 3). */
  emailChangeApprove: (name: string, newEmail: string, url: string) =>
    render(
      'troca_email_autorizacao',
      'Autorize a troca do email da sua conta Urbana',
      `Olá, ${name || 'tudo bem'}!`,
      [
        `Foi pedida a troca do email da sua conta para ${newEmail}. Se foi você, autorize pelo botão abaixo; a troca só vale depois que este link e o enviado ao novo endereço forem abertos. O link vale por 24 horas.`,
        'Se não foi você, não abra o link: troque sua senha agora (isso cancela o pedido) e fale com o suporte da Urbana.',
      ],
      { label: 'Autorizar a troca de email', url },
    ),
  passwordChangedNotice: (name: string, supportUrl: string) =>
    render(
      'senha_alterada',
      'Sua senha da Urbana foi alterada',
      `Olá, ${name || 'tudo bem'}!`,
      [
        'A senha da sua conta foi alterada e as outras sessões foram encerradas.',
        'Se não foi você, redefina a senha pela tela de entrada e fale com o suporte da Urbana.',
      ],
      { label: 'Falar com o suporte', url: supportUrl },
    ),
  invitation: (o: { name: string; role: string; inviter: string; url: string; days: number }) =>
    render(
      'convite_equipe',
      'Convite para a equipe da Urbana',
      `Olá, ${o.name || 'tudo bem'}!`,
      [
        `${o.inviter || 'A equipe da Urbana'} convidou você para o painel da Urbana como ${o.role}.`,
        `Abra o link para criar sua senha. Ele vale por ${o.days} dia(s) e pode ser usado uma única vez.`,
      ],
      { label: 'Aceitar convite', url: o.url },
    ),
  exportReady: (name: string, url: string, hours: number) =>
    render(
      'dados_prontos',
      'A cópia dos seus dados está pronta',
      `Olá, ${name || 'tudo bem'}!`,
      [
        'O arquivo com a cópia dos seus dados na Urbana está pronto.',
        `Baixe em Minha conta, entrando na sua conta. O link vale por ${hours} horas.`,
      ],
      { label: 'Abrir Minha conta', url },
    ),
};
