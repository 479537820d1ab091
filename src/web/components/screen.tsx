import type { ReactNode } from 'react';
import { containerStyle } from './styles';

/** The padded, centred column every screen sits in. */
export function Screen({ children }: { children: ReactNode }) {
  return <div className={`${containerStyle} py-10 sm:py-14`}>{children}</div>;
}
