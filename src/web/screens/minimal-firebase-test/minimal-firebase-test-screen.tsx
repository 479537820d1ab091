import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { minimalSteps } from '../../components/diagnostics/round-trip-steps';
import { StepRunnerPanel } from '../../components/diagnostics/step-runner-panel';
import { routeTitle } from '../../lib/route-title';

export default function MinimalFirebaseTestScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('minimal-firebase-test')}
      purpose="The smallest test of the document store: one write, one read and one delete in your own diagnostics space."
    >
      <StepRunnerPanel title="Write, read, delete" steps={minimalSteps} runLabel="Run the test" />
    </DiagnosticScreen>
  );
}
