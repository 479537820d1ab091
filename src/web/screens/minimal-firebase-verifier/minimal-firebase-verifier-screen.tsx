import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { routeTitle } from '../../lib/route-title';

export default function MinimalFirebaseVerifierScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('minimal-firebase-verifier')}
      purpose="This page will run a short subset of the verifier's checks, quick enough to use as a smoke test after a deploy. The document store tests arrive in an upcoming release; until then it shows the live health of the server and its database."
    />
  );
}
