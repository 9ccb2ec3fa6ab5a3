import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buildPath, formatDateTime, formatInteger, paths, type AdminPlayer } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeletePlayer, useImportProofOfPlay } from '../api/use-screens.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Table, Th } from './list-kit.tsx';

/** Last contact and silence, by the staff alert's own rule (the API's `silent`). */
export function PlayerContact({ player }: { player: AdminPlayer }) {
  return (
    <span
      className="flex flex-wrap items-center gap-2"
      data-player-contact={player.silent ? 'silencio' : 'ok'}
    >
      {player.silent ? <Badge tone="red">Em silêncio</Badge> : null}
      <span className="text-slate-700">
        {player.last_seen_at ? formatDateTime(player.last_seen_at) : 'Nunca se conectou'}
      </span>
    </span>
  );
}

/** The signage system's proof-of-play CSV for one screen (issue #43 item 3). */
function ImportProof({ player }: { player: AdminPlayer }) {
  const upload = useImportProofOfPlay();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const send = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    upload.mutate(
      { id: player.id, file },
      {
        onSuccess: (r) =>
          toast.success(
            `${formatInteger(r.recorded)} exibições importadas` +
              (r.duplicates > 0 ? ` (${formatInteger(r.duplicates)} já estavam na Urbana)` : ''),
          ),
        onError: (e) => setProblem(errorMessage(e, 'Não foi possível importar o arquivo.')),
      },
    );
  };
  return (
    <div className="space-y-2">
      <label
        htmlFor={inputId}
        className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        {upload.isPending ? 'Importando...' : 'Importar CSV'}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label={`Importar as exibições (CSV) da tela ${player.name}`}
        disabled={upload.isPending}
        onChange={(e) => {
          send(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem ? <Alert>{problem}</Alert> : null}
    </div>
  );
}

function RemovePlayer({ player }: { player: AdminPlayer }) {
  const remove = useDeletePlayer();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          Remover
        </Button>
      }
      title={`Remover a tela ${player.name}?`}
      consequence="O aparelho deixa de receber a programação e as exibições já recebidas continuam nos relatórios."
      confirmLabel="Remover tela"
      tone="danger"
      onConfirm={async () => {
        await remove.mutateAsync(player.id);
        toast.success('Tela removida');
      }}
    />
  );
}

/** The players, with the face they show, their loop, hours and last contact. */
export function PlayerList({ players, showProduct }: { players: AdminPlayer[]; showProduct: boolean }) {
  return (
    <Table
      label="Telas"
      head={
        <>
          <Th>Tela</Th>
          {showProduct ? <Th>Produto</Th> : null}
          <Th>Face</Th>
          <Th>Loop</Th>
          <Th>Horário</Th>
          <Th>Último contato</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {players.map((p) => (
        <tr key={p.id} data-player={p.id}>
          <td className="px-3 py-2">
            <p className="font-medium text-slate-900">{p.name}</p>
            <p className="text-xs text-slate-600">
              {p.resolution} · {p.orientation}
            </p>
          </td>
          {showProduct ? (
            <td className="px-3 py-2">
              <Link className="underline" to={buildPath(paths.admin.produto, { id: p.product_id })}>
                {p.product_name}
              </Link>
            </td>
          ) : null}
          <td className="px-3 py-2">{p.face_name}</td>
          <td className="px-3 py-2">
            {p.loop_seconds} s · spots de {p.spot_seconds} s
          </td>
          <td className="px-3 py-2">
            {p.opens_at}–{p.closes_at}
          </td>
          <td className="px-3 py-2">
            <PlayerContact player={p} />
          </td>
          <td className="px-3 py-2">
            <div className="flex flex-wrap items-start gap-2">
              <ImportProof player={p} />
              <RemovePlayer player={p} />
            </div>
          </td>
        </tr>
      ))}
    </Table>
  );
}
