import { availabilityLabels, type AvailabilityStatus } from '@urbana/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<AvailabilityStatus, BadgeTone> = {
  livre: 'green',
  poucas_vagas: 'amber',
  indisponivel: 'muted',
};

export function AvailabilityBadge({ status, className }: { status: AvailabilityStatus; className?: string }) {
  return (
    <Badge tone={tones[status]} className={className}>
      {availabilityLabels[status]}
    </Badge>
  );
}
