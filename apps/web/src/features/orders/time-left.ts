/**
 * The time left to pay, as the confirmation page shows it: "29:55" under an hour (the Pix window),
 * "24 h 27 min" for a hold that staff extended (up to 72 h at a time).
 */
export function timeLeftText(seconds: number): string {
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
