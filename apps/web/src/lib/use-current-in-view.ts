import { useEffect, useRef } from 'react';

/**
 * On a phone a section menu is one row that scrolls sideways: the current section is brought into it
 * (opening "Logs" or "Notificações" left the row at its start, the current section out of sight,
 * issue #40 item 10). Only the row scrolls, never the page.
 */
export function useCurrentSectionInView(pathname: string) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const offset = current.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return nav;
}
