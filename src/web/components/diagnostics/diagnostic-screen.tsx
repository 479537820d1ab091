import type { ReactNode } from 'react';
import { PageIntro } from '../page-intro';
import { Screen } from '../screen';
import { HealthPanel } from './health-panel';

interface DiagnosticScreenProps {
  title: string;
  /** What this diagnostic page will do once its tests arrive. */
  purpose: ReactNode;
  children?: ReactNode;
}

/** Shared frame of the developer diagnostic routes: their purpose plus the live server health. */
export function DiagnosticScreen({ title, purpose, children }: DiagnosticScreenProps) {
  return (
    <Screen>
      <PageIntro title={title} eyebrow="Diagnostics">
        {purpose}
      </PageIntro>
      {children}
      <HealthPanel />
    </Screen>
  );
}
