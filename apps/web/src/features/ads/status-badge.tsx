import { adStatusLabels, campaignStatusLabels, type AdStatus, type CampaignStatus } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

const adTone: Record<AdStatus, string> = {
  rascunho: 'bg-slate-100 text-slate-800 ring-slate-300',
  em_analise: 'bg-amber-50 text-amber-900 ring-amber-200',
  aprovado: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  reprovado: 'bg-red-50 text-red-800 ring-red-200',
  em_veiculacao: 'bg-sky-50 text-sky-900 ring-sky-200',
  finalizado: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function AdStatusBadge({ status }: { status: AdStatus }) {
  return (
    <span data-status={status} className={cn(badge, adTone[status])}>
      {adStatusLabels[status]}
    </span>
  );
}

const campaignTone: Record<CampaignStatus, string> = {
  aguardando_arte: 'bg-slate-100 text-slate-800 ring-slate-300',
  em_analise: 'bg-amber-50 text-amber-900 ring-amber-200',
  reprovada: 'bg-red-50 text-red-800 ring-red-200',
  aprovada: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  em_veiculacao: 'bg-sky-50 text-sky-900 ring-sky-200',
  finalizada: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span data-status={status} className={cn(badge, campaignTone[status])}>
      {campaignStatusLabels[status]}
    </span>
  );
}
