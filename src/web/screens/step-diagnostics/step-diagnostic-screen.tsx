import type { ComponentType } from 'react';
import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { minimalSteps, roundTripSteps } from '../../components/diagnostics/round-trip-steps';
import type { RunOptions, Step } from '../../components/diagnostics/run-steps';
import { StepRunnerPanel } from '../../components/diagnostics/step-runner-panel';
import { minimalVerifierChecks, verifierChecks } from '../../components/diagnostics/verifier-checks';
import { routeTitle } from '../../lib/route-title';

export type StepDiagnosticRoute = 'firebase-test' | 'minimal-firebase-test' | 'firebase-verifier' | 'minimal-firebase-verifier';

interface StepDiagnostic {
  purpose: string;
  panelTitle: string;
  steps: readonly Step[];
  runLabel: string;
  options?: RunOptions;
}

const keepGoing: RunOptions = { continueAfterFailure: true };

const diagnostics: Record<StepDiagnosticRoute, StepDiagnostic> = {
  'firebase-test': {
    purpose:
      "A full round trip through the document store in your own diagnostics space: add a document, read it back, update it, query for it, listen for a change, and delete it, with each step's result and time. Nobody else's data is touched or shown.",
    panelTitle: 'Round trip',
    steps: roundTripSteps,
    runLabel: 'Run the round trip',
  },
  'minimal-firebase-test': {
    purpose: 'The smallest test of the document store: one write, one read and one delete in your own diagnostics space.',
    panelTitle: 'Write, read, delete',
    steps: minimalSteps,
    runLabel: 'Run the test',
  },
  'firebase-verifier': {
    purpose:
      "Checks that this GameSource works end to end: the server answers, the database answers and is fully migrated, your session is valid, the store's rules refuse a path you do not own, and the live channel delivers a change.",
    panelTitle: 'Checks',
    steps: verifierChecks,
    runLabel: 'Run the checks',
    options: keepGoing,
  },
  'minimal-firebase-verifier': {
    purpose:
      "The quick checks: the server answers, the database answers and is fully migrated, and your session is valid. The full verifier also checks the store's rules and the live channel.",
    panelTitle: 'Checks',
    steps: minimalVerifierChecks,
    runLabel: 'Run the checks',
    options: keepGoing,
  },
};

function screenFor(route: StepDiagnosticRoute): ComponentType {
  const { purpose, panelTitle, steps, runLabel, options } = diagnostics[route];
  return function StepDiagnosticScreen() {
    return (
      <DiagnosticScreen title={routeTitle(route)} purpose={purpose}>
        <StepRunnerPanel title={panelTitle} steps={steps} runLabel={runLabel} options={options} />
      </DiagnosticScreen>
    );
  };
}

/** The four diagnostic routes that run steps: one screen, told which steps by its route. */
export const stepDiagnosticScreens = Object.fromEntries(
  (Object.keys(diagnostics) as StepDiagnosticRoute[]).map((route) => [route, screenFor(route)]),
) as Record<StepDiagnosticRoute, ComponentType>;
