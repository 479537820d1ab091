import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { routeTitle } from '../../lib/route-title';

export default function FirebaseTestScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('firebase-test')}
      purpose="This page will run a full round trip against the document store: write a test document, read it back, update it, listen for the change and delete it, reporting each step. The document store tests arrive in an upcoming release; until then it shows the live health of the server and its database."
    />
  );
}
