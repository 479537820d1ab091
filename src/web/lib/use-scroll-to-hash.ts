import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Lazily loaded screens render after the router tried to scroll to `#hash`, so try again. */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
