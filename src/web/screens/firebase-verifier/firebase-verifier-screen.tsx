import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { routeTitle } from '../../lib/route-title';

export default function FirebaseVerifierScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('firebase-verifier')}
      purpose="This page will verify the document store's data rules: field names, nested arrays, geographic points and the error each bad input should produce. The document store tests arrive in an upcoming release; until then it shows the live health of the server and its database."
    />
  );
}
