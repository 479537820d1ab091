import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { routeTitle } from '../../lib/route-title';

export default function MinimalFirebaseTestScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('minimal-firebase-test')}
      purpose="This page will run the smallest useful document store check: write one document and read it back. The document store tests arrive in an upcoming release; until then it shows the live health of the server and its database."
    />
  );
}
