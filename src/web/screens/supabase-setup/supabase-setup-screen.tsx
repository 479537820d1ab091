import { DiagnosticScreen } from '../../components/diagnostics/diagnostic-screen';
import { Prose } from '../../components/prose';
import { routeTitle } from '../../lib/route-title';
import { MigrationsPanel } from './migrations-panel';

export default function SupabaseSetupScreen() {
  return (
    <DiagnosticScreen
      title={routeTitle('supabase-setup')}
      purpose="Which database this GameSource server uses, whether it answers right now, which migrations it has, and how to move to PostgreSQL."
    >
      <div className="mb-10">
        <Prose>
          <h2>How GameSource stores its data</h2>
          <p>
            By default GameSource uses an <strong>embedded database</strong>: PGlite, PostgreSQL compiled to WebAssembly, running inside the
            server and keeping its files in the server&apos;s data directory (<code>DATA_DIR</code>, <code>./data</code> unless set). A
            fresh install needs no database setup at all.
          </p>
          <p>
            When the <code>DATABASE_URL</code> environment variable is set to a PostgreSQL connection string, GameSource uses that{' '}
            <strong>PostgreSQL</strong> server instead. That is the setup for running several GameSource instances against one shared
            database.
          </p>
          <ol>
            <li>
              Stop the server and copy the data out of the embedded database: <code>npm run db:export -- gamesource-export.jsonl</code>.
            </li>
            <li>
              Set <code>DATABASE_URL</code>, for example <code>postgres://gamesource:secret@db.internal:5432/gamesource</code>, and create
              the schema there: <code>npm run db:migrate</code>.
            </li>
            <li>
              Load the copy: <code>npm run db:import -- gamesource-export.jsonl</code>. It writes everything in one transaction, or nothing;
              a database that already holds data is refused unless you add <code>--replace</code>.
            </li>
            <li>Start the server again, then press Refresh below: the database should read PostgreSQL.</li>
          </ol>
        </Prose>
      </div>
      <MigrationsPanel />
    </DiagnosticScreen>
  );
}
