import { useState } from 'react';
import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { SignInPrompt } from '../../components/diagnostics/sign-in-prompt';
import { routeTitle } from '../../lib/route-title';
import { useAuth } from '../../lib/session';
import { Explorer } from './explorer';
import { LivePanel } from './live-panel';
import { QueryPanel } from './query-panel';

export default function FirebaseDataTesterScreen() {
  const { status, user } = useAuth();
  return (
    <DiagnosticScreen
      title={routeTitle('firebase-data-tester')}
      purpose="An explorer for your own documents in the store: pick a path under your spaces, edit JSON, get, set, merge, update, delete or add, run a query, and watch live snapshots. Errors show exactly as the store reports them."
    >
      <div className="mb-10">
        {status === 'loading' && <p className="text-muted">Checking who you are…</p>}
        {status === 'signed-out' && <SignInPrompt>Your documents belong to your account. Sign in to explore them.</SignInPrompt>}
        {user && <Workbench uid={user.id} />}
      </div>
    </DiagnosticScreen>
  );
}

function Workbench({ uid }: { uid: string }) {
  const spaces = [`users/${uid}/notes/first`, `diagnostics/${uid}/scratch/first`];
  const [path, setPath] = useState(spaces[0]!);
  return (
    <div className="space-y-6">
      <Explorer path={path} onPathChange={setPath} spaces={spaces} />
      <LivePanel path={path} />
      <QueryPanel initialCollection={`users/${uid}/notes`} />
    </div>
  );
}
