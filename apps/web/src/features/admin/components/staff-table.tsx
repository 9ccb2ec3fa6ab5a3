import { formatDateTime, staffAccessLabels, type StaffMember } from '@urbana/shared';
import { useStaffMembers } from '../../account/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryState, Table, Th } from './list-kit.tsx';

const tone = { ativo: 'green', bloqueado: 'red', fora_da_lista: 'amber' } as const;

/**
 * Who can use the panel now (issue #40 item 8): every operador and admin with whether they can get in,
 * their two-factor sign-in and their last sign-in; the invitations are a list of their own below.
 */
export function StaffTable() {
  const staff = useStaffMembers();
  return (
    <QueryState
      query={staff}
      loading="Carregando a equipe..."
      empty="Ninguém da equipe ainda."
      isEmpty={(d) => d.items.length === 0}
    >
      {(data) => <StaffRows items={data.items} />}
    </QueryState>
  );
}

function StaffRows({ items }: { items: StaffMember[] }) {
  return (
    <Table
      label="Equipe atual"
      head={
        <>
          <Th>Nome</Th>
          <Th>Email</Th>
          <Th>Papel</Th>
          <Th>Acesso ao painel</Th>
          <Th>Verificação em duas etapas</Th>
          <Th>Último acesso</Th>
        </>
      }
    >
      {items.map((m) => (
        <tr key={m.id}>
          <td className="px-3 py-2">{m.nome_completo || '—'}</td>
          <td className="px-3 py-2 break-all">{m.email}</td>
          <td className="px-3 py-2">{m.role === 'admin' ? 'Admin' : 'Operador'}</td>
          <td className="px-3 py-2">
            <Badge tone={tone[m.status]}>{staffAccessLabels[m.status]}</Badge>
          </td>
          <td className="px-3 py-2">{m.two_factor ? 'Ativada' : 'Desativada'}</td>
          <td className="px-3 py-2">
            {m.last_sign_in_at ? formatDateTime(m.last_sign_in_at) : 'Nunca entrou'}
          </td>
        </tr>
      ))}
    </Table>
  );
}
