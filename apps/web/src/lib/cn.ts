import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its table of Tailwind's utilities on its first call (a few tens of
 * milliseconds on a slow phone). Start-up calls this while it waits for the network, so that the
 * table is ready before the first render instead of being built inside it.
 */
export function prepareClassMerge(): void {
  twMerge('p-0 p-1');
}
