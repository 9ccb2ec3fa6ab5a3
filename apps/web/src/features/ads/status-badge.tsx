import { adStatusLabels, campaignStatusLabels, type AdStatus, type CampaignStatus } from '@urbana/shared';
import { StatusBadge, type BadgeTone } from '../../components/ui/badge.tsx';

const adTones: Record<AdStatus, BadgeTone> = {
  rascunho: 'slate',
  em_analise: 'amber',
  aprovado: 'green',
  reprovado: 'red',
  em_veiculacao: 'blue',
  finalizado: 'muted',
};

export function AdStatusBadge({ status }: { status: AdStatus }) {
  return <StatusBadge status={status} labels={adStatusLabels} tones={adTones} />;
}

const campaignTones: Record<CampaignStatus, BadgeTone> = {
  aguardando_arte: 'slate',
  em_analise: 'amber',
  reprovada: 'red',
  aprovada: 'green',
  em_veiculacao: 'blue',
  finalizada: 'muted',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusBadge status={status} labels={campaignStatusLabels} tones={campaignTones} />;
}
