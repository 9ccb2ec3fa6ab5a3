import { useEffect, useState } from 'react';

/**
 * How many items of a list to render: on the component's first render only the first `first` (what
 * a phone's first screen shows), and all of them in the next task. Opened cold on a slow phone, the
 * page's first render is then a shorter task (each result card costs about 2 ms of a desktop CPU, four
 * times that on a mid-range phone) and the rest follows before anyone can scroll to it. Every later
 * render shows the whole list.
 */
export function useProgressiveCount(first: number): number {
  const [limit, setLimit] = useState(first);
  useEffect(() => {
    const id = window.setTimeout(() => setLimit(Number.POSITIVE_INFINITY), 0);
    return () => window.clearTimeout(id);
  }, []);
  return limit;
}
