import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { StepRunnerPanel } from '../../components/diagnostics/step-runner-panel';
import { verifierChecks } from '../../components/diagnostics/verifier-checks';
import { routeTitle } from '../../lib/route-title';

export default function FirebaseVerifierScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('firebase-verifier')}
      purpose="Checks that this GameSource works end to end: the server answers, the database answers and is fully migrated, your session is valid, the store's rules refuse a path you do not own, and the live channel delivers a change."
    >
      <StepRunnerPanel title="Checks" steps={verifierChecks} runLabel="Run the checks" options={{ continueAfterFailure: true }} />
    </DiagnosticScreen>
  );
}
