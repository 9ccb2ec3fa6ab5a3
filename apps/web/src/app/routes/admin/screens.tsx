import { formatInteger } from '@urbana/shared';
import { AdminPage, QueryState } from '../../../features/admin/index.ts';
import { HouseCreatives } from '../../../features/admin/components/house-creatives.tsx';
import { PlayerList } from '../../../features/admin/components/player-list.tsx';
import { usePlayers } from '../../../features/admin/api/use-screens.ts';

/**
 * Every screen's player (issue #43 item 1) — last contact, silence, the signage system's CSV — and
 * Urbana's house creatives. A new player is registered on its product's page, beside its faces.
 */
export function Component() {
  const players = usePlayers();
  const silent = players.data?.items.filter((p) => p.silent).length ?? 0;
  return (
    <AdminPage
      title="Telas"
      description={
        players.data
          ? `${formatInteger(players.data.items.length)} telas · ${formatInteger(silent)} em silêncio agora. Cadastre uma tela na página do produto.`
          : 'Cadastre uma tela na página do produto.'
      }
    >
      <QueryState
        query={players}
        loading="Carregando telas..."
        empty="Nenhuma tela cadastrada. Abra um produto digital (painel LED, torre de telas) para cadastrar."
        isEmpty={(d) => d.items.length === 0}
      >
        {(d) => <PlayerList players={d.items} showProduct />}
      </QueryState>
      <HouseCreatives />
    </AdminPage>
  );
}
