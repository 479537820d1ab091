import type { ButtonHTMLAttributes, Ref } from 'react';
import { useKeptTap, waitsForCode } from '../lib/kept-tap';
import { useHydrated } from '../lib/use-hydrated';

interface CodeButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  /** Names this button's kept tap: one of its kind on a page, the same on the server and in the browser. */
  keptTap: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button only the page's code can work (a dialog, a change shown in place): until the code
 * arrives it says it is not ready, and a tap on it is kept and done once it has (decision 0062).
 */
export function CodeButton({ keptTap, onClick, ref, ...props }: CodeButtonProps) {
  const hydrated = useHydrated();
  useKeptTap(keptTap, hydrated, onClick);
  return <button ref={ref} type="button" {...props} {...waitsForCode(keptTap, hydrated)} onClick={() => hydrated && onClick()} />;
}
