import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { routeTitle } from '../../lib/route-title';

export default function FirebaseDataTesterScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('firebase-data-tester')}
      purpose="This page will let developers browse the document store: list collections, open documents and try queries with filters, ordering and limits. The document store tools arrive in an upcoming release; until then it shows the live health of the server and its database."
    />
  );
}
