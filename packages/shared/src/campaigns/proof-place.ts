/**
 * Where and when a proof photo was taken, from its EXIF (issue #43 item 4, decision 107): the line
 * shown with the photo, and what staff are warned of.
 */
import { formatInteger } from '../lib/money.ts';

/** A photo taken farther than this from the face's position warns staff. */
export const PROOF_FAR_METRES = 500;

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export interface ProofPlace {
  taken_at: string | null;
  distance_m: number | null;
  outside_period: boolean | null;
}

/** "tirada em 20/11/2026 14:30 a 120 m da face", when the photo's EXIF gave its position. */
export function proofPlaceLine(p: ProofPlace): string | null {
  if (p.distance_m === null) return null;
  const when = p.taken_at ? ` em ${brasilia.format(new Date(p.taken_at)).replace(',', '')}` : '';
  return `tirada${when} a ${formatInteger(p.distance_m)} m da face`;
}

/** What staff should look at before trusting the photo. */
export function proofWarnings(p: ProofPlace): string[] {
  const warnings: string[] = [];
  if (p.distance_m !== null && p.distance_m > PROOF_FAR_METRES)
    warnings.push(
      `A foto foi tirada a ${formatInteger(p.distance_m)} m da face (mais de ${PROOF_FAR_METRES} m): confira se é a face certa.`,
    );
  if (p.outside_period)
    warnings.push('A foto foi tirada fora do período da campanha, segundo a data gravada pela câmera.');
  return warnings;
}
