import type { Metrics } from '../metrics/metrics';
import type { CatalogueSource } from './catalogue-source';

/** How big the catalogue index is and how long ago it last held every committed change. */
export function registerCatalogueMetrics(metrics: Metrics, catalogue: CatalogueSource): void {
  metrics.gauge('catalogue_index_games', 'Listed games held by the in-memory catalogue index', () => catalogue.health().games);
  metrics.gauge(
    'catalogue_index_staleness_seconds',
    'Seconds since the catalogue index last caught up with the change feed (it catches up before each catalogue answer, so this grows only while none is asked for)',
    () => {
      const { upToDateAt } = catalogue.health();
      return upToDateAt === undefined ? undefined : (Date.now() - upToDateAt) / 1000;
    },
  );
  metrics.gauge(
    'catalogue_index_last_catch_up_seconds',
    'How long the last catch-up with the change feed took (what a catalogue answer waited for)',
    () => catalogue.health().lastCatchUpSeconds,
  );
}
