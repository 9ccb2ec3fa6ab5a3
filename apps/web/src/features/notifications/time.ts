import { formatDateTime } from '@urbana/shared';

/** "agora", "há 5 min", "há 3 h", else "21/11/2026 às 14:30". */
export function whenLabel(iso: string, now = Date.now()): string {
  const diff = Math.max(0, now - new Date(iso).getTime());
  if (diff < 60_000) return 'agora';
  if (diff < 3_600_000) return `há ${Math.floor(diff / 60_000)} min`;
  if (diff < 86_400_000) return `há ${Math.floor(diff / 3_600_000)} h`;
  return formatDateTime(iso);
}
