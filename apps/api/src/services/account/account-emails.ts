import { render } from '../messaging/email-templates.ts';

/** E-mails of the account settings, invitations and data export (issue #24). All transactional. */
export const accountEmails = {
  emailChangeConfirm: (name: string, newEmail: string, url: string) =>
    render(
      'troca_email_confirmacao',
      'Confirme seu novo email na Urbana',
      `Olá, ${name || 'tudo bem'}!`,
      [
        `Você pediu para usar ${newEmail} na sua conta da Urbana. Confirme para concluir a troca.`,
        'O link vale por 24 horas e pode ser usado uma única vez. Até lá, o email antigo continua valendo.',
      ],
      { label: 'Confirmar novo email', url },
    ),
  emailChangeNotice: (name: string, newEmail: string, supportUrl: string) =>
    render(
      'troca_email_aviso',
      'O email da sua conta Urbana vai mudar',
      `Olá, ${name || 'tudo bem'}!`,
      [
        `Foi pedida a troca do email da sua conta para ${newEmail}. A troca só vale depois que o novo endereço for confirmado.`,
        'Se não foi você, troque sua senha agora e fale com o suporte da Urbana.',
      ],
      { label: 'Falar com o suporte', url: supportUrl },
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
