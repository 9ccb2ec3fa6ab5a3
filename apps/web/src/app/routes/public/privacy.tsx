import { Link } from 'react-router';
import { paths } from '@urbana/shared';
import { LegalPage, useLegal } from '../../../features/account/index.ts';

export function Component() {
  const legal = useLegal();
  const dpo = legal.data?.encarregado;
  return (
    <LegalPage
      title="Política de privacidade"
      intro="Como a Urbana trata dados pessoais, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018)."
    >
      <section>
        <h2>1. Quais dados coletamos</h2>
        <ul>
          <li>Cadastro: nome completo, email, telefone e, se você informar, empresa.</li>
          <li>Faturamento: nome ou razão social, CPF ou CNPJ, telefone e endereço de cobrança.</li>
          <li>Pedidos, faturas, anúncios, arquivos da biblioteca de mídias e atendimentos de suporte.</li>
          <li>
            Segurança: endereço IP, navegador e horário das sessões, tentativas de entrada e registros de
            auditoria.
          </li>
          <li>Preferências: carrinho, favoritos e escolhas de recebimento de emails.</li>
        </ul>
      </section>
      <section>
        <h2>2. Para que usamos e com qual base legal</h2>
        <ul>
          <li>
            Executar o contrato (art. 7º, V): criar a conta, reservar os locais, cobrar, veicular e comprovar
            a campanha, atender o suporte.
          </li>
          <li>
            Cumprir obrigações legais (art. 7º, II): emitir e guardar faturas e registros fiscais, guardar
            registros de acesso (Marco Civil da Internet, art. 15).
          </li>
          <li>
            Legítimo interesse (art. 7º, IX): prevenir fraudes e abusos, proteger as contas e melhorar o
            serviço.
          </li>
          <li>
            Consentimento (art. 7º, I): emails de novidades e alertas, que você desliga quando quiser em Minha
            conta ou pelo link no próprio email.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. Com quem compartilhamos</h2>
        <ul>
          <li>Provedor de pagamento (Pix), para processar e confirmar os pagamentos.</li>
          <li>Provedor de envio de emails, para mandar confirmações, avisos e respostas do suporte.</li>
          <li>Provedor de hospedagem e armazenamento de arquivos, onde os dados ficam guardados.</li>
          <li>
            Empresas donas dos locais reservados recebem apenas a arte e o período da campanha, nunca seus
            dados de contato.
          </li>
          <li>Autoridades públicas, quando a lei exigir.</li>
        </ul>
        <p>Não vendemos dados pessoais.</p>
      </section>
      <section>
        <h2>4. Por quanto tempo guardamos</h2>
        <ul>
          <li>Dados da conta: enquanto a conta existir.</li>
          <li>
            Pedidos e faturas: pelo prazo da legislação fiscal (5 anos), mesmo depois da exclusão da conta,
            sem nome, email, telefone, documento ou endereço.
          </li>
          <li>Registros de acesso: 6 meses, como exige o Marco Civil da Internet.</li>
          <li>Arquivos com a cópia dos seus dados: o link expira em até 48 horas.</li>
        </ul>
      </section>
      <section>
        <h2>5. Seus direitos</h2>
        <p>Como titular dos dados (art. 18) você pode:</p>
        <ul>
          <li>confirmar se tratamos seus dados e acessá-los;</li>
          <li>corrigir dados incompletos ou desatualizados;</li>
          <li>receber uma cópia dos seus dados (portabilidade);</li>
          <li>pedir a exclusão dos dados e da conta;</li>
          <li>revogar consentimentos e desligar emails não essenciais;</li>
          <li>saber com quem compartilhamos seus dados.</li>
        </ul>
        <p>
          Faça tudo isso sozinho em{' '}
          <Link to={paths.usuario.conta} className="text-brand-700 underline">
            Minha conta
          </Link>{' '}
          (Baixar meus dados, Excluir minha conta, Preferências de email) ou peça ao encarregado. Respondemos
          em até 15 dias.
        </p>
      </section>
      <section>
        <h2>6. Segurança</h2>
        <p>
          Senhas guardadas com argon2, sessões com cookies protegidos, conexão cifrada, verificação em duas
          etapas para a equipe e registro de auditoria das ações da equipe.
        </p>
      </section>
      <section aria-labelledby="encarregado">
        <h2 id="encarregado">7. Encarregado pelo tratamento de dados</h2>
        <p>
          {dpo ? (
            <>
              {dpo.nome} —{' '}
              <a href={`mailto:${dpo.email}`} className="text-brand-700 underline">
                {dpo.email}
              </a>
            </>
          ) : (
            'Carregando o contato do encarregado...'
          )}
        </p>
        <p>Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD) em gov.br/anpd.</p>
      </section>
    </LegalPage>
  );
}
