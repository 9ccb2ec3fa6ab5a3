import { Link } from 'react-router';
import { paths } from '@urbana/shared';
import { LegalPage } from '../../../features/account/index.ts';

export function Component() {
  return (
    <LegalPage
      title="Termos de uso"
      intro="Estes termos valem para quem navega, cria conta ou contrata mídia na Urbana."
    >
      <section>
        <h2>1. O que é a Urbana</h2>
        <p>
          A Urbana é um marketplace de mídia exterior: reúne painéis, outdoors, torres e telas de empresas
          parceiras e permite encontrar, reservar por semana e pagar a veiculação de anúncios. A Urbana
          intermedeia a reserva, recebe o pagamento, acompanha a veiculação e envia as fotos de comprovação.
        </p>
      </section>
      <section>
        <h2>2. Conta</h2>
        <ul>
          <li>Para reservar é preciso criar uma conta com dados verdadeiros e um email que você acessa.</li>
          <li>A senha é pessoal. Você pode ativar a verificação em duas etapas em Minha conta.</li>
          <li>
            Você responde pelo que for feito com a sua conta; avise o suporte se suspeitar de uso indevido.
          </li>
          <li>Você pode baixar seus dados ou excluir a conta a qualquer momento em Minha conta.</li>
        </ul>
      </section>
      <section>
        <h2>3. Reservas, preços e pagamento</h2>
        <ul>
          <li>
            O preço de cada local é mostrado por dia e cobrado por semana de veiculação, do primeiro ao último
            dia do período escolhido.
          </li>
          <li>
            A reserva fica garantida pelo prazo de pagamento indicado no pedido. Sem pagamento no prazo, o
            pedido expira e as vagas voltam a ficar disponíveis.
          </li>
          <li>Cupons seguem as regras mostradas no momento do uso e não são cumulativos.</li>
          <li>A fatura de cada pedido fica disponível em Faturamento.</li>
        </ul>
      </section>
      <section>
        <h2>4. Conteúdo dos anúncios</h2>
        <p>
          Você é responsável pela arte enviada e garante ter os direitos sobre imagens, marcas e textos. A
          equipe da Urbana analisa cada anúncio antes da veiculação e pode reprovar conteúdo que viole a lei,
          o Código Brasileiro de Autorregulamentação Publicitária (CONAR), as regras municipais de publicidade
          exterior ou as especificações técnicas publicadas em{' '}
          <Link to={paths.especificacoesCriacao} className="text-brand-700 underline">
            Especificações de criação
          </Link>
          .
        </p>
      </section>
      <section>
        <h2>5. Cancelamento</h2>
        <p>
          Pedidos ainda não pagos podem ser cancelados sem custo. Depois do pagamento, fale com o suporte: o
          reembolso depende da antecedência em relação ao início da veiculação. Se um local ficar indisponível
          por motivo alheio a você, a Urbana oferece outro local equivalente ou devolve o valor do período não
          veiculado.
        </p>
      </section>
      <section>
        <h2>6. Responsabilidades</h2>
        <p>
          A Urbana se empenha para que a veiculação ocorra como contratada e registra cada campanha com fotos
          de comprovação. Interrupções por força maior (clima, falta de energia, determinação do poder
          público) são compensadas com dias adicionais sempre que possível.
        </p>
      </section>
      <section>
        <h2>7. Dados pessoais</h2>
        <p>
          O tratamento dos seus dados segue a{' '}
          <Link to={paths.privacidade} className="text-brand-700 underline">
            Política de privacidade
          </Link>
          , que faz parte destes termos.
        </p>
      </section>
      <section>
        <h2>8. Mudanças nestes termos</h2>
        <p>
          Quando estes termos ou a política de privacidade mudarem, avisaremos e pediremos o seu aceite na
          próxima vez que você entrar. A versão em vigor e a data ficam no topo desta página.
        </p>
      </section>
      <section>
        <h2>9. Foro</h2>
        <p>
          Estes termos seguem a lei brasileira. Fica eleito o foro do domicílio do consumidor para resolver
          qualquer controvérsia.
        </p>
      </section>
    </LegalPage>
  );
}
