import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { roundTripSteps } from '../../components/diagnostics/round-trip-steps';
import { StepRunnerPanel } from '../../components/diagnostics/step-runner-panel';
import { routeTitle } from '../../lib/route-title';

export default function FirebaseTestScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('firebase-test')}
      purpose="A full round trip through the document store in your own diagnostics space: add a document, read it back, update it, query for it, listen for a change, and delete it, with each step's result and time. Nobody else's data is touched or shown."
    >
      <StepRunnerPanel title="Round trip" steps={roundTripSteps} runLabel="Run the round trip" />
    </DiagnosticScreen>
  );
}
