import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { Prose } from '../../components/prose';
import { routeTitle } from '../../lib/route-title';

export default function SupabaseSetupScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('supabase-setup')}
      purpose="Which database this GameSource server uses, and whether it can reach it right now. Document store tests arrive in an upcoming release."
    >
      <div className="mb-10">
        <Prose>
          <h2>How GameSource stores its data</h2>
          <p>
            By default GameSource uses an <strong>embedded database</strong>: PGlite, PostgreSQL
            compiled to WebAssembly, running inside the server and keeping its files in the
            server&apos;s data directory (<code>DATA_DIR</code>, <code>./data</code> unless set). A
            fresh install needs no database setup at all.
          </p>
          <p>
            When the <code>DATABASE_URL</code> environment variable is set to a PostgreSQL connection
            string, GameSource uses that <strong>PostgreSQL</strong> server instead. That is the setup
            for running several GameSource instances against one shared database.
          </p>
          <ol>
            <li>
              Set <code>DATABASE_URL</code>, for example{' '}
              <code>postgres://gamesource:secret@db.internal:5432/gamesource</code>.
            </li>
            <li>Restart the server, then press Refresh below: the database should read PostgreSQL.</li>
            <li>
              Check the schema version. <code>npm run db:migrate</code> applies any migrations the
              database is missing.
            </li>
          </ol>
        </Prose>
      </div>
    </DiagnosticScreen>
  );
}
