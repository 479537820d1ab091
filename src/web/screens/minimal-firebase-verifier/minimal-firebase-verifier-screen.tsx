import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { StepRunnerPanel } from '../../components/diagnostics/step-runner-panel';
import { minimalVerifierChecks } from '../../components/diagnostics/verifier-checks';
import { routeTitle } from '../../lib/route-title';

export default function MinimalFirebaseVerifierScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('minimal-firebase-verifier')}
      purpose="The quick checks: the server answers, the database answers and is fully migrated, and your session is valid. The full verifier also checks the store's rules and the live channel."
    >
      <StepRunnerPanel title="Checks" steps={minimalVerifierChecks} runLabel="Run the checks" options={{ continueAfterFailure: true }} />
    </DiagnosticScreen>
  );
}
